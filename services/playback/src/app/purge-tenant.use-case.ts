import type { DbExecutor, Logger } from '@storecast/service-kit';
import {
  deleteCommercialCursorsOf,
  deleteCommercialPlaysOf,
  deleteDailyTotalsOf,
  deleteLogsOf,
  deleteSignalHoursOf,
  deleteStatesOf,
  type TenantScope,
} from '../db/tenant-purge.repository';
import type { RecentBatches } from './recent-batches';

export interface PurgeDeps {
  logger: Logger;
  recentBatches: RecentBatches;
}

/**
 * Deletes what playback keeps of a tenant organization deleted for good: play logs, daily totals,
 * reporter state rows (store and devices, with their recent batch digests), the commercial
 * cadence row (cursor, songs since the last commercial), the commercial plays and the signal
 * hours, one set-based DELETE per table in the caller's transaction (the consumer's, which also
 * records the message id). The tables have no foreign keys between them; they are taken in the
 * order a report takes them (state row, logs, totals, cadence, commercial plays; the signal hours,
 * which only a report that already holds its state row writes, last), so a report racing the purge waits for it
 * instead of deadlocking with it. This process also forgets the purged reporters' digests (a
 * hint; no replica acts on one without the state row, which is gone). The kit's audit records
 * are not touched (playback writes none). One info line with the count per table.
 */
const purge = async (tx: DbExecutor, deps: PurgeDeps, scope: TenantScope, deletedAt: string): Promise<void> => {
  const reporters = await deleteStatesOf(tx, scope);
  const playbackLogs = await deleteLogsOf(tx, scope);
  const playbackDailyTotals = await deleteDailyTotalsOf(tx, scope);
  const commercialCursors = await deleteCommercialCursorsOf(tx, scope);
  const commercialPlays = await deleteCommercialPlaysOf(tx, scope);
  const playbackSignalHours = await deleteSignalHoursOf(tx, scope);
  deps.recentBatches.forget(reporters);
  deps.logger.info(
    {
      ...scope,
      deletedAt,
      deleted: {
        playback_logs: playbackLogs,
        playback_daily_totals: playbackDailyTotals,
        playback_states: reporters.length,
        commercial_cursors: commercialCursors,
        commercial_plays: commercialPlays,
        playback_signal_hours: playbackSignalHours,
      },
    },
    scope.storeId === undefined ? 'purged HQ: its remaining playback data deleted' : 'purged store: its playback data deleted',
  );
};

/** organization.store.purged: the store's rows (store id and HQ id both match). */
export const purgeStore = (tx: DbExecutor, deps: PurgeDeps, store: { storeId: string; hqId: string; deletedAt: string }): Promise<void> =>
  purge(tx, deps, { hqId: store.hqId, storeId: store.storeId }, store.deletedAt);

/** organization.hq.purged (after each of its stores): every row still carrying the HQ's id. */
export const purgeHq = (tx: DbExecutor, deps: PurgeDeps, hq: { hqId: string; deletedAt: string }): Promise<void> => purge(tx, deps, { hqId: hq.hqId }, hq.deletedAt);
