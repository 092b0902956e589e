import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, bigint, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '@storecast/service-kit';
import type { MusicSource, TagType } from '../domain/enums';

const ts = (name: string) => timestamptz(name, { precision: 3 });

/** Uploaded music. Soft-deleted rows (deleted_at) are kept MUSIC_RETENTION_DAYS, then purged. */
export const music = pgTable(
  'music',
  {
    id: uuid('id').primaryKey(),
    title: text('title').notNull(),
    durationSeconds: doublePrecision('duration_seconds').notNull(),
    musicSource: text('music_source').$type<MusicSource>().notNull(),
    /** `{prefix}/{id}.mp3` in the bucket. */
    fileKey: text('file_key').notNull(),
    /** Size of the stored (rewritten) file. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Exactly one genre once tagged; null until the operator sets it. */
    genreId: uuid('genre_id').references(() => tagOptions.id),
    /** The (genre, moods) combination of the music, for ranking by tags (search); null until tagged. */
    tagSignatureId: uuid('tag_signature_id'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('music_list_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`deleted_at is null`),
    /** Public catalog pages in ascending (created_at, id) order: keyset and offset walk this index. */
    index('music_public_order_idx').on(t.createdAt, t.id).where(sql`deleted_at is null`),
    /** Public catalog pages by genre (keyset on created_at, id within a genre). */
    index('music_genre_list_idx').on(t.genreId, t.createdAt, t.id).where(sql`deleted_at is null`),
    index('music_signature_idx').on(t.tagSignatureId, t.createdAt.desc(), t.id.desc()).where(sql`deleted_at is null`),
    index('music_deleted_idx').on(t.deletedAt).where(sql`deleted_at is not null`),
    check('music_source_check', sql`${t.musicSource} in ('AI','TRUST')`),
    check('music_duration_check', sql`${t.durationSeconds} > 0`),
  ],
);

/** GENRE and MOOD options; "delete" deactivates (deactivated_at), the option stays on tagged music. */
export const tagOptions = pgTable(
  'tag_options',
  {
    id: uuid('id').primaryKey(),
    type: text('type').$type<TagType>().notNull(),
    value: text('value').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    deactivatedAt: ts('deactivated_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('tag_options_type_value_key').on(t.type, t.value),
    check('tag_options_type_check', sql`${t.type} in ('GENRE','MOOD')`),
  ],
);

/**
 * Each distinct (genre, sorted mood ids) combination of tagged music. Search scores depend on a
 * track's tags only through this combination, so they are computed per signature (a few thousand
 * rows) and tracks are then read newest first per signature (music_signature_idx).
 */
export const tagSignatures = pgTable(
  'tag_signatures',
  {
    id: uuid('id').primaryKey(),
    genreId: uuid('genre_id').notNull(),
    moodIds: uuid('mood_ids').array().notNull(),
  },
  (t) => [uniqueIndex('tag_signatures_genre_moods_key').on(t.genreId, t.moodIds)],
);

/** Moods of a music (zero or more). */
export const musicMoods = pgTable(
  'music_moods',
  {
    musicId: uuid('music_id').notNull().references(() => music.id, { onDelete: 'cascade' }),
    moodId: uuid('mood_id').notNull().references(() => tagOptions.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.musicId, t.moodId] }), index('music_moods_mood_idx').on(t.moodId)],
);

/** Libraries: one music type each, shared by every HQ (no owner). Soft-deleted. */
export const libraries = pgTable(
  'libraries',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type').$type<MusicSource>().notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('libraries_name_idx').on(t.name, t.id).where(sql`deleted_at is null`), check('libraries_type_check', sql`${t.type} in ('AI','TRUST')`)],
);

/** Music of a library; created_at is the assignment time (lists show the newest first). */
export const libraryMusic = pgTable(
  'library_music',
  {
    libraryId: uuid('library_id').notNull().references(() => libraries.id),
    musicId: uuid('music_id').notNull().references(() => music.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.libraryId, t.musicId] }),
    index('library_music_newest_idx').on(t.libraryId, t.createdAt.desc(), t.musicId.desc()),
    index('library_music_music_idx').on(t.musicId),
  ],
);

/** Playlists of an HQ; at most one default per HQ. Soft-deleted. */
export const playlists = pgTable(
  'playlists',
  {
    id: uuid('id').primaryKey(),
    hqId: uuid('hq_id').notNull(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('playlists_one_default_per_hq').on(t.hqId).where(sql`is_default and deleted_at is null`),
    index('playlists_hq_list_idx').on(t.hqId, t.createdAt.desc(), t.id.desc()).where(sql`deleted_at is null`),
  ],
);

/** Ordered libraries of a playlist (0-based positions, no gaps). */
export const playlistLibraries = pgTable(
  'playlist_libraries',
  {
    playlistId: uuid('playlist_id').notNull().references(() => playlists.id),
    libraryId: uuid('library_id').notNull().references(() => libraries.id),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playlistId, t.libraryId] }),
    uniqueIndex('playlist_libraries_position_key').on(t.playlistId, t.position),
    index('playlist_libraries_library_idx').on(t.libraryId),
  ],
);

/** The active playlist of a store (absent: the store follows the HQ default). */
export const storePlaylists = pgTable(
  'store_playlists',
  {
    storeId: uuid('store_id').primaryKey(),
    hqId: uuid('hq_id').notNull(),
    playlistId: uuid('playlist_id').notNull().references(() => playlists.id),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('store_playlists_playlist_idx').on(t.playlistId), index('store_playlists_hq_idx').on(t.hqId)],
);

/** The own playlist of a device (absent: the device follows its store). */
export const devicePlaylists = pgTable(
  'device_playlists',
  {
    deviceId: uuid('device_id').primaryKey(),
    storeId: uuid('store_id').notNull(),
    hqId: uuid('hq_id').notNull(),
    playlistId: uuid('playlist_id').notNull().references(() => playlists.id),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [index('device_playlists_playlist_idx').on(t.playlistId), index('device_playlists_store_idx').on(t.storeId)],
);

/**
 * One row: the catalog's revision, bumped once by every transaction that changes what a public
 * catalog count reads (music's genre, duration or deletion, music_moods, tag_options' type or
 * value), by deferred triggers at commit (migration 0006). A count read in the same statement as
 * the revision is exact for as long as the revision stays (app/catalog-counts.ts).
 */
export const catalogRevision = pgTable(
  'catalog_revision',
  {
    id: integer('id').primaryKey(),
    revision: bigint('revision', { mode: 'bigint' }).notNull(),
  },
  (t) => [check('catalog_revision_single_row', sql`${t.id} = 1`)],
);

export const schema = { music, tagOptions, tagSignatures, musicMoods, libraries, libraryMusic, playlists, playlistLibraries, storePlaylists, devicePlaylists, catalogRevision };
export type CatalogSchema = typeof schema;
export type MusicRow = typeof music.$inferSelect;
export type TagOptionRow = typeof tagOptions.$inferSelect;
export type LibraryRow = typeof libraries.$inferSelect;
export type PlaylistRow = typeof playlists.$inferSelect;
