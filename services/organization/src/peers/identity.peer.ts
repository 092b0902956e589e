import { AppError, callUnary, conflict, onBehalfOf, type Logger } from '@storecast/service-kit';
import type { AccountServiceClient } from '@storecast/proto';
import { isAccountStatus } from '../domain/enums';
import type { IdentityPeer, ManagerAccount } from '../app/ports';

/** The message of DUPLICATE_EMAIL is fixed and never echoes the email (spec 02 § Errors). */
export const DUPLICATE_EMAIL_MESSAGE = 'The email is already in use';

const hasKnownStatus = (a: { status: string }): a is ManagerAccount => isAccountStatus(a.status);

/**
 * identity's AccountService over gRPC (the client comes from runtime.peer, with the configured
 * deadline on every call). Unreachable identity surfaces as 503 SERVICE_UNAVAILABLE (kit).
 */
export const identityPeer = (client: AccountServiceClient, logger: Logger): IdentityPeer => ({
  async createManagerAccount(input) {
    try {
      const res = await callUnary(client, 'createManagerAccount', {
        role: input.role,
        email: input.email,
        name: input.name ?? undefined,
        hqId: input.hqId,
        storeId: input.storeId,
        tempPassword: input.tempPassword,
        // Identity acts for the verified caller whose token travels in metadata, not for a named actor (decision 0008).
      }, onBehalfOf(input.actor));
      return { accountId: res.accountId, email: res.email };
    } catch (err) {
      if (err instanceof AppError && (err.code === 'DUPLICATE_EMAIL' || err.code === 'EMAIL_ALREADY_IN_USE')) {
        throw conflict('DUPLICATE_EMAIL', DUPLICATE_EMAIL_MESSAGE);
      }
      throw err;
    }
  },

  async sendSetupEmail(caller, accountId) {
    try {
      return (await callUnary(client, 'sendSetupEmail', { accountId }, onBehalfOf(caller))).delivered;
    } catch (err) {
      logger.warn({ err, accountId }, 'setup email could not be sent');
      return false;
    }
  },

  async withdrawAccount(caller, accountId, reason) {
    await callUnary(client, 'withdrawAccount', { accountId, reason }, onBehalfOf(caller));
  },

  async listManagerAccounts(caller, query) {
    const { accounts } = await callUnary(client, 'listManagerAccounts', { role: query.role, storeIds: query.storeIds ?? [], hqIds: query.hqIds ?? [] }, onBehalfOf(caller));
    if (!accounts.every(hasKnownStatus)) throw new AppError(502, 'UPSTREAM_ERROR', 'identity listed an account with an unknown status');
    return accounts;
  },
});
