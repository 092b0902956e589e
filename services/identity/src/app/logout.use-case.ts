import { hashToken, type Principal } from '@storecast/service-kit';
import { deleteRefreshTokens } from '../db/accounts.repository';
import { findRefreshByHash } from '../db/tokens.repository';
import type { IdentityContext } from './context';

/**
 * POST /api/v1/auth/logout → 204, always (idempotent). Deletes every refresh token of the account:
 * of the account's own sessions for a normal session, of that operator's impersonation sessions of
 * the account for an impersonated one (an operator leaving does not sign the HQ manager out, nor
 * the reverse). The account is found from the refresh token, else from the bearer token.
 */
export const logout = async (ctx: IdentityContext, input: { refreshToken: string }, principal?: Principal): Promise<void> => {
  const row = await findRefreshByHash(ctx.db, hashToken(input.refreshToken));
  await ctx.db.transaction(async (tx) => {
    if (row) await deleteRefreshTokens(tx, row.accountId, row.impersonatedBy ?? null);
    if (principal && (!row || row.accountId !== principal.accountId || (row.impersonatedBy ?? undefined) !== principal.impersonatedBy)) {
      await deleteRefreshTokens(tx, principal.accountId, principal.impersonatedBy ?? null);
    }
  });
};
