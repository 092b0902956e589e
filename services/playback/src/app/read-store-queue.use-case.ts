import { AppError, type Principal } from '@storecast/service-kit';
import { readCadence } from '../db/commercial-cursor.repository';
import { commercialSlots, effectiveCycle, nextCommercials, placeCommercials, songsUntilCommercial, type QueueEntry } from '../domain/commercial-rotation';
import { planAllows } from '../domain/plan';
import type { CommercialSong, EffectiveSettings, PlayableMusic, PlaybackContext, Plan, PlaylistSource } from './ports';
import { callerStore, validDevice } from './store-scope';

/** Ducking defaults of spec 03 (enabled, 20 %, 400 ms), used only when organization cannot say. */
const DEFAULT_DUCKING = { enabled: true, volumePercent: 20, fadeMs: 400 };

export interface StoreQueue {
  storeId: string;
  deviceId: string | null;
  source: PlaylistSource;
  playlist: { id: string; name: string } | null;
  plan: Plan | null;
  commercialCycleSongs: number;
  /** Music items before the first commercial (N minus the songs played since the last one, at least 0). */
  songsUntilCommercial: number;
  ducking: { enabled: boolean; volumePercent: number; fadeMs: number };
  /** false when organization's settings could not be read (cycle 5, default ducking, AI music only). */
  settingsAvailable: boolean;
  /** false when announcement-dispatch could not be asked: the queue carries no commercials. */
  commercialsAvailable: boolean;
  entries: Array<QueueEntry<PlayableMusic, CommercialSong>>;
  generatedAt: Date;
}

const isUnavailable = (err: unknown) => err instanceof AppError && err.httpStatus === 503;

/**
 * The store's play queue (spec 03 § What the service does, § Commercial songs): the playlist of
 * the valid device, else the store's active playlist, else the HQ default (source DEFAULT), else
 * none; its music filtered by the store's plan; one commercial song overlay after every N songs
 * (N the effective commercialCycleSongs, below 1 or unavailable: 5) counted from the songs the
 * store reported played: the first after N minus the songs played since its last commercial (at
 * least 0: first of all when N or more were played), then one after every N; picks round-robin in
 * ascending id from the store's cursor (its last commercial played). The read writes nothing: a
 * reload, another device or a second read answers the same commercials until the store reports
 * plays (report-playback.use-case.ts moves the count and the cursor). When organization's settings cannot be
 * read the queue still plays: cycle 5, the spec's ducking defaults, and AI music only (the
 * plan is unknown, so no licensed music).
 */
export const readStoreQueue = async (ctx: PlaybackContext, principal: Principal, input: { deviceId?: string | null }): Promise<StoreQueue> => {
  const store = await callerStore(ctx, principal);
  let settings: EffectiveSettings | undefined;
  try {
    settings = await ctx.organization.effectiveSettings(store.id);
  } catch (err) {
    if (!isUnavailable(err)) throw err;
  }
  const settingsAvailable = settings !== undefined;
  const hqId = store.hqId;
  const plan: Plan | null = settings ? settings.plan : 'AI';
  const cycle = effectiveCycle(settings?.commercialCycleSongs);
  const ducking = settings ? { enabled: settings.duckEnabled, volumePercent: settings.duckVolumePercent, fadeMs: settings.duckFadeMs } : DEFAULT_DUCKING;
  // A device that cannot be checked is treated as absent: the store's queue is always a right answer.
  const deviceId = await validDevice(ctx, store.id, input.deviceId).catch((err: unknown) => {
    if (isUnavailable(err)) return null;
    throw err;
  });

  const resolved = await ctx.catalog.resolvePlaylist({ hqId, storeId: store.id, deviceId });
  const music = resolved.playlist ? await ctx.catalog.playableMusic({ playlistId: resolved.playlist.id, hqId, plan }) : undefined;
  const playable = (music ?? []).filter((m) => planAllows(plan, m.musicSource));
  const playlist = music ? resolved.playlist : null;

  const cadence = await readCadence(ctx.db, store.id);
  const firstGap = songsUntilCommercial(cycle, cadence.songsSince);
  const slots = commercialSlots(playable.length, cycle, firstGap);
  let songs: CommercialSong[] = [];
  let commercialsAvailable = true;
  if (slots > 0) {
    try {
      songs = await ctx.commercials.activeSongs(hqId);
    } catch (err) {
      if (!isUnavailable(err)) throw err;
      commercialsAvailable = false;
      ctx.logger.warn({ err, storeId: store.id }, 'commercial songs unavailable: queue without commercials');
    }
  }
  const byId = new Map(songs.map((s) => [s.id.toLowerCase(), s]));
  const picked = nextCommercials([...byId.keys()], cadence.cursor, slots).map((id) => byId.get(id)!);

  return {
    storeId: store.id,
    deviceId,
    source: playlist ? resolved.source : 'NONE',
    playlist,
    plan,
    commercialCycleSongs: cycle,
    songsUntilCommercial: firstGap,
    ducking,
    settingsAvailable,
    commercialsAvailable,
    entries: placeCommercials(playable, picked, firstGap, cycle),
    generatedAt: ctx.clock.now(),
  };
};
