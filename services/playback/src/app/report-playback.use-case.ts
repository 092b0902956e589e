import { emit, newId, type Principal } from '@storecast/service-kit';
import { recordRepeatedReport, recordReport, type PreviousSignal } from '../db/playback-log.repository';
import { lockState, markSignalEmitted } from '../db/playback-state.repository';
import { batchDigest, logRows, musicIdsOf, type ReportedLog } from '../domain/play-logs';
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
 * is_trust from the music's source, added to the store's KST daily totals only when new. State,
 * logs and totals are written by one statement (recordReport: one round trip, one commit; it
 * takes the reporter's state row first, so identical concurrent reports serialize and the second
 * finds every log stored). Answers how many logs this call recorded.
 *
 * A retry of one of the reporter's last RECENT_BATCHES recorded batches (same batchDigest: same
 * plays) writes only the state and last-signal time (recordRepeatedReport), when this process
 * remembers that digest for the reporter and the state row still holds it: the answer (0
 * recorded, totals untouched) is the one the full statement would give, at a fraction of its
 * cost. Otherwise the report is recorded in full, which adds the digest to the state row.
 *
 * playback.store.signal is emitted afterwards, in its own transaction, when the reporter's last
 * emitted signal calls for it (first signal, state change, interval elapsed): the throttle is
 * re-checked on the locked row, so concurrent reports emit once, and a failed emission leaves
 * signal_emitted_at as it was, so the next report emits instead.
 */
export const reportPlayback = async (ctx: PlaybackContext, principal: Principal, report: PlaybackReport): Promise<{ recordedLogCount: number }> => {
  const store = await callerStore(ctx, principal);
  const deviceId = await validDevice(ctx, store.id, report.deviceId);
  // Asked before writing: an unreachable catalog is 503 with nothing written (the player retries).
  const music = report.logs.length > 0 ? await ctx.catalog.musicByIds(musicIdsOf(report.logs)) : new Map();
  const { rows, skipped } = logRows(report.logs, music);
  if (skipped > 0) ctx.logger.debug({ storeId: store.id, skipped }, 'playback logs of unknown music skipped');

  const now = ctx.clock.now();
  const reporterId = deviceId ?? store.id;
  const interval = ctx.settings.signalEventIntervalMs;
  const digest = batchDigest(rows);
  const signal = { hqId: store.hqId, reporterId, state: report.state, currentMusicId: report.currentMusicId, recordedAt: now };
  let inserted = 0;
  let previous: PreviousSignal | undefined;
  const repeated = digest !== null && ctx.recentBatches.has(reporterId, digest) ? await recordRepeatedReport(ctx.db, { ...signal, batchDigest: digest }) : undefined;
  if (repeated) {
    previous = repeated;
  } else {
    ({ inserted, previous } = await recordReport(ctx.db, { ...signal, storeId: store.id, deviceId, ids: rows.map(() => newId()), rows, batchDigest: digest }));
  }
  if (digest !== null) ctx.recentBatches.add(reporterId, digest);
  if (shouldEmitSignal(previous, report.state, now, interval)) {
    await ctx.db
      .transaction(async (tx) => {
        if (!shouldEmitSignal(await lockState(tx, reporterId), report.state, now, interval)) return;
        await emit(tx, { type: 'playback.store.signal', data: { storeId: store.id, hqId: store.hqId, deviceId, state: report.state, signaledAt: now.toISOString() } }, ctx.clock);
        await markSignalEmitted(tx, reporterId, report.state, now);
      })
      .catch((err: unknown) => ctx.logger.warn({ err, reporterId }, 'playback.store.signal not emitted; the next report emits it'));
  }
  return { recordedLogCount: inserted };
};
