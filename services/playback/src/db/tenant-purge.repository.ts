import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '@storecast/service-kit';
import { commercialCursors, commercialPlays, playbackDailyTotals, playbackLogs, playbackSignalHours, playbackStates } from './schema';

/**
 * What a purge deletes: a store's rows (store id AND its HQ id), or, without storeId, every row
 * still carrying the HQ's id. Every table of playback carries both columns.
 */
export interface TenantScope {
  hqId: string;
  storeId?: string;
}

type TenantTable =
  | typeof playbackLogs
  | typeof playbackDailyTotals
  | typeof playbackStates
  | typeof commercialCursors
  | typeof commercialPlays
  | typeof playbackSignalHours;

const scoped = (table: TenantTable, scope: TenantScope): SQL =>
  and(eq(table.hqId, scope.hqId), scope.storeId === undefined ? undefined : eq(table.storeId, scope.storeId))!;

/** One set-based DELETE of the tenant's rows; answers how many it deleted (counted in the statement, no row sent back). */
const deleteCounted = async (tx: DbExecutor, table: TenantTable, scope: TenantScope): Promise<number> => {
  const result = await tx.execute<{ deleted: number }>(sql`with d as (delete from ${table} where ${scoped(table, scope)} returning 1) select count(*)::int as deleted from d`);
  return Number(result.rows[0]!.deleted);
};

/**
 * The tenant's play logs (years of plays: many rows), in one statement: a store's through
 * playback_logs_store_started_idx (store_id leading; hq_id checked on the row, or the HQ index
 * ANDed in for a small HQ), an HQ's through playback_logs_hq_started_idx (plans checked with
 * EXPLAIN ANALYZE on 2.3 million rows).
 */
export const deleteLogsOf = (tx: DbExecutor, scope: TenantScope): Promise<number> => deleteCounted(tx, playbackLogs, scope);

/** The tenant's daily totals: a store's through the primary key (store_id, day), an HQ's through playback_daily_totals_hq_day_idx. */
export const deleteDailyTotalsOf = (tx: DbExecutor, scope: TenantScope): Promise<number> =>
  deleteCounted(tx, playbackDailyTotals, scope);

/**
 * The tenant's reporter state rows (the store's own and its devices', with their recent batch
 * digests) through playback_states_hq_idx (hq_id, store_id); answers the deleted reporter ids.
 */
export const deleteStatesOf = async (tx: DbExecutor, scope: TenantScope): Promise<string[]> =>
  (await tx.delete(playbackStates).where(scoped(playbackStates, scope)).returning({ reporterId: playbackStates.reporterId })).map((r) => r.reporterId);

/**
 * The tenant's commercial cadence row (cursor and songs since the last commercial): a store's through its primary key. No index leads with hq_id
 * here, so an HQ's is a sequential scan of this one-row-per-store table; an HQ purge comes after
 * the purges of all its stores and normally finds nothing left.
 */
export const deleteCommercialCursorsOf = (tx: DbExecutor, scope: TenantScope): Promise<number> =>
  deleteCounted(tx, commercialCursors, scope);

/**
 * The tenant's commercial plays: a store's through commercial_plays_store_play_uq (store_id
 * leading), an HQ's through commercial_plays_hq_idx.
 */
export const deleteCommercialPlaysOf = (tx: DbExecutor, scope: TenantScope): Promise<number> => deleteCounted(tx, commercialPlays, scope);

/**
 * The tenant's signal hours (at most the retention's 35 days of them): a store's through the
 * primary key (store_id leading), an HQ's through playback_signal_hours_hq_idx.
 */
export const deleteSignalHoursOf = (tx: DbExecutor, scope: TenantScope): Promise<number> => deleteCounted(tx, playbackSignalHours, scope);
