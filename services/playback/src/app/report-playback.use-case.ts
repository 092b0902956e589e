import { AppError, emit, newId, type DbExecutor, type Principal } from '@storecast/service-kit';
import { lockCadence, saveCadence } from '../db/commercial-cursor.repository';
import { insertCommercialPlays } from '../db/commercial-play.repository';
import { recordRepeatedReport, recordReport, type PreviousSignal } from '../db/playback-log.repository';
import { lockState, markSignalEmitted } from '../db/playback-state.repository';
import { afterCommercialPlays, effectiveCycle, knownCommercialPlays, type ReportedCommercialPlay } from '../domain/commercial-rotation';
import { batchDigest, logRows, musicIdsOf, type ReportedLog } from '../domain/play-logs';
import { shouldEmitSignal, type ReportedState } from '../domain/playback-state';
import type { PlaybackContext } from './ports';
import { callerStore, validDevice } from './store-scope';

export interface PlaybackReport {
  state: ReportedState;
  currentMusicId: string | null;
  deviceId: string | null;
  logs: ReportedLog[];
  /** The commercial songs played since the last report; null: the request carried none (an older player). */
  commercialPlays: ReportedCommercialPlay[] | null;
}

export interface PlaybackReportResult {
  recordedLogCount: number;
  /** Commercial plays this call stored; absent when the request carried no commercialPlays. */
  recordedCommercialCount?: number;
}

/** The store's effective cycle now: when organization cannot say, 5 (spec 03 § Commercial songs). */
const cycleNow = async (ctx: PlaybackContext, storeId: string): Promise<number> => {
  try {
    return effectiveCycle((await ctx.organization.effectiveSettings(storeId))?.commercialCycleSongs);
  } catch (err) {
    if (err instanceof AppError && err.httpStatus === 503) return effectiveCycle(undefined);
    throw err;
  }
};

/**
 * A store player's report (spec 03 § Store delivery): the state and last-signal time of the store
 * (or of the device when deviceId is valid; a wrong one falls back to the store), the store's
 * signal hour (the UTC hour of the clock's now, for the HQ offline-hours view), and its logs:
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
 *
 * Commercial cadence (spec 03 § Commercial songs, counted from plays): every newly stored music log
 * adds one to the store's songs since its last commercial, in the statement that inserts it (a
 * retried or duplicate log adds nothing). Commercial plays of active songs of the HQ (others are
 * skipped) are stored once per (store, commercial, startedAt), in the same transaction as the
 * logs; each newly stored one takes N (the effective cycle now) off the count, never below 0, and
 * moves the cursor to its song unless a later play set it already.
 */
export const reportPlayback = async (ctx: PlaybackContext, principal: Principal, report: PlaybackReport): Promise<PlaybackReportResult> => {
  const store = await callerStore(ctx, principal);
  const deviceId = await validDevice(ctx, store.id, report.deviceId);
  // Asked before writing: an unreachable catalog is 503 with nothing written (the player retries).
  const music = report.logs.length > 0 ? await ctx.catalog.musicByIds(musicIdsOf(report.logs)) : new Map();
  const { rows, skipped } = logRows(report.logs, music);
  if (skipped > 0) ctx.logger.debug({ storeId: store.id, skipped }, 'playback logs of unknown music skipped');
  // The same for commercial plays: announcement-dispatch unreachable is 503 with nothing written.
  const reportedPlays = report.commercialPlays ?? [];
  const active = reportedPlays.length > 0 ? await ctx.commercials.activeSongs(store.hqId) : [];
  const plays = knownCommercialPlays(reportedPlays, active.map((s) => s.id));
  if (plays.skipped > 0) ctx.logger.debug({ storeId: store.id, skipped: plays.skipped }, 'commercial plays of songs not active in the HQ skipped');
  const cycle = plays.rows.length > 0 ? await cycleNow(ctx, store.id) : undefined;

  const now = ctx.clock.now();
  const reporterId = deviceId ?? store.id;
  const interval = ctx.settings.signalEventIntervalMs;
  const digest = batchDigest(rows);
  const signal = { hqId: store.hqId, reporterId, state: report.state, currentMusicId: report.currentMusicId, recordedAt: now };
  const record = async (db: DbExecutor): Promise<{ inserted: number; previous: PreviousSignal | undefined }> => {
    const repeated = digest !== null && ctx.recentBatches.has(reporterId, digest) ? await recordRepeatedReport(db, { ...signal, storeId: store.id, batchDigest: digest }) : undefined;
    if (repeated) return { inserted: 0, previous: repeated };
    return recordReport(db, { ...signal, storeId: store.id, deviceId, ids: rows.map(() => newId()), rows, batchDigest: digest });
  };
  let inserted = 0;
  let previous: PreviousSignal | undefined;
  let commercialsInserted = 0;
  if (cycle === undefined) {
    ({ inserted, previous } = await record(ctx.db));
  } else {
    // Logs (and their count) first, then the commercial plays, in one transaction: the cadence row
    // is locked before the plays are inserted, so concurrent reports of the store take it in turn.
    await ctx.db.transaction(async (tx) => {
      ({ inserted, previous } = await record(tx));
      const cadence = await lockCadence(tx, store.id, store.hqId, now);
      const stored = await insertCommercialPlays(tx, { hqId: store.hqId, storeId: store.id, deviceId, ids: plays.rows.map(() => newId()), plays: plays.rows, recordedAt: now });
      commercialsInserted = stored.length;
      if (stored.length > 0) await saveCadence(tx, store.id, afterCommercialPlays(cadence, stored, cycle), now);
    });
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
  return report.commercialPlays === null ? { recordedLogCount: inserted } : { recordedLogCount: inserted, recordedCommercialCount: commercialsInserted };
};
