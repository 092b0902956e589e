import { writeAudit, type Principal } from '@storecast/service-kit';
import { findHq } from '../db/hq.repository';
import type { HqRow } from '../db/schema';
import { findStore } from '../db/store.repository';
import { recordManagerAccount } from '../db/manager-account.repository';
import { hqMayProvision } from '../domain/hq-status';
import type { AppContext } from './context';
import { commitOrWithdraw } from './compensation';
import { errors } from './errors';

export interface IssueStoreManagerInput {
  storeId: string;
  email: string;
  name: string | null;
  /** Operator path: given; HQ path: absent (identity generates it, never returned). */
  tempPassword?: string;
  /** HQ path: the caller's HQ (another HQ's or a missing store → 403 PRINCIPAL_SCOPE_MISMATCH). */
  callerHq?: HqRow;
}

/**
 * Issues a store manager account: CreateManagerAccount (DUPLICATE_EMAIL fails before anything of
 * ours is written) → projection + audit in one transaction (withdrawn if that fails) → setup email.
 * A closed store takes no new managers (409 STORE_ALREADY_CLOSED); in HQ mode a suspended HQ
 * issues none (403 AUTH_HQ_SUSPENDED, re-checked under the lock).
 */
export const issueStoreManager = async (ctx: AppContext, actor: Principal, input: IssueStoreManagerInput) => {
  const hqMode = input.callerHq !== undefined;
  if (input.callerHq && !hqMayProvision(input.callerHq.status)) throw errors.hqSuspended();
  const store = await findStore(ctx.db, input.storeId, input.callerHq ? { hqId: input.callerHq.id } : {});
  if (!store) throw hqMode ? errors.scopeMismatch() : errors.storeNotFound();
  if (store.closedAt) throw errors.storeClosedConflict();

  const account = await ctx.identity.createManagerAccount({
    role: 'STORE_MANAGER',
    email: input.email,
    name: input.name,
    hqId: store.hqId,
    storeId: store.id,
    tempPassword: input.tempPassword,
    actor,
  });
  await commitOrWithdraw(ctx, actor, account.accountId, 'store manager issue rolled back', () =>
    ctx.db.transaction(async (tx) => {
      const locked = await findStore(tx, store.id, { lock: 'share' });
      if (!locked) throw errors.storeNotFound();
      if (locked.closedAt) throw errors.storeClosedConflict();
      if (hqMode) {
        const hq = await findHq(tx, store.hqId, 'share');
        if (!hq || !hqMayProvision(hq.status)) throw errors.hqSuspended();
      }
      const now = ctx.clock.now();
      await recordManagerAccount(tx, { accountId: account.accountId, role: 'STORE_MANAGER', hqId: store.hqId, storeId: store.id, at: now });
      await writeAudit(
        tx,
        actor,
        {
          action: hqMode ? 'HQ_STORE_MANAGER_ISSUED' : 'STORE_MANAGER_ISSUED',
          targetType: 'STORE_MANAGER',
          targetId: account.accountId,
          targetLabel: account.email,
          hqId: store.hqId,
          storeId: store.id,
          detail: { storeId: store.id, storeName: store.name, email: account.email, name: input.name },
        },
        ctx.clock,
      );
    }),
  );
  const setupEmailSent = await ctx.identity.sendSetupEmail(actor, account.accountId);
  return { storeId: store.id, managerAccountId: account.accountId, email: account.email, setupEmailSent };
};
