import { AppError, forbidden, hashToken, newId, notFound, randomToken, unauthorized, writeAudit, type Principal } from '@storecast/service-kit';
import { findById, firstActiveHqManager } from '../db/accounts.repository';
import { findExchangeByHash } from '../db/tokens.repository';
import { exchangeTokens } from '../db/schema';
import { decideExchange } from '../domain/tokens';
import { impersonationExchangeBlocked, impersonationIssueBlock } from '../domain/sign-in';
import type { IdentityContext } from './context';
import { assertActiveOperator } from './operator-scope';
import { issueSession } from './sessions';
import { eq, and, isNull } from 'drizzle-orm';

/**
 * POST /api/v1/admin/hq/{id}/impersonate. Only FRANCHISE HQs (403
 * INDEPENDENT_HQ_IMPERSONATION_FORBIDDEN; unknown HQ 404 HQ_NOT_FOUND), asked from organization at
 * issue. The target is the HQ's earliest-created ACTIVE HQ manager (none: 404 HQ_MANAGER_NOT_FOUND).
 * The exchange token lives EXCHANGE_TOKEN_TTL_SECONDS (60), is stored hashed and single use. Whether
 * the HQ is suspended is checked at exchange, as spec 02 says. Audit HQ_IMPERSONATION_ISSUED.
 */
export const issueImpersonation = async (ctx: IdentityContext, principal: Principal, hqId: string) => {
  await assertActiveOperator(ctx, principal);
  const facts = await ctx.organization.getSignInStatus({ hqId });
  const block = impersonationIssueBlock(facts);
  if (block) throw new AppError(block.status, block.code, block.message);
  const target = await firstActiveHqManager(ctx.db, hqId);
  if (!target) throw notFound('HQ_MANAGER_NOT_FOUND', 'The HQ has no active HQ manager');
  const token = randomToken(32);
  const ttl = ctx.config.EXCHANGE_TOKEN_TTL_SECONDS;
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await tx.insert(exchangeTokens).values({
      id: newId(),
      tokenHash: hashToken(token),
      operatorAccountId: principal.accountId,
      targetAccountId: target.id,
      hqId,
      expiresAt: new Date(now.getTime() + ttl * 1000),
      createdAt: now,
    });
    await writeAudit(
      tx,
      principal,
      {
        action: 'HQ_IMPERSONATION_ISSUED',
        targetType: 'HQ',
        targetId: hqId,
        targetLabel: facts.hqName ?? null,
        hqId,
        detail: { targetAccountId: target.id, targetEmail: target.email },
      },
      ctx.clock,
    );
  });
  return { exchangeToken: token, expiresInSeconds: ttl };
};

/**
 * POST /api/v1/auth/impersonate-exchange (public: the exchange token is the credential).
 * 401 EXCHANGE_TOKEN_NOT_FOUND / _CONSUMED / _EXPIRED; a suspended HQ 403 AUTH_HQ_SUSPENDED (the
 * token is not used up then). The session lasts IMPERSONATION_SESSION_MINUTES (60): access and refresh
 * tokens never outlive it, refresh keeps the impersonatedBy claim, the password claim is always false.
 * The target or operator no longer ACTIVE → 401 AUTH_ACCOUNT_SUSPENDED. Audit HQ_IMPERSONATION_STARTED
 * with actor role OPERATOR_IMPERSONATING.
 */
export const exchangeImpersonation = async (ctx: IdentityContext, input: { exchangeToken: string }) => {
  const tokenHash = hashToken(input.exchangeToken);
  const judge = (row: Parameters<typeof decideExchange>[0]) => {
    const verdict = decideExchange(row, ctx.clock.now());
    if (verdict !== 'OK') {
      const message = { EXCHANGE_TOKEN_NOT_FOUND: 'Unknown exchange token', EXCHANGE_TOKEN_CONSUMED: 'The exchange token was already used', EXCHANGE_TOKEN_EXPIRED: 'The exchange token has expired' }[verdict];
      throw unauthorized(verdict, message);
    }
  };
  const row = await findExchangeByHash(ctx.db, tokenHash);
  judge(row);
  const facts = await ctx.organization.getSignInStatus({ hqId: row!.hqId });
  if (impersonationExchangeBlocked(facts)) throw forbidden('AUTH_HQ_SUSPENDED', 'The HQ is suspended');
  const [target, operator] = await Promise.all([findById(ctx.db, row!.targetAccountId), findById(ctx.db, row!.operatorAccountId)]);
  if (!target || target.status !== 'ACTIVE' || target.hqId !== row!.hqId || !operator || operator.status !== 'ACTIVE') {
    throw unauthorized('AUTH_ACCOUNT_SUSPENDED', 'The account cannot be signed in to');
  }
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const used = await tx
      .update(exchangeTokens)
      .set({ consumedAt: now })
      .where(and(eq(exchangeTokens.id, row!.id), isNull(exchangeTokens.consumedAt)))
      .returning({ id: exchangeTokens.id, expiresAt: exchangeTokens.expiresAt });
    if (used.length === 0) judge(await findExchangeByHash(tx, tokenHash));
    const sessionEnd = new Date(now.getTime() + ctx.config.IMPERSONATION_SESSION_MINUTES * 60_000);
    const session = await issueSession(ctx, tx, target, { impersonatedBy: operator.id, sessionEnd });
    await writeAudit(
      tx,
      { accountId: target.id, role: 'OPERATOR_IMPERSONATING', impersonatedBy: operator.id },
      {
        action: 'HQ_IMPERSONATION_STARTED',
        targetType: 'HQ',
        targetId: row!.hqId,
        targetLabel: facts.hqName ?? null,
        hqId: row!.hqId,
        detail: { targetAccountId: target.id, sessionEndsAt: sessionEnd.toISOString() },
      },
      ctx.clock,
    );
    return {
      accessToken: session.accessToken,
      accessExpiresInSeconds: session.accessExpiresInSeconds,
      refreshToken: session.refreshToken,
      refreshExpiresAt: session.refreshExpiresAt,
      accountId: target.id,
      role: target.role,
      impersonatedBy: operator.id,
      operatorEmail: operator.email,
      hqName: facts.hqName ?? '',
    };
  });
};
