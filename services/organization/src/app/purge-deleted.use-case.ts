import { emit } from '@storecast/service-kit';
import { claimHqsDeletedBefore, purgeHqs } from '../db/hq.repository';
import { claimStoresDeletedBefore, purgeStores } from '../db/store.repository';
import type { AppContext } from './context';

/** Soft-deleted HQs and stores are kept this long (spec 02 § Limits), then deleted for good. */
export const RETENTION_DAYS = 90;
const DAY_MS = 24 * 3600 * 1000;

export interface PurgeResult {
  purgedStoreIds: string[];
  purgedHqIds: string[];
}

/**
 * Deletes for good the stores, then the HQs, soft-deleted more than 90 days before the clock's
 * now, in batches of `batchSize`, each batch one transaction that also emits
 * organization.store.purged / organization.hq.purged. Rows are claimed FOR UPDATE SKIP LOCKED, so
 * several replicas running at once delete disjoint rows and never emit twice. An HQ is purged only
 * once none of its stores is left. Audit records stay (they are the kit's, ids only).
 */
export const purgeDeleted = async (ctx: AppContext, batchSize = 100, maxBatches = 50): Promise<PurgeResult> => {
  const cutoff = new Date(ctx.clock.now().getTime() - RETENTION_DAYS * DAY_MS);
  const result: PurgeResult = { purgedStoreIds: [], purgedHqIds: [] };
  for (let i = 0; i < maxBatches; i++) {
    const ids = await ctx.db.transaction(async (tx) => {
      const claimed = await claimStoresDeletedBefore(tx, cutoff, batchSize);
      await purgeStores(
        tx,
        claimed.map((s) => s.id),
      );
      for (const s of claimed) {
        await emit(tx, { type: 'organization.store.purged', data: { storeId: s.id, hqId: s.hqId, deletedAt: s.deletedAt!.toISOString() } }, ctx.clock);
      }
      return claimed.map((s) => s.id);
    });
    result.purgedStoreIds.push(...ids);
    if (ids.length < batchSize) break;
  }
  for (let i = 0; i < maxBatches; i++) {
    const ids = await ctx.db.transaction(async (tx) => {
      const claimed = await claimHqsDeletedBefore(tx, cutoff, batchSize);
      await purgeHqs(
        tx,
        claimed.map((h) => h.id),
      );
      for (const h of claimed) {
        await emit(tx, { type: 'organization.hq.purged', data: { hqId: h.id, deletedAt: h.deletedAt!.toISOString() } }, ctx.clock);
      }
      return claimed.map((h) => h.id);
    });
    result.purgedHqIds.push(...ids);
    if (ids.length < batchSize) break;
  }
  return result;
};
