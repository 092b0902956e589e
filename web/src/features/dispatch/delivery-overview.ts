/** The delivery tally of one store over the chosen days (GET /hq/dispatches/delivery-summary). */
export interface StoreDelivery {
  storeId: string;
  storeName: string | null;
  total: number;
  onTime: number;
  late: number;
  missed: number;
  pending: number;
  canceled: number;
}

/** Hours a store was heard from or not (GET /hq/dashboard/playback-status/offline-hours). */
export interface StoreOffline {
  storeId: string;
  storeName: string | null;
  signalHours: number;
  offlineHours: number;
  lastSignalAt: string | null;
}

export interface StoreOverviewRow extends StoreDelivery {
  /** Null when the store was not in the offline-hours answer (unknown, not zero). */
  offlineHours: number | null;
  signalHours: number | null;
  lastSignalAt: string | null;
  /** Share of decided dispatches (on time, late, missed) heard on time, 0..1; null when none was decided. */
  onTimeShare: number | null;
}

const byName = (a: { storeName: string | null; storeId: string }, b: { storeName: string | null; storeId: string }) => {
  if (a.storeName !== b.storeName) {
    if (a.storeName === null) return 1;
    if (b.storeName === null) return -1;
    const c = a.storeName.localeCompare(b.storeName, 'ko');
    if (c) return c;
  }
  return a.storeId < b.storeId ? -1 : a.storeId > b.storeId ? 1 : 0;
};

/**
 * One row per store from both answers, merged by storeId (a store in only one of them keeps zeros
 * or unknowns for the other), worst first: the most missed, then the most late (as the server
 * orders its summary), then the most hours offline, then by name.
 */
export const mergeDeliveryOverview = (deliveries: readonly StoreDelivery[], offline: readonly StoreOffline[]): StoreOverviewRow[] => {
  const rows = new Map<string, StoreOverviewRow>();
  for (const d of deliveries) {
    const decided = d.onTime + d.late + d.missed;
    rows.set(d.storeId, { ...d, offlineHours: null, signalHours: null, lastSignalAt: null, onTimeShare: decided ? d.onTime / decided : null });
  }
  for (const o of offline) {
    const row = rows.get(o.storeId) ?? { storeId: o.storeId, storeName: o.storeName, total: 0, onTime: 0, late: 0, missed: 0, pending: 0, canceled: 0, offlineHours: null, signalHours: null, lastSignalAt: null, onTimeShare: null };
    rows.set(o.storeId, { ...row, storeName: row.storeName ?? o.storeName, offlineHours: o.offlineHours, signalHours: o.signalHours, lastSignalAt: o.lastSignalAt });
  }
  return [...rows.values()].sort((a, b) => b.missed - a.missed || b.late - a.late || (b.offlineHours ?? 0) - (a.offlineHours ?? 0) || byName(a, b));
};
