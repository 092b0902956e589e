import { newId } from '@storecast/service-kit';
import { stores, type HqRow, type StoreRow } from '../db/schema';
import { findHq } from '../db/hq.repository';
import { recordManagerAccount } from '../db/manager-account.repository';
import { hqMayProvision } from '../domain/hq-status';
import { INITIAL_STORE_STATUS } from '../domain/store-status';
import type { Plan, StoreType } from '../domain/enums';
import type { Actor } from './actor';
import type { AppContext } from './context';
import { writeAudit } from './audit';
import { emit } from './events';
import { commitOrWithdraw } from './compensation';
import { errors } from './errors';

export interface StoreContactInput {
  name: string;
  address: string | null;
  managerName: string | null;
  /** Normalized; when present it is the manager's login id and an account is created. */
  managerEmail: string | null;
  managerPhone: string | null;
}

export interface ProvisionStoreInput extends StoreContactInput {
  hqId: string;
  type: StoreType;
  plan: Plan | null;
  billingAnchorDay: number | null;
  /** Operator paths may pass one; otherwise identity generates it (never returned). */
  tempPassword?: string;
  actor: Actor;
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
 * Creates a store and, when a manager email is given, its manager account — as one logical
 * operation across identity and our database:
 *
 *  1. checks that need no writes (HQ exists, not suspended when required);
 *  2. CreateManagerAccount in identity — a duplicate email fails HERE, before anything of ours
 *     exists, so 409 DUPLICATE_EMAIL leaves nothing behind;
 *  3. one local transaction: HQ row locked FOR SHARE and re-checked, store row, manager
 *     projection, audit record, outbox event;
 *  4. if 3 fails after 2 succeeded, the account is withdrawn (WithdrawAccount).
 *
 * The setup email is NOT sent here: callers send it after the commit (bulk: after all rows).
 */
export const provisionStore = async (ctx: AppContext, input: ProvisionStoreInput): Promise<ProvisionedStore> => {
  const hq = await findHq(ctx.db, input.hqId);
  if (!hq) throw errors.hqNotFound();
  if (input.forbidSuspendedHq && !hqMayProvision(hq.status)) throw errors.hqSuspended();

  const storeId = newId();
  const account = input.managerEmail
    ? await ctx.accounts.createManagerAccount({
        role: 'STORE_MANAGER',
        email: input.managerEmail,
        name: input.managerName,
        hqId: input.hqId,
        storeId,
        tempPassword: input.tempPassword,
        actor: input.actor,
      })
    : null;

  const result = await commitOrWithdraw(ctx, account?.accountId ?? null, 'store creation rolled back', () =>
    ctx.db.transaction(async (tx) => {
      const locked = await findHq(tx, input.hqId, 'share');
      if (!locked) throw errors.hqNotFound();
      if (input.forbidSuspendedHq && !hqMayProvision(locked.status)) throw errors.hqSuspended();
      const now = ctx.clock.now();
      const [store] = await tx
        .insert(stores)
        .values({
          id: storeId,
          hqId: input.hqId,
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
        })
        .returning();
      if (account) {
        await recordManagerAccount(tx, { accountId: account.accountId, role: 'STORE_MANAGER', hqId: input.hqId, storeId, at: now });
      }
      await writeAudit(tx, ctx, input.actor, {
        action: input.auditAction,
        targetType: 'STORE',
        targetId: storeId,
        targetLabel: input.name,
        hqId: input.hqId,
        storeId,
        detail: {
          name: input.name,
          type: input.type,
          address: input.address,
          managerName: input.managerName,
          managerAccountId: account?.accountId ?? null,
        },
      });
      await emit(tx, ctx.clock, 'organization.store.created', { storeId, hqId: input.hqId, name: input.name, type: input.type });
      return { store: store as StoreRow, hq: locked, account };
    }),
  );
  ctx.kickOutbox();
  return result;
};
