import { sql } from 'drizzle-orm';
import type { DbExecutor } from '@storecast/service-kit';
import type { HourWindow } from '../domain/signal-hours';

export interface SignalHourCount {
  /** Hours of the window with a signal. */
  signalHours: number;
  /** Of those, the hours at or after the store's countedFrom. */
  signalledSince: number;
}

/**
 * Per store of the HQ, the window's hours with a signal (all of them, and those from the store's
 * countedFrom on), in one statement: the stores are unnested with their countedFrom and each is
 * read through the primary key (store_id, hour_start); hq_id keeps the read in the caller's tenant.
 */
export const signalHourCounts = async (
  db: DbExecutor,
  hqId: string,
  window: HourWindow,
  stores: ReadonlyArray<{ storeId: string; countedFrom: Date }>,
): Promise<Map<string, SignalHourCount>> => {
  if (stores.length === 0) return new Map();
  type Row = { store_id: string; signal_hours: number; signalled_since: number };
  const result = await db.execute<Row>(sql`
    select s.store_id, count(h.hour_start)::int as signal_hours, (count(h.hour_start) filter (where h.hour_start >= s.counted_from))::int as signalled_since
    from unnest(${sql.param(stores.map((s) => s.storeId))}::uuid[], ${sql.param(stores.map((s) => s.countedFrom.toISOString()))}::timestamptz[]) as s(store_id, counted_from)
    left join playback_signal_hours h
      on h.store_id = s.store_id and h.hq_id = ${hqId}::uuid and h.hour_start >= ${window.from.toISOString()}::timestamptz and h.hour_start < ${window.to.toISOString()}::timestamptz
    group by s.store_id`);
  return new Map(result.rows.map((r: Row) => [r.store_id, { signalHours: Number(r.signal_hours), signalledSince: Number(r.signalled_since) }]));
};

/**
 * Deletes at most `limit` signal hours older than `before`, oldest first, through
 * playback_signal_hours_hour_idx; SKIP LOCKED lets replicas prune at once without waiting for
 * each other. Answers how many it deleted.
 */
export const deleteSignalHoursBefore = async (db: DbExecutor, before: Date, limit: number): Promise<number> => {
  const result = await db.execute<{ deleted: number }>(sql`
    with d as (
      delete from playback_signal_hours where (store_id, hour_start) in (
        select store_id, hour_start from playback_signal_hours where hour_start < ${before.toISOString()}::timestamptz
        order by hour_start limit ${limit} for update skip locked)
      returning 1)
    select count(*)::int as deleted from d`);
  return Number(result.rows[0]!.deleted);
};
