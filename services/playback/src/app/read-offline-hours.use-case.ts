import { hqScope, type Principal } from '@storecast/service-kit';
import { lastSignalsOfHq } from '../db/playback-state.repository';
import { signalHourCounts } from '../db/signal-hour.repository';
import { countedFrom, hourWindow, offlineHours, type HourWindow } from '../domain/signal-hours';
import type { PlaybackContext } from './ports';

export interface StoreOfflineHours {
  storeId: string;
  storeName: string;
  signalHours: number;
  offlineHours: number;
  lastSignalAt: Date | null;
}

export interface OfflineHoursBoard extends HourWindow {
  items: StoreOfflineHours[];
}

/**
 * Hours without a signal of the HQ's open stores over the last `days` × 24 whole hours (the hour
 * in progress left out), in the board's order (organization's: name, id). signalHours: hours of
 * the window in which the store signalled; offlineHours: hours since the store was registered
 * (from its first whole hour; the window start when earlier or unknown) without a signal. Stores
 * come from organization (unreachable: 503), the hours from playback's own table, tenant-scoped.
 */
export const readOfflineHours = async (ctx: PlaybackContext, principal: Principal, days: number): Promise<OfflineHoursBoard> => {
  const hqId = hqScope(principal);
  const window = hourWindow(ctx.clock.now(), days);
  const [stores, lastSignals] = await Promise.all([ctx.organization.storesOfHq(hqId, false), lastSignalsOfHq(ctx.db, hqId)]);
  const counted = stores.map((s) => ({ storeId: s.id, countedFrom: countedFrom(window, s.createdAt) }));
  const counts = await signalHourCounts(ctx.db, hqId, window, counted);
  const items = stores.map((store, i): StoreOfflineHours => {
    const count = counts.get(store.id) ?? { signalHours: 0, signalledSince: 0 };
    return {
      storeId: store.id,
      storeName: store.name,
      signalHours: count.signalHours,
      offlineHours: offlineHours(window, counted[i]!.countedFrom, count.signalledSince),
      lastSignalAt: lastSignals.get(store.id) ?? null,
    };
  });
  return { ...window, items };
};
