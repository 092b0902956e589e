import { emit, newId, writeAudit, type Principal } from '@storecast/service-kit';
import type { HqRow, StoreRow } from '../db/schema';
import { findHq } from '../db/hq.repository';
import { insertStore } from '../db/store.repository';
import { recordManagerAccount } from '../db/manager-account.repository';
import { hqMayProvision } from '../domain/hq-status';
import { INITIAL_STORE_STATUS } from '../domain/store-status';
import type { Plan, StoreType } from '../domain/enums';
import type { StoreContact } from '../domain/store-patch';
import type { AppContext } from './context';
import { commitOrWithdraw } from './compensation';
import { errors } from './errors';

/** The store's contact values; a (normalized) managerEmail is the manager's login id and creates an account. */
export interface ProvisionStoreInput extends StoreContact {
  type: StoreType;
  plan: Plan | null;
  billingAnchorDay: number | null;
  /** Operator paths may pass one; otherwise identity generates it (never returned). */
  tempPassword?: string;
  auditAction: 'STORE_CREATED' | 'HQ_STORE_CREATED';
  /** HQ mode: a suspended HQ may not create stores (403 AUTH_HQ_SUSPENDED). */
  forbidSuspendedHq: boolean;
}

export interface ProvisionedStore {
  store: StoreRow;
  hq: HqRow;
  account: { accountId: string; email: string } | null;
}

/**
 * Creates a store of an HQ the caller has read and checked already (it exists; in HQ mode it is
 * not suspended) and, when a manager email is given, its manager account — as one logical
 * operation across identity and our database:
 *
 *  1. CreateManagerAccount in identity — a duplicate email fails HERE, before anything of ours
 *     exists, so 409 DUPLICATE_EMAIL leaves nothing behind;
 *  2. one local transaction: the HQ row locked FOR SHARE and re-checked (it may have been
 *     suspended since the caller read it), store row, manager projection, audit record, event;
 *  3. if 2 fails after 1 succeeded, the account is withdrawn (WithdrawAccount).
 *
 * The setup email is NOT sent here: callers send it after the commit (bulk: after all rows).
 */
export const provisionStore = async (ctx: AppContext, actor: Principal, hq: HqRow, input: ProvisionStoreInput): Promise<ProvisionedStore> => {
  const storeId = newId();
  const account = input.managerEmail
    ? await ctx.identity.createManagerAccount({
        role: 'STORE_MANAGER',
        email: input.managerEmail,
        name: input.managerName,
        hqId: hq.id,
        storeId,
        tempPassword: input.tempPassword,
        actor,
      })
    : null;

  return commitOrWithdraw(ctx, actor, account?.accountId ?? null, 'store creation rolled back', () =>
    ctx.db.transaction(async (tx) => {
      const locked = await findHq(tx, hq.id, 'share');
      if (!locked) throw errors.hqNotFound();
      if (input.forbidSuspendedHq && !hqMayProvision(locked.status)) throw errors.hqSuspended();
      const now = ctx.clock.now();
      const store = await insertStore(tx, {
        id: storeId,
        hqId: hq.id,
        name: input.name,
        type: input.type,
        status: INITIAL_STORE_STATUS,
        plan: input.plan,
        billingAnchorDay: input.billingAnchorDay,
        address: input.address,
        managerName: input.managerName,
        managerEmail: account?.email ?? input.managerEmail,
        managerPhone: input.managerPhone,
        createdAt: now,
        updatedAt: now,
      });
      if (account) {
        await recordManagerAccount(tx, { accountId: account.accountId, role: 'STORE_MANAGER', hqId: hq.id, storeId, at: now });
      }
      await writeAudit(
        tx,
        actor,
        {
          action: input.auditAction,
          targetType: 'STORE',
          targetId: storeId,
          targetLabel: input.name,
          hqId: hq.id,
          storeId,
          detail: { name: input.name, type: input.type, address: input.address, managerName: input.managerName, managerAccountId: account?.accountId ?? null },
        },
        ctx.clock,
      );
      await emit(tx, { type: 'organization.store.created', data: { storeId, hqId: hq.id, name: input.name, type: input.type } }, ctx.clock);
      return { store, hq: locked, account };
    }),
  );
};
