import { conflict, emit, writeAudit, type Principal } from '@storecast/service-kit';
import { findHq, updateHq } from '../db/hq.repository';
import { findStore, liveStoresOfHqForUpdate, softDeleteStores } from '../db/store.repository';
import { revokeDevicesOfStores } from '../db/device.repository';
import { applyAccountStatus, liveManagersOf, type ManagerProjection } from '../db/manager-account.repository';
import type { AppContext } from './context';
import { errors } from './errors';

export interface DeletionResult {
  deletedAt: Date;
  deletedStoreIds: string[];
  revokedDeviceCount: number;
  withdrawnManagerCount: number;
  /** Accounts identity could not withdraw now (logged; they cannot act: their HQ/store is gone). */
  managerWithdrawalFailedCount: number;
}

/**
 * After the commit: withdraws the manager accounts of what was deleted through identity, one by
 * one, and marks them WITHDRAWN in the copy. A failure is logged and counted, never undoes the
 * deletion: those accounts already cannot act (the scope checks and GetSignInStatus no longer
 * find their HQ or store).
 */
const withdrawManagers = async (ctx: AppContext, actor: Principal, managers: ManagerProjection[], reason: string) => {
  let withdrawn = 0;
  let failed = 0;
  for (const m of managers) {
    try {
      await ctx.identity.withdrawAccount(actor, m.accountId, reason);
      await applyAccountStatus(ctx.db, m.accountId, 'WITHDRAWN', ctx.clock.now());
      withdrawn += 1;
    } catch (err) {
      failed += 1;
      ctx.logger.error({ err, accountId: m.accountId, reason }, 'WITHDRAWAL FAILED after a deletion: the account stays in identity until withdrawn');
    }
  }
  return { withdrawnManagerCount: withdrawn, managerWithdrawalFailedCount: failed };
};

/**
 * Operator soft-deletes a store (closed or not): it leaves every read, its active devices are
 * revoked in the same transaction, audit STORE_DELETED, event organization.store.deleted; then
 * its manager accounts are withdrawn via identity. Rows are purged 90 days later.
 */
export const deleteStore = async (ctx: AppContext, actor: Principal, storeId: string): Promise<DeletionResult> => {
  const done = await ctx.db.transaction(async (tx) => {
    const store = await findStore(tx, storeId, { lock: 'update' });
    if (!store) throw errors.storeNotFound();
    const now = ctx.clock.now();
    await softDeleteStores(tx, store.hqId, [store.id], now);
    const revoked = await revokeDevicesOfStores(tx, [store.id], now);
    const managers = await liveManagersOf(tx, { storeIds: [store.id] });
    await writeAudit(
      tx,
      actor,
      {
        action: 'STORE_DELETED',
        targetType: 'STORE',
        targetId: store.id,
        targetLabel: store.name,
        hqId: store.hqId,
        storeId: store.id,
        detail: { revokedDeviceIds: revoked.map((d) => d.id), managerAccountIds: managers.map((m) => m.accountId) },
      },
      ctx.clock,
    );
    await emit(tx, { type: 'organization.store.deleted', data: { storeId: store.id, hqId: store.hqId, deletedAt: now.toISOString(), reason: 'STORE_DELETED' } }, ctx.clock);
    return { deletedAt: now, revokedDeviceCount: revoked.length, managers };
  });
  return {
    deletedAt: done.deletedAt,
    deletedStoreIds: [storeId],
    revokedDeviceCount: done.revokedDeviceCount,
    ...(await withdrawManagers(ctx, actor, done.managers, 'STORE_DELETED')),
  };
};

/**
 * Operator soft-deletes an HQ with every live store of it (same deletedAt): their devices are
 * revoked, audit HQ_DELETED, one organization.store.deleted (reason HQ_DELETED) per store and
 * organization.hq.deleted; then the HQ's managers and its stores' managers are withdrawn via
 * identity. The virtual INDEPENDENT HQ cannot be deleted (409 HQ_INVALID_STATUS_TRANSITION).
 */
export const deleteHq = async (ctx: AppContext, actor: Principal, hqId: string): Promise<DeletionResult> => {
  const done = await ctx.db.transaction(async (tx) => {
    const hq = await findHq(tx, hqId, 'update');
    if (!hq) throw errors.hqNotFound();
    if (hq.type === 'INDEPENDENT') throw conflict('HQ_INVALID_STATUS_TRANSITION', 'The INDEPENDENT HQ cannot be deleted');
    const now = ctx.clock.now();
    const stores = await liveStoresOfHqForUpdate(tx, hq.id);
    const storeIds = stores.map((s) => s.id);
    await softDeleteStores(tx, hq.id, storeIds, now);
    await updateHq(tx, hq.id, { deletedAt: now, updatedAt: now });
    const revoked = await revokeDevicesOfStores(tx, storeIds, now);
    const managers = await liveManagersOf(tx, { hqId: hq.id, storeIds });
    await writeAudit(
      tx,
      actor,
      {
        action: 'HQ_DELETED',
        targetType: 'HQ',
        targetId: hq.id,
        targetLabel: hq.name,
        hqId: hq.id,
        detail: { storeIds, revokedDeviceCount: revoked.length, managerAccountIds: managers.map((m) => m.accountId) },
      },
      ctx.clock,
    );
    for (const store of stores) {
      await emit(tx, { type: 'organization.store.deleted', data: { storeId: store.id, hqId: hq.id, deletedAt: now.toISOString(), reason: 'HQ_DELETED' } }, ctx.clock);
    }
    await emit(tx, { type: 'organization.hq.deleted', data: { hqId: hq.id, deletedAt: now.toISOString(), storeIds } }, ctx.clock);
    return { deletedAt: now, storeIds, revokedDeviceCount: revoked.length, managers };
  });
  return {
    deletedAt: done.deletedAt,
    deletedStoreIds: done.storeIds,
    revokedDeviceCount: done.revokedDeviceCount,
    ...(await withdrawManagers(ctx, actor, done.managers, 'HQ_DELETED')),
  };
};
