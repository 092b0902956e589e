import { deliveryCountsByStore, type StoreDeliveryCounts } from '../db/dispatch.repository';
import { LATE_AFTER_MS, summaryOrder, summaryWindow } from '../domain/delivery';
import type { AppContext } from './ports';

export interface DeliverySummary {
  from: Date;
  to: Date;
  lateAfterMs: number;
  items: Array<StoreDeliveryCounts & { storeName: string | null }>;
}

/**
 * Per store of the HQ, how its rows due within the last `days` × 24 h went (counted in one SQL
 * aggregate), most missed first, then most late, then by store name. Only stores with a row in the
 * window appear; store names come from organization (a store it no longer lists keeps a null name).
 */
export const getDeliverySummary = async (ctx: AppContext, hqId: string, days: number): Promise<DeliverySummary> => {
  const window = summaryWindow(ctx.clock.now(), days);
  const counts = await deliveryCountsByStore(ctx.db, hqId, window, LATE_AFTER_MS);
  const stores = counts.length ? await ctx.organization.storesOfHq(hqId, { storeIds: counts.map((c) => c.storeId) }) : [];
  const names = new Map(stores.map((s) => [s.id, s.name]));
  const items = counts.map((c) => ({ ...c, storeName: names.get(c.storeId) ?? null })).sort(summaryOrder);
  return { ...window, lateAfterMs: LATE_AFTER_MS, items };
};
