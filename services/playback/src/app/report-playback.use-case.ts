import { emit, newId, type Principal } from '@storecast/service-kit';
import { insertLogs } from '../db/playback-log.repository';
import { lockState, saveState } from '../db/playback-state.repository';
import { logRows, musicIdsOf, type ReportedLog } from '../domain/play-logs';
import { shouldEmitSignal, type ReportedState } from '../domain/playback-state';
import type { PlaybackContext } from './ports';
import { callerStore, validDevice } from './store-scope';

export interface PlaybackReport {
  state: ReportedState;
  currentMusicId: string | null;
  deviceId: string | null;
  logs: ReportedLog[];
}

/**
 * A store player's report (spec 03 § Store delivery): the state and last-signal time of the store
 * (or of the device when deviceId is valid; a wrong one falls back to the store), and its logs:
 * unknown music skipped, the rest stored once per (store | device, music, startedAt) with
 * is_trust from the music's source, added to the store's KST daily totals only when new. One
 * transaction: the reporter's state row is locked first, so identical concurrent reports of a
 * reporter run one after the other and the second finds every log already stored. Answers how
 * many logs were recorded by this call.
 */
export const reportPlayback = async (ctx: PlaybackContext, principal: Principal, report: PlaybackReport): Promise<{ recordedLogCount: number }> => {
  const store = await callerStore(ctx, principal);
  const deviceId = await validDevice(ctx, store.id, report.deviceId);
  // Asked before the transaction: an unreachable catalog is 503 with nothing written (the player retries).
  const music = report.logs.length > 0 ? await ctx.catalog.musicByIds(musicIdsOf(report.logs)) : new Map();
  const { rows, skipped } = logRows(report.logs, music);
  if (skipped > 0) ctx.logger.debug({ storeId: store.id, skipped }, 'playback logs of unknown music skipped');

  const now = ctx.clock.now();
  const reporterId = deviceId ?? store.id;
  const recordedLogCount = await ctx.db.transaction(async (tx) => {
    const previous = await lockState(tx, reporterId);
    const emitted = shouldEmitSignal(previous, report.state, now, ctx.settings.signalEventIntervalMs);
    await saveState(tx, { reporterId, hqId: store.hqId, storeId: store.id, deviceId, state: report.state, currentMusicId: report.currentMusicId, at: now, emitted });
    if (emitted) {
      await emit(tx, { type: 'playback.store.signal', data: { storeId: store.id, hqId: store.hqId, deviceId, state: report.state, signaledAt: now.toISOString() } }, ctx.clock);
    }
    return insertLogs(tx, { hqId: store.hqId, storeId: store.id, deviceId, ids: rows.map(() => newId()), rows, recordedAt: now });
  });
  return { recordedLogCount };
};
