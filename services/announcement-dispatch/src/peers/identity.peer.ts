import { callUnary, type Logger } from '@storecast/service-kit';
import type { IdentityServiceClient } from '@storecast/proto';
import type { IdentityPeer } from '../app/ports';

/** Emails of dispatch actors for history; an unknown account or an unreachable identity leaves the email out. */
export const identityPeer = (client: IdentityServiceClient, logger: Logger): IdentityPeer => ({
  async emailsOf(accountIds) {
    const out = new Map<string, string>();
    await Promise.all(
      [...new Set(accountIds)].map(async (id) => {
        try {
          const account = await callUnary(client, 'getAccount', { id });
          if (account.email) out.set(id, account.email);
        } catch (err) {
          logger.debug({ err, accountId: id }, 'actor email not resolved');
        }
      }),
    );
    return out;
  },
});
