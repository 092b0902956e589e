import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '@storecast/service-kit';

const ts = (name: string) => timestamptz(name, { precision: 3 });

/**
 * One play reported by a store player. Stored once per (store, music, startedAt) for store-level
 * reports and once per (device, music, startedAt) for device-level ones (two partial unique
 * indexes; the batch insert is ON CONFLICT DO NOTHING). music_title / music_source are the
 * catalog's values when the log was recorded (musicSource is immutable); kst_day is the Asia/Seoul
 * day of started_at, the day its daily total counts in.
 */
export const playbackLogs = pgTable(
  'playback_logs',
  {
    id: uuid('id').primaryKey(),
    hqId: uuid('hq_id').notNull(),
    storeId: uuid('store_id').notNull(),
    deviceId: uuid('device_id'),
    musicId: uuid('music_id').notNull(),
    libraryId: uuid('library_id'),
    musicTitle: text('music_title').notNull(),
    musicSource: text('music_source').notNull(),
    isTrust: boolean('is_trust').notNull(),
    startedAt: ts('started_at').notNull(),
    playedMs: integer('played_ms').notNull(),
    cacheHit: boolean('cache_hit'),
    kstDay: date('kst_day', { mode: 'string' }).notNull(),
    recordedAt: ts('recorded_at').notNull(),
  },
  (t) => [
    uniqueIndex('playback_logs_store_play_uq').on(t.storeId, t.musicId, t.startedAt).where(sql`device_id is null`),
    uniqueIndex('playback_logs_device_play_uq').on(t.deviceId, t.musicId, t.startedAt).where(sql`device_id is not null`),
    index('playback_logs_hq_started_idx').on(t.hqId, t.startedAt.desc(), t.id.desc()),
    index('playback_logs_store_started_idx').on(t.storeId, t.startedAt.desc(), t.id.desc()),
    index('playback_logs_started_idx').on(t.startedAt.desc(), t.id.desc()),
    check('playback_logs_source', sql`${t.musicSource} in ('AI', 'TRUST')`),
    check('playback_logs_played_ms', sql`${t.playedMs} between 0 and 86400000`),
  ],
);

/**
 * Daily totals per store per KST day, split trust / non-trust, counting only logs actually
 * inserted (the insert statement adds what its RETURNING gave back). Cache hits and misses count
 * only logs that reported cacheHit (null is excluded from hit-rate statistics).
 */
export const playbackDailyTotals = pgTable(
  'playback_daily_totals',
  {
    storeId: uuid('store_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    hqId: uuid('hq_id').notNull(),
    trustCount: integer('trust_count').notNull().default(0),
    nonTrustCount: integer('non_trust_count').notNull().default(0),
    trustPlayedMs: bigint('trust_played_ms', { mode: 'number' }).notNull().default(0),
    nonTrustPlayedMs: bigint('non_trust_played_ms', { mode: 'number' }).notNull().default(0),
    cacheHitCount: integer('cache_hit_count').notNull().default(0),
    cacheMissCount: integer('cache_miss_count').notNull().default(0),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.day] }), index('playback_daily_totals_hq_day_idx').on(t.hqId, t.day)],
);

/**
 * The current state of a store player, one row per reporter: the store itself (device_id null)
 * or one of its valid devices. reporter_id is the device id, else the store id. OFFLINE is never
 * stored: it is derived from last_signal_at when read. signal_emitted_* throttle the
 * playback.store.signal event; recent_batch_digests let an all-duplicate retry skip the log insert.
 */
export const playbackStates = pgTable(
  'playback_states',
  {
    reporterId: uuid('reporter_id').primaryKey(),
    hqId: uuid('hq_id').notNull(),
    storeId: uuid('store_id').notNull(),
    deviceId: uuid('device_id'),
    state: text('state').notNull(),
    currentMusicId: text('current_music_id'),
    lastSignalAt: ts('last_signal_at').notNull(),
    signalEmittedAt: ts('signal_emitted_at'),
    signalEmittedState: text('signal_emitted_state'),
    /**
     * batchDigest of the reporter's last recorded batches with logs, newest first, at most
     * RECENT_BATCHES: a retry of one of them records nothing (recordRepeatedReport).
     */
    recentBatchDigests: text('recent_batch_digests').array(),
  },
  (t) => [index('playback_states_hq_idx').on(t.hqId, t.storeId), check('playback_states_state', sql`${t.state} in ('PLAYING', 'PAUSED', 'SILENT')`)],
);

/**
 * The commercial cadence of a store (spec 03 § Commercial songs, counted from play reports):
 * commercial_id is the cursor, the last commercial song the store reported played (the next one is
 * the first active song with a greater id, wrapping to the first), commercial_started_at when that
 * play started (an older play reported late does not move the cursor back), and
 * songs_since_commercial the music plays stored since the last commercial (each inserted log adds
 * one; each stored commercial play subtracts the effective cycle N, never below 0). Cleared when
 * the cursor's song is deleted for good (dispatch.commercial.purged, catalog.music.purged):
 * commercial_id null. Queue reads only read this row.
 */
export const commercialCursors = pgTable(
  'commercial_cursors',
  {
    storeId: uuid('store_id').primaryKey(),
    hqId: uuid('hq_id').notNull(),
    commercialId: uuid('commercial_id'),
    commercialStartedAt: ts('commercial_started_at'),
    songsSinceCommercial: integer('songs_since_commercial').notNull().default(0),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('commercial_cursors_commercial_idx').on(t.commercialId), check('commercial_cursors_songs_since', sql`${t.songsSinceCommercial} >= 0`)],
);

/**
 * One commercial song a store player reported played, stored once per (store, commercial,
 * startedAt) whichever of the store's reporters sent it (device_id: the valid device that did, else
 * null). Only a newly stored play moves the store's cursor and count (commercial_cursors).
 */
export const commercialPlays = pgTable(
  'commercial_plays',
  {
    id: uuid('id').primaryKey(),
    hqId: uuid('hq_id').notNull(),
    storeId: uuid('store_id').notNull(),
    deviceId: uuid('device_id'),
    commercialId: uuid('commercial_id').notNull(),
    startedAt: ts('started_at').notNull(),
    playedMs: integer('played_ms'),
    recordedAt: ts('recorded_at').notNull(),
  },
  (t) => [
    uniqueIndex('commercial_plays_store_play_uq').on(t.storeId, t.commercialId, t.startedAt),
    index('commercial_plays_hq_idx').on(t.hqId),
    check('commercial_plays_played_ms', sql`${t.playedMs} between 0 and 86400000`),
  ],
);

/**
 * The UTC hours in which a store signalled, through any of its reporters: one row per (store,
 * hour), inserted by every report's statement ON CONFLICT DO NOTHING (the first report of the
 * hour writes it, the others find the primary key taken). The HQ offline-hours view counts them
 * per store through the primary key; rows older than PLAYBACK_SIGNAL_HOURS_RETENTION_DAYS (35)
 * are pruned hourly through playback_signal_hours_hour_idx, a purged HQ's through
 * playback_signal_hours_hq_idx.
 */
export const playbackSignalHours = pgTable(
  'playback_signal_hours',
  {
    storeId: uuid('store_id').notNull(),
    hqId: uuid('hq_id').notNull(),
    hourStart: ts('hour_start').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.hourStart] }),
    index('playback_signal_hours_hour_idx').on(t.hourStart),
    index('playback_signal_hours_hq_idx').on(t.hqId, t.hourStart),
  ],
);

export const schema = { playbackLogs, playbackDailyTotals, playbackStates, commercialCursors, commercialPlays, playbackSignalHours };
export type PlaybackSchema = typeof schema;
export type PlaybackLogRow = typeof playbackLogs.$inferSelect;
export type PlaybackStateRow = typeof playbackStates.$inferSelect;
export type DailyTotalRow = typeof playbackDailyTotals.$inferSelect;
export type CommercialCursorRow = typeof commercialCursors.$inferSelect;
