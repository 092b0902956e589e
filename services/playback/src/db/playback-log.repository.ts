import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '@storecast/service-kit';
import type { LogRow } from '../domain/play-logs';
import { playbackLogs, type PlaybackLogRow } from './schema';

export interface LogBatch {
  hqId: string;
  storeId: string;
  /** The valid device that reported; null for a store-level report. */
  deviceId: string | null;
  ids: string[];
  rows: LogRow[];
  recordedAt: Date;
}

/**
 * The one statement that records a report's logs: the batch is unnested, inserted with ON
 * CONFLICT DO NOTHING (the partial unique indexes on (store, music, startedAt) and (device,
 * music, startedAt) drop what is already stored), and only the rows the insert RETURNs are added
 * to the store's daily totals, per KST day, trust / non-trust, cache hits and misses (null
 * cacheHit counts in neither). Totals are upserted in day order so concurrent reports of a store
 * lock them in the same order. Answers the inserted count. The benchmark runs this very SQL
 * through pgbench (bench/playback-report.bench.mjs).
 */
export const insertLogsQuery = (b: LogBatch): SQL => {
  // One parameter per column (a JS array is one PostgreSQL array), whatever the batch size.
  const col = <T>(pick: (r: LogRow, i: number) => T) => sql.param(b.rows.map(pick));
  return sql`
    with input as (
      select * from unnest(
        ${col((_, i) => b.ids[i]!)}::uuid[], ${col((r) => r.musicId)}::uuid[], ${col((r) => r.libraryId)}::uuid[],
        ${col((r) => r.musicTitle)}::text[], ${col((r) => r.musicSource)}::text[], ${col((r) => r.startedAt.toISOString())}::timestamptz[],
        ${col((r) => r.playedMs)}::int[], ${col((r) => r.cacheHit)}::boolean[], ${col((r) => r.kstDay)}::date[]
      ) as t(id, music_id, library_id, music_title, music_source, started_at, played_ms, cache_hit, kst_day)
    ), inserted as (
      insert into playback_logs (id, hq_id, store_id, device_id, music_id, library_id, music_title, music_source, is_trust, started_at, played_ms, cache_hit, kst_day, recorded_at)
      select id, ${b.hqId}::uuid, ${b.storeId}::uuid, ${b.deviceId}::uuid, music_id, library_id, music_title, music_source, music_source = 'TRUST',
             started_at, played_ms, cache_hit, kst_day, ${b.recordedAt.toISOString()}::timestamptz
      from input
      on conflict do nothing
      returning kst_day, is_trust, played_ms, cache_hit
    ), totals as (
      insert into playback_daily_totals as d (store_id, day, hq_id, trust_count, non_trust_count, trust_played_ms, non_trust_played_ms, cache_hit_count, cache_miss_count, updated_at)
      select ${b.storeId}::uuid, kst_day, ${b.hqId}::uuid,
             count(*) filter (where is_trust), count(*) filter (where not is_trust),
             coalesce(sum(played_ms) filter (where is_trust), 0), coalesce(sum(played_ms) filter (where not is_trust), 0),
             count(*) filter (where cache_hit), count(*) filter (where not cache_hit), ${b.recordedAt.toISOString()}::timestamptz
      from inserted group by kst_day order by kst_day
      on conflict (store_id, day) do update set
        trust_count = d.trust_count + excluded.trust_count,
        non_trust_count = d.non_trust_count + excluded.non_trust_count,
        trust_played_ms = d.trust_played_ms + excluded.trust_played_ms,
        non_trust_played_ms = d.non_trust_played_ms + excluded.non_trust_played_ms,
        cache_hit_count = d.cache_hit_count + excluded.cache_hit_count,
        cache_miss_count = d.cache_miss_count + excluded.cache_miss_count,
        updated_at = excluded.updated_at
      returning 1
    )
    select count(*)::int as inserted from inserted`;
};

/** Stores a report's logs (one statement); answers how many were new. */
export const insertLogs = async (db: DbExecutor, batch: LogBatch): Promise<number> => {
  if (batch.rows.length === 0) return 0;
  const result = await db.execute<{ inserted: number }>(insertLogsQuery(batch));
  return Number(result.rows[0]?.inserted ?? 0);
};

/** Filters of the HQ and operator log views; every HQ query carries hqId. */
export interface LogFilter {
  hqId?: string;
  storeId?: string;
  /** Half-open [start, end) on started_at. */
  start?: Date;
  end?: Date;
  /** true: TRUST music only; false: AI only; undefined: all. */
  trust?: boolean;
}

const where = (f: LogFilter): SQL | undefined =>
  and(
    f.hqId ? eq(playbackLogs.hqId, f.hqId) : undefined,
    f.storeId ? eq(playbackLogs.storeId, f.storeId) : undefined,
    f.start ? gte(playbackLogs.startedAt, f.start) : undefined,
    f.end ? lt(playbackLogs.startedAt, f.end) : undefined,
    f.trust === undefined ? undefined : eq(playbackLogs.isTrust, f.trust),
  );

/** A page of logs, newest start first, with the total. */
export const listLogs = async (db: DbExecutor, filter: LogFilter, page: { limit: number; offset: number }): Promise<{ rows: PlaybackLogRow[]; total: number }> => {
  const [rows, [count]] = await Promise.all([
    db.select().from(playbackLogs).where(where(filter)).orderBy(desc(playbackLogs.startedAt), desc(playbackLogs.id)).limit(page.limit).offset(page.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(playbackLogs).where(where(filter)),
  ]);
  return { rows, total: count?.total ?? 0 };
};

export const countLogs = async (db: DbExecutor, filter: LogFilter): Promise<number> => {
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(playbackLogs).where(where(filter));
  return count?.total ?? 0;
};

/**
 * The filter's logs newest first, at most `limit`, read in keyset batches on (started_at, id) so
 * an export never holds more than one batch in memory.
 */
export async function* logBatches(db: DbExecutor, filter: LogFilter, limit: number, batchSize = 2000): AsyncGenerator<PlaybackLogRow[]> {
  let after: { startedAt: Date; id: string } | undefined;
  let left = limit;
  while (left > 0) {
    const keyset = after
      ? or(lt(playbackLogs.startedAt, after.startedAt), and(eq(playbackLogs.startedAt, after.startedAt), lt(playbackLogs.id, after.id)))
      : undefined;
    const rows = await db
      .select()
      .from(playbackLogs)
      .where(and(where(filter), keyset))
      .orderBy(desc(playbackLogs.startedAt), desc(playbackLogs.id))
      .limit(Math.min(batchSize, left));
    if (rows.length === 0) return;
    yield rows;
    left -= rows.length;
    const last = rows[rows.length - 1]!;
    after = { startedAt: last.startedAt, id: last.id };
    if (rows.length < Math.min(batchSize, left + rows.length)) return;
  }
}
