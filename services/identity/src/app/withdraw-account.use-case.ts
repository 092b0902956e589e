import { isUuid, notFound } from '@storecast/service-kit';
import { consumeOpenLinks, deleteRefreshTokens, findById, updateAccount } from '../db/accounts.repository';
import { SYSTEM_ACTOR, writeAudit } from './audit';
import type { IdentityContext } from './context';
import { accountStatusChanged } from './events';

/**
 * AccountService.WithdrawAccount — compensation of a created account whose owning step rolled back.
 * Idempotent: an already withdrawn account answers OK. Sessions and open links end; the email is free
 * again (the unique index ignores withdrawn accounts), so a retried onboarding can reuse it.
 */
export const withdrawAccount = async (ctx: IdentityContext, accountId: string, reason: string): Promise<void> => {
  if (!isUuid(accountId)) throw notFound('ACCOUNT_NOT_FOUND', 'Account not found');
  const changed = await ctx.db.transaction(async (tx) => {
    const account = await findById(tx, accountId, { forUpdate: true });
    if (!account) throw notFound('ACCOUNT_NOT_FOUND', 'Account not found');
    if (account.status === 'WITHDRAWN') return false;
    const now = ctx.clock.now();
    const updated = await updateAccount(tx, account.id, { status: 'WITHDRAWN', statusReason: reason || null, updatedAt: now });
    await deleteRefreshTokens(tx, account.id);
    await consumeOpenLinks(tx, account.id, now);
    await writeAudit(tx, ctx.clock, {
      action: 'ACCOUNT_WITHDRAWN',
      targetType: account.role,
      targetId: account.id,
      targetLabel: account.email,
      detail: { reason: reason || null, previousStatus: account.status },
      actor: SYSTEM_ACTOR,
    });
    await accountStatusChanged(tx, updated, account.status, ctx.clock);
    return true;
  });
  if (changed) ctx.kickOutbox();
};
