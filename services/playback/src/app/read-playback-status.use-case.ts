import { hqScope, isUuid, type Principal } from '@storecast/service-kit';
import { statesOfHq } from '../db/playback-state.repository';
import type { PlaybackStateRow } from '../db/schema';
import { seenState, storeState, type ReportedState, type SeenState } from '../domain/playback-state';
import type { PlaybackContext } from './ports';

export interface ReporterStatus {
  deviceId: string;
  /** The device's label (organization); null when organization could not say. */
  label: string | null;
  state: SeenState;
  reportedState: ReportedState;
  lastSignalAt: Date;
  currentMusicId: string | null;
  currentMusicTitle: string | null;
}

export interface StorePlaybackStatus {
  storeId: string;
  storeName: string;
  state: SeenState;
  lastSignalAt: Date | null;
  currentMusicId: string | null;
  /** Title of currentMusicId (catalog-search); null without one, for an unknown music, or when catalog-search could not say. */
  currentMusicTitle: string | null;
  devices: ReporterStatus[];
}

export interface PlaybackStatusBoard {
  offlineAfterSeconds: number;
  counts: Record<SeenState, number>;
  items: StorePlaybackStatus[];
  generatedAt: Date;
}

const asReported = (row: PlaybackStateRow) => ({ state: row.state as ReportedState, lastSignalAt: row.lastSignalAt });

/** Most ids per GetMusicByIds call (catalog-search refuses more). */
const MUSIC_BATCH = 1000;

/**
 * Titles of the music ids on the board, by lower-case id: one GetMusicByIds call for all of them
 * (one per 1000 distinct ids). Ids that are not UUIDs name no music. A failing catalog-search
 * leaves every title null (logged), the board still answers.
 */
const musicTitles = async (ctx: PlaybackContext, hqId: string, ids: Iterable<string | null>): Promise<Map<string, string>> => {
  const distinct = [...new Set([...ids].filter((id): id is string => id !== null && isUuid(id)).map((id) => id.toLowerCase()))];
  if (distinct.length === 0) return new Map();
  try {
    const chunks = Array.from({ length: Math.ceil(distinct.length / MUSIC_BATCH) }, (_, i) => distinct.slice(i * MUSIC_BATCH, (i + 1) * MUSIC_BATCH));
    const found = await Promise.all(chunks.map((chunk) => ctx.catalog.musicByIds(chunk)));
    return new Map(found.flatMap((m) => [...m].map(([id, music]): [string, string] => [id, music.title])));
  } catch (err) {
    ctx.logger.warn({ err, hqId }, 'catalog-search did not answer GetMusicByIds; music titles on the playback board shown as null');
    return new Map();
  }
};

/** Labels of the devices on the board (one organization call); a failing organization leaves them null (logged). */
const deviceLabels = async (ctx: PlaybackContext, hqId: string, storeIds: string[]): Promise<Map<string, string>> => {
  if (storeIds.length === 0) return new Map();
  try {
    return await ctx.organization.deviceLabels(hqId, storeIds);
  } catch (err) {
    ctx.logger.warn({ err, hqId }, 'organization did not answer ListDevicesOfStores; device labels on the playback board shown as null');
    return new Map();
  }
};

const titleOf = (titles: Map<string, string>, id: string | null) => (id === null ? null : (titles.get(id.toLowerCase()) ?? null));

/**
 * Current playback state of the HQ's open stores (spec 03 § Store delivery): PLAYING, PAUSED or
 * SILENT as reported, OFFLINE when the newest signal of the store and its devices is older than
 * PLAYBACK_OFFLINE_AFTER_SECONDS (10 minutes: two missed 5-minute idle signals) or there never was
 * one. Stores in organization's order (name, id). Music titles (catalog-search) and device labels
 * (organization) are asked once each for the whole board, side by side; either failing leaves its
 * fields null rather than failing the board.
 */
export const readPlaybackStatus = async (ctx: PlaybackContext, principal: Principal): Promise<PlaybackStatusBoard> => {
  const hqId = hqScope(principal);
  const [stores, rows] = await Promise.all([ctx.organization.storesOfHq(hqId, false), statesOfHq(ctx.db, hqId)]);
  const now = ctx.clock.now();
  const offlineAfterMs = ctx.settings.offlineAfterMs;
  const byStore = new Map<string, PlaybackStateRow[]>();
  for (const row of rows) byStore.set(row.storeId, [...(byStore.get(row.storeId) ?? []), row]);
  const counts: Record<SeenState, number> = { PLAYING: 0, PAUSED: 0, SILENT: 0, OFFLINE: 0 };
  const boards = stores.map((store) => {
    const reporters = byStore.get(store.id) ?? [];
    const { state, lastSignalAt } = storeState(reporters.map(asReported), now, offlineAfterMs);
    counts[state] += 1;
    const newest = reporters.reduce<PlaybackStateRow | undefined>((a, b) => (!a || b.lastSignalAt > a.lastSignalAt ? b : a), undefined);
    const devices = reporters.filter((r) => r.deviceId !== null).sort((a, b) => (a.deviceId! < b.deviceId! ? -1 : 1));
    return { store, state, lastSignalAt, currentMusicId: state === 'OFFLINE' ? null : (newest?.currentMusicId ?? null), devices };
  });
  const [titles, labels] = await Promise.all([
    musicTitles(ctx, hqId, boards.flatMap((b) => [b.currentMusicId, ...b.devices.map((d) => d.currentMusicId)])),
    deviceLabels(ctx, hqId, boards.filter((b) => b.devices.length > 0).map((b) => b.store.id)),
  ]);
  const items = boards.map(
    (b): StorePlaybackStatus => ({
      storeId: b.store.id,
      storeName: b.store.name,
      state: b.state,
      lastSignalAt: b.lastSignalAt,
      currentMusicId: b.currentMusicId,
      currentMusicTitle: titleOf(titles, b.currentMusicId),
      devices: b.devices.map((r) => ({
        deviceId: r.deviceId!,
        label: labels.get(r.deviceId!.toLowerCase()) ?? null,
        state: seenState(asReported(r), now, offlineAfterMs),
        reportedState: r.state as ReportedState,
        lastSignalAt: r.lastSignalAt,
        currentMusicId: r.currentMusicId,
        currentMusicTitle: titleOf(titles, r.currentMusicId),
      })),
    }),
  );
  return { offlineAfterSeconds: Math.round(offlineAfterMs / 1000), counts, items, generatedAt: now };
};
