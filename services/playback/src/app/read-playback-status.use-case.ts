import { hqScope, type Principal } from '@storecast/service-kit';
import { statesOfHq } from '../db/playback-state.repository';
import type { PlaybackStateRow } from '../db/schema';
import { seenState, storeState, type ReportedState, type SeenState } from '../domain/playback-state';
import type { PlaybackContext } from './ports';

export interface ReporterStatus {
  deviceId: string;
  state: SeenState;
  reportedState: ReportedState;
  lastSignalAt: Date;
  currentMusicId: string | null;
}

export interface StorePlaybackStatus {
  storeId: string;
  storeName: string;
  state: SeenState;
  lastSignalAt: Date | null;
  currentMusicId: string | null;
  devices: ReporterStatus[];
}

export interface PlaybackStatusBoard {
  offlineAfterSeconds: number;
  counts: Record<SeenState, number>;
  items: StorePlaybackStatus[];
  generatedAt: Date;
}

const asReported = (row: PlaybackStateRow) => ({ state: row.state as ReportedState, lastSignalAt: row.lastSignalAt });

/**
 * Current playback state of the HQ's open stores (spec 03 § Store delivery): PLAYING, PAUSED or
 * SILENT as reported, OFFLINE when the newest signal of the store and its devices is older than
 * PLAYBACK_OFFLINE_AFTER_SECONDS (10 minutes: two missed 5-minute idle signals) or there never was
 * one. Stores in organization's order (name, id).
 */
export const readPlaybackStatus = async (ctx: PlaybackContext, principal: Principal): Promise<PlaybackStatusBoard> => {
  const hqId = hqScope(principal);
  const [stores, rows] = await Promise.all([ctx.organization.storesOfHq(hqId, false), statesOfHq(ctx.db, hqId)]);
  const now = ctx.clock.now();
  const offlineAfterMs = ctx.settings.offlineAfterMs;
  const byStore = new Map<string, PlaybackStateRow[]>();
  for (const row of rows) byStore.set(row.storeId, [...(byStore.get(row.storeId) ?? []), row]);
  const counts: Record<SeenState, number> = { PLAYING: 0, PAUSED: 0, SILENT: 0, OFFLINE: 0 };
  const items = stores.map((store): StorePlaybackStatus => {
    const reporters = byStore.get(store.id) ?? [];
    const { state, lastSignalAt } = storeState(reporters.map(asReported), now, offlineAfterMs);
    counts[state] += 1;
    const newest = reporters.reduce<PlaybackStateRow | undefined>((a, b) => (!a || b.lastSignalAt > a.lastSignalAt ? b : a), undefined);
    return {
      storeId: store.id,
      storeName: store.name,
      state,
      lastSignalAt,
      currentMusicId: state === 'OFFLINE' ? null : (newest?.currentMusicId ?? null),
      devices: reporters
        .filter((r) => r.deviceId !== null)
        .sort((a, b) => (a.deviceId! < b.deviceId! ? -1 : 1))
        .map((r) => ({ deviceId: r.deviceId!, state: seenState(asReported(r), now, offlineAfterMs), reportedState: r.state as ReportedState, lastSignalAt: r.lastSignalAt, currentMusicId: r.currentMusicId })),
    };
  });
  return { offlineAfterSeconds: Math.round(offlineAfterMs / 1000), counts, items, generatedAt: now };
};
