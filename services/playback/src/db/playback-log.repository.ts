import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { readInstant, type DbExecutor } from '@storecast/service-kit';
import { RECENT_BATCHES, type LogRow } from '../domain/play-logs';
import { hourStart } from '../domain/signal-hours';
import { playbackLogs, type PlaybackLogRow } from './schema';

export interface ReportWrite {
  hqId: string;
  storeId: string;
  /** The valid device that reported; null for a store-level report. */
  deviceId: string | null;
  /** The device id, else the store id: the state row this report updates. */
  reporterId: string;
  state: string;
  currentMusicId: string | null;
  ids: string[];
  rows: LogRow[];
  recordedAt: Date;
  /** batchDigest(rows), added to the reporter's recent digests; null (no logs) adds none. */
  batchDigest: string | null;
}

/** The reporter's last emitted signal before this report (undefined: the reporter had no state row). */
export interface PreviousSignal {
  signalEmittedAt: Date | null;
  signalEmittedState: string | null;
}

/**
 * The one statement that records a report (one round trip, one commit): it locks the reporter's
 * state row and reads its last emitted signal (`old`), upserts the state and last-signal time
 * (`state`), unnests the batch and inserts it with ON CONFLICT DO NOTHING (the partial unique
 * indexes on (store, music, startedAt) and (device, music, startedAt) drop what is already
 * stored), and adds only the rows the insert RETURNs to the store's daily totals, per KST day,
 * trust / non-trust, cache hits and misses (null cacheHit counts in neither), and their number to
 * the store's songs since its last commercial (commercial_cursors; no row written when none was
 * inserted, so a retry counts nothing). The logs are read
 * through the state upsert, so every report of a reporter takes the state row first and identical
 * concurrent reports serialize on it; totals are upserted in day order, and not at all when every
 * row conflicted (the group by of no inserted row is no row). The state row keeps the batch's
 * digest among the reporter's recent ones (recordRepeatedReport), and the store's signal hour
 * (the UTC hour of recordedAt) is inserted into playback_signal_hours unless already there. The
 * benchmark runs this very SQL through pgbench (bench/playback-report.bench.mjs).
 */
export const recordReportQuery = (b: ReportWrite): SQL => {
  // One parameter per column (a JS array is one PostgreSQL array), whatever the batch size.
  const col = <T>(pick: (r: LogRow, i: number) => T) => sql.param(b.rows.map(pick));
  const at = b.recordedAt.toISOString();
  return sql`
    with old as (
      select signal_emitted_at, signal_emitted_state from playback_states where reporter_id = ${b.reporterId}::uuid for update
    ), state as (
      insert into playback_states as s (reporter_id, hq_id, store_id, device_id, state, current_music_id, last_signal_at, recent_batch_digests)
      values (${b.reporterId}::uuid, ${b.hqId}::uuid, ${b.storeId}::uuid, ${b.deviceId}::uuid, ${b.state}, ${b.currentMusicId}, ${at}::timestamptz,
              array_remove(array[${b.batchDigest}::text], null))
      on conflict (reporter_id) do update set
        hq_id = excluded.hq_id, state = excluded.state, current_music_id = excluded.current_music_id, last_signal_at = excluded.last_signal_at,
        recent_batch_digests = case when ${b.batchDigest}::text is null then s.recent_batch_digests
          else (array_prepend(${b.batchDigest}::text, array_remove(coalesce(s.recent_batch_digests, '{}'), ${b.batchDigest}::text)))[1:${sql.raw(String(RECENT_BATCHES))}] end
      returning 1 as one
    ), signal_hour as (
      insert into playback_signal_hours (store_id, hq_id, hour_start)
      select ${b.storeId}::uuid, ${b.hqId}::uuid, ${hourStart(b.recordedAt).toISOString()}::timestamptz from state
      on conflict do nothing
      returning 1
    ), input as (
      select * from unnest(
        ${col((_, i) => b.ids[i]!)}::uuid[], ${col((r) => r.musicId)}::uuid[], ${col((r) => r.libraryId)}::uuid[],
        ${col((r) => r.musicTitle)}::text[], ${col((r) => r.musicSource)}::text[], ${col((r) => r.startedAt.toISOString())}::timestamptz[],
        ${col((r) => r.playedMs)}::int[], ${col((r) => r.cacheHit)}::boolean[], ${col((r) => r.kstDay)}::date[]
      ) as t(id, music_id, library_id, music_title, music_source, started_at, played_ms, cache_hit, kst_day)
    ), inserted as (
      insert into playback_logs (id, hq_id, store_id, device_id, music_id, library_id, music_title, music_source, is_trust, started_at, played_ms, cache_hit, kst_day, recorded_at)
      select id, ${b.hqId}::uuid, ${b.storeId}::uuid, ${b.deviceId}::uuid, music_id, library_id, music_title, music_source, music_source = 'TRUST',
             started_at, played_ms, cache_hit, kst_day, ${at}::timestamptz
      from input cross join state
      on conflict do nothing
      returning kst_day, is_trust, played_ms, cache_hit
    ), totals as (
      insert into playback_daily_totals as d (store_id, day, hq_id, trust_count, non_trust_count, trust_played_ms, non_trust_played_ms, cache_hit_count, cache_miss_count, updated_at)
      select ${b.storeId}::uuid, kst_day, ${b.hqId}::uuid,
             count(*) filter (where is_trust), count(*) filter (where not is_trust),
             coalesce(sum(played_ms) filter (where is_trust), 0), coalesce(sum(played_ms) filter (where not is_trust), 0),
             count(*) filter (where cache_hit), count(*) filter (where not cache_hit), ${at}::timestamptz
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
    ), counted as (
      insert into commercial_cursors as c (store_id, hq_id, commercial_id, songs_since_commercial, updated_at)
      select ${b.storeId}::uuid, ${b.hqId}::uuid, null, count(*), ${at}::timestamptz from inserted having count(*) > 0
      on conflict (store_id) do update set songs_since_commercial = c.songs_since_commercial + excluded.songs_since_commercial, updated_at = excluded.updated_at
      returning 1
    )
    select o.signal_emitted_at, o.signal_emitted_state, (o.reporter_exists is not null) as reporter_existed,
           (select count(*) from inserted)::int as inserted
    from (select 1) as x
    left join (select signal_emitted_at, signal_emitted_state, true as reporter_exists from old) as o on true`;
};

/** Records a report in one statement; answers how many logs were new and the reporter's previous signal. */
export const recordReport = async (db: DbExecutor, write: ReportWrite): Promise<{ inserted: number; previous: PreviousSignal | undefined }> => {
  const result = await db.execute<{ signal_emitted_at: string | Date | null; signal_emitted_state: string | null; reporter_existed: boolean; inserted: number }>(recordReportQuery(write));
  const row = result.rows[0]!;
  const emittedAt = row.signal_emitted_at === null ? null : readInstant(row.signal_emitted_at);
  return {
    inserted: Number(row.inserted),
    previous: row.reporter_existed ? { signalEmittedAt: emittedAt, signalEmittedState: row.signal_emitted_state } : undefined,
  };
};

export type RepeatedReport = Omit<ReportWrite, 'ids' | 'rows' | 'deviceId'> & { batchDigest: string };

/**
 * A report whose batch is one the reporter recorded lately (its digest among the state row's
 * recent_batch_digests): every log would conflict, so only the state and last-signal time are
 * written, and the store's signal hour — the same writes recordReport makes for an all-duplicate
 * batch, without sending or inserting the logs. The digest is compared on the locked row (a
 * concurrent report of the reporter is waited for and its digests seen). Answers the reporter's
 * previous signal, or undefined when the digest is not among them (nothing written then: the
 * caller records the report in full).
 */
export const recordRepeatedReport = async (db: DbExecutor, b: RepeatedReport): Promise<PreviousSignal | undefined> => {
  // signal_emitted_* are not set here, so RETURNING gives their values from before the report.
  const result = await db.execute<{ signal_emitted_at: string | Date | null; signal_emitted_state: string | null }>(sql`
    with updated as (
      update playback_states set hq_id = ${b.hqId}::uuid, state = ${b.state}, current_music_id = ${b.currentMusicId}, last_signal_at = ${b.recordedAt.toISOString()}::timestamptz
      where reporter_id = ${b.reporterId}::uuid and ${b.batchDigest}::text = any(recent_batch_digests)
      returning signal_emitted_at, signal_emitted_state
    ), signal_hour as (
      insert into playback_signal_hours (store_id, hq_id, hour_start)
      select ${b.storeId}::uuid, ${b.hqId}::uuid, ${hourStart(b.recordedAt).toISOString()}::timestamptz from updated
      on conflict do nothing
      returning 1
    )
    select signal_emitted_at, signal_emitted_state from updated`);
  const row = result.rows[0];
  if (!row) return undefined;
  return { signalEmittedAt: row.signal_emitted_at === null ? null : readInstant(row.signal_emitted_at), signalEmittedState: row.signal_emitted_state };
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
