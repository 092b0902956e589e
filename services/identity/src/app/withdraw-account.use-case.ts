import { auditActorOf, emit, isUuid, notFound, writeAudit, type Principal } from '@storecast/service-kit';
import { consumeOpenLinks, deleteRefreshTokens, findById, updateAccount } from '../db/accounts.repository';
import type { IdentityContext } from './context';
import { revokeAccessTokens } from './sessions';
import { assertMayActOnManagerAccount } from './manager-account-access';

/**
 * AccountService.WithdrawAccount — compensation of a created account whose owning step rolled back.
 * Idempotent: an already withdrawn account answers OK. Sessions and open links end; the email is free
 * again (the unique index ignores withdrawn accounts), so a retried onboarding can reuse it. The
 * caller (decision 0008) must be allowed to act on the account, and the audit names it.
 */
export const withdrawAccount = async (ctx: IdentityContext, caller: Principal, accountId: string, reason: string): Promise<void> => {
  if (!isUuid(accountId)) throw notFound('ACCOUNT_NOT_FOUND', 'Account not found');
  await ctx.db.transaction(async (tx) => {
    const account = await findById(tx, accountId, { forUpdate: true });
    if (!account) throw notFound('ACCOUNT_NOT_FOUND', 'Account not found');
    assertMayActOnManagerAccount(caller, account);
    if (account.status === 'WITHDRAWN') return;
    const now = ctx.clock.now();
    const updated = await updateAccount(tx, account.id, { status: 'WITHDRAWN', statusReason: reason || null, updatedAt: now });
    await deleteRefreshTokens(tx, account.id);
    await revokeAccessTokens(ctx, account.id, now);
    await consumeOpenLinks(tx, account.id, now);
    await writeAudit(
      tx,
      auditActorOf(caller),
      {
        action: 'ACCOUNT_WITHDRAWN',
        targetType: account.role,
        targetId: account.id,
        targetLabel: account.email,
        hqId: account.hqId,
        storeId: account.storeId,
        detail: { reason: reason || null, previousStatus: account.status },
      },
      ctx.clock,
    );
    await emit(
      tx,
      { type: 'identity.account.status-changed', data: { accountId: updated.id, role: updated.role, status: updated.status, previousStatus: account.status } },
      ctx.clock,
    );
  });
};
