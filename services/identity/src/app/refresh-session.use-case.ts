import { hashToken, unauthorized } from '@storecast/service-kit';
import { findById } from '../db/accounts.repository';
import { deleteRefreshFamily, findRefreshByHash, purgeDeadRefreshTokens, revokeRefresh } from '../db/tokens.repository';
import type { RefreshTokenRow } from '../db/schema';
import { decideRefresh } from '../domain/tokens';
import { impersonationExchangeBlocked } from '../domain/sign-in';
import type { IdentityContext } from './context';
import { assertNotSuspended, assertOrganizationAllows, issueSession } from './sessions';
import { forbidden } from '@storecast/service-kit';

const revoked = () => unauthorized('AUTH_REFRESH_REVOKED', 'The refresh token is no longer valid');
const expired = () => unauthorized('AUTH_REFRESH_EXPIRED', 'The refresh token has expired');

const familyOf = (row: RefreshTokenRow) => row.familyId ?? row.id;

/**
 * Reuse detection: a rotated token presented after the grace period means two parties hold the
 * session (one of them stole it). The whole family — every successor, of every branch a grace
 * reuse opened — is deleted, so whoever holds any of them signs in again.
 */
const revokeFamily = async (ctx: IdentityContext, row: RefreshTokenRow) => {
  const ended = await deleteRefreshFamily(ctx.db, familyOf(row));
  ctx.logger.warn({ accountId: row.accountId, familyId: familyOf(row), tokens: ended }, 'refresh token reused after rotation: token family revoked');
};

const judge = async (ctx: IdentityContext, row: RefreshTokenRow | undefined) => {
  // Unknown tokens (never issued, or deleted by logout / password change / family revocation) are REVOKED.
  if (!row) throw revoked();
  const decision = decideRefresh(row, ctx.clock.now(), ctx.config.REFRESH_GRACE_SECONDS * 1000);
  if (decision.outcome === 'EXPIRED') throw expired();
  if (decision.outcome === 'REVOKED') {
    await revokeFamily(ctx, row);
    throw revoked();
  }
  return decision;
};

/**
 * POST /api/v1/auth/refresh: rotation. The presented token is revoked and a new pair issued in the
 * same family. A token revoked less than REFRESH_GRACE_SECONDS (60) ago still yields a new pair (a
 * retried or concurrent refresh) in the same family, keeping the impersonation claim; later it is
 * a reuse: 401 AUTH_REFRESH_REVOKED and the whole family is revoked (every successor answers 401
 * AUTH_REFRESH_REVOKED). The account's and its organization's state are checked again, as at login.
 */
export const refreshSession = async (ctx: IdentityContext, input: { refreshToken: string }) => {
  const tokenHash = hashToken(input.refreshToken);
  const row = await findRefreshByHash(ctx.db, tokenHash);
  await judge(ctx, row);
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
  const session = await ctx.db.transaction(async (tx) => {
    // Decide again under the row lock: a concurrent rotation may have happened meanwhile.
    const locked = await findRefreshByHash(tx, tokenHash, { forUpdate: true });
    if (!locked) throw revoked();
    const decision = decideRefresh(locked, ctx.clock.now(), ctx.config.REFRESH_GRACE_SECONDS * 1000);
    if (decision.outcome === 'EXPIRED') throw expired();
    if (decision.outcome === 'REVOKED') return locked;
    const now = ctx.clock.now();
    if (decision.outcome === 'ROTATE') await revokeRefresh(tx, locked.id, now);
    await purgeDeadRefreshTokens(tx, account.id, now);
    return issueSession(ctx, tx, account, { impersonatedBy: locked.impersonatedBy, sessionEnd: locked.sessionExpiresAt, familyId: familyOf(locked) });
  });
  // Became a reuse while we checked the account (the grace period ran out): revoked outside the aborted transaction.
  if ('tokenHash' in session) {
    await revokeFamily(ctx, session);
    throw revoked();
  }
  return session;
};
