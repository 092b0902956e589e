import { hashToken, unauthorized } from '@storecast/service-kit';
import { findById } from '../db/accounts.repository';
import { findRefreshByHash, purgeDeadRefreshTokens, revokeRefresh } from '../db/tokens.repository';
import type { RefreshTokenRow } from '../db/schema';
import { decideRefresh } from '../domain/tokens';
import { impersonationExchangeBlocked } from '../domain/sign-in';
import type { IdentityContext } from './context';
import { assertNotSuspended, assertOrganizationAllows, issueSession } from './sessions';
import { forbidden } from '@storecast/service-kit';

const revoked = () => unauthorized('AUTH_REFRESH_REVOKED', 'The refresh token is no longer valid');
const expired = () => unauthorized('AUTH_REFRESH_EXPIRED', 'The refresh token has expired');

const judge = (ctx: IdentityContext, row: RefreshTokenRow | undefined) => {
  // Unknown tokens (never issued, or deleted by logout / password change) are REVOKED.
  if (!row) throw revoked();
  const decision = decideRefresh(row, ctx.clock.now(), ctx.config.REFRESH_GRACE_SECONDS * 1000);
  if (decision.outcome === 'EXPIRED') throw expired();
  if (decision.outcome === 'REVOKED') throw revoked();
  return decision;
};

/**
 * POST /api/v1/auth/refresh: rotation. The presented token is revoked and a new pair issued. A token
 * revoked less than REFRESH_GRACE_SECONDS (60) ago still yields a new pair (a retried or concurrent
 * refresh), keeping the impersonation claim; later it is 401 AUTH_REFRESH_REVOKED. The account's
 * and its organization's state are checked again, as at login.
 */
export const refreshSession = async (ctx: IdentityContext, input: { refreshToken: string }) => {
  const tokenHash = hashToken(input.refreshToken);
  const row = await findRefreshByHash(ctx.db, tokenHash);
  judge(ctx, row);
  const account = await findById(ctx.db, row!.accountId);
  if (!account || account.status === 'WITHDRAWN') throw revoked();
  assertNotSuspended(account);
  if (row!.impersonatedBy) {
    const operator = await findById(ctx.db, row!.impersonatedBy);
    if (!operator || operator.status !== 'ACTIVE') throw revoked();
    const facts = await ctx.organization.getSignInStatus({ hqId: account.hqId });
    if (impersonationExchangeBlocked(facts)) throw forbidden('AUTH_HQ_SUSPENDED', 'The HQ is suspended');
  } else {
    await assertOrganizationAllows(ctx, account);
  }
  return ctx.db.transaction(async (tx) => {
    // Decide again under the row lock: a concurrent rotation may have happened meanwhile.
    const locked = await findRefreshByHash(tx, tokenHash, { forUpdate: true });
    const decision = judge(ctx, locked);
    const now = ctx.clock.now();
    if (decision.outcome === 'ROTATE') await revokeRefresh(tx, locked!.id, now);
    await purgeDeadRefreshTokens(tx, account.id, now, new Date(now.getTime() - Math.max(ctx.config.REFRESH_GRACE_SECONDS * 1000, 60_000) * 10));
    return issueSession(ctx, tx, account, { impersonatedBy: locked!.impersonatedBy, sessionEnd: locked!.sessionExpiresAt });
  });
};
