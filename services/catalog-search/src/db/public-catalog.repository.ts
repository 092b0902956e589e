import type { TrackRow } from '../domain/track';
import { countQuery, cursorPageQuery, offsetPageQuery, statementName, trackByIdQuery, tracksByIdsQuery, type CatalogFilter, type SqlQuery } from './public-catalog.sql';
import { moodMatchQuery, similarQuery, tagsMatchingKeywordsQuery, textSearchQuery, type SimilarParams, type TextSearchParams } from './search.sql';

/** Plain SQL of the public API runs on the pool (the statements are shared with the benchmark). */
export interface Db {
  query(statement: { name?: string; text: string; values?: unknown[] }): Promise<{ rows: unknown[] }>;
}
export type { TrackRow };

interface RawTrack {
  id: string;
  duration_seconds: number;
  file_key: string;
  created_at: string;
  updated_at: string;
  genre_id: string;
  genre_name: string;
  genre_created_at: string;
  genre_updated_at: string;
  genre_deleted_at: string | null;
  /** Already in TrackRow's shape (json_build_object in TRACK_COLUMNS). */
  moods: TrackRow['moods'];
}

const toTrackRow = (r: RawTrack): TrackRow => ({
  id: r.id,
  durationSeconds: r.duration_seconds,
  fileKey: r.file_key,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
  genre: { id: r.genre_id, name: r.genre_name, createdAt: r.genre_created_at, updatedAt: r.genre_updated_at, deletedAt: r.genre_deleted_at },
  moods: r.moods,
});

/** Every statement is named (prepared once per connection; see statementName). */
const run = async <T>(db: Db, q: SqlQuery): Promise<T[]> => (await db.query({ name: statementName(q.text), text: q.text, values: q.values })).rows as T[];

/** take + 1 rows after the cursor (the extra one tells whether more follow). */
export const tracksAfter = async (db: Db, filter: CatalogFilter, take: number, after?: { createdAt: Date; id: string }): Promise<TrackRow[]> =>
  (await run<RawTrack>(db, cursorPageQuery(filter, take, after))).map(toTrackRow);

/** An offset page and the catalog revision it was read at (undefined for an empty page: no row carried it). */
export const tracksAt = async (db: Db, filter: CatalogFilter, take: number, skip: number): Promise<{ tracks: TrackRow[]; revision: string | undefined }> => {
  const rows = await run<RawTrack & { revision: string | null }>(db, offsetPageQuery(filter, take, skip));
  return { tracks: rows.map(toTrackRow), revision: rows[0]?.revision ?? undefined };
};

/**
 * How many tracks a filter selects, exact at `revision` (a bigint, as pg hands it over: text;
 * undefined if the revision row were missing, and then never kept).
 */
export interface CatalogCount {
  total: number;
  revision: string | undefined;
}

export const countTracks = async (db: Db, filter: CatalogFilter): Promise<CatalogCount> => {
  const row = (await run<{ n: number; revision: string | null }>(db, countQuery(filter)))[0]!;
  return { total: row.n, revision: row.revision ?? undefined };
};

export const trackById = async (db: Db, id: string): Promise<TrackRow | undefined> => (await run<RawTrack>(db, trackByIdQuery(id))).map(toTrackRow)[0];

/** Tracks by ids in the order of the ids (missing ones left out). */
export const tracksByIds = async (db: Db, ids: readonly string[]): Promise<TrackRow[]> => {
  if (!ids.length) return [];
  const byId = new Map((await run<RawTrack>(db, tracksByIdsQuery(ids))).map((r) => [r.id, toTrackRow(r)]));
  return ids.map((id) => byId.get(id)).filter((t): t is TrackRow => t !== undefined);
};

export interface TitledMusic {
  id: string;
  title: string;
  genreId: string | null;
  durationSeconds: number;
  moodIds: string[];
}

/** Title, genre, duration and moods of live music (search results and the similar seed). */
export const musicForSearch = async (db: Db, ids: readonly string[]): Promise<Map<string, TitledMusic>> => {
  if (!ids.length) return new Map();
  const rows = await run<{ id: string; title: string; genre_id: string | null; duration_seconds: number; mood_ids: string[] }>(db, {
    text: `select m.id, m.title, m.genre_id, m.duration_seconds, coalesce(array(select mood_id from music_moods mm where mm.music_id = m.id), '{}') as mood_ids
      from music m where m.deleted_at is null and m.id = any($1::uuid[])`,
    values: [ids],
  });
  return new Map(rows.map((r) => [r.id, { id: r.id, title: r.title, genreId: r.genre_id, durationSeconds: r.duration_seconds, moodIds: r.mood_ids }]));
};

export interface RankedHit {
  musicId: string;
  score: number;
  total: number;
  tagIds: string[];
  titleScore: number;
}

export const rankByText = async (db: Db, params: TextSearchParams): Promise<RankedHit[]> =>
  (await run<{ music_id: string; tag_ids: string[] | null; title_score: number; score: number; total: string }>(db, textSearchQuery(params))).map((r) => ({
    musicId: r.music_id,
    score: r.score,
    total: Number(r.total),
    tagIds: r.tag_ids ?? [],
    titleScore: r.title_score,
  }));

export interface KeywordTag {
  id: string;
  type: 'GENRE' | 'MOOD';
  value: string;
  keyword: string;
  match: number;
}

export const tagsMatchingKeywords = async (db: Db, keywords: string[]): Promise<KeywordTag[]> =>
  keywords.length ? run<KeywordTag>(db, tagsMatchingKeywordsQuery(keywords)) : [];

export interface SimilarHit {
  musicId: string;
  score: number;
  total: number;
  genreScore: number;
  shared: number;
  moodIds: string[];
  durationScore: number;
}

export const rankSimilar = async (db: Db, params: SimilarParams): Promise<SimilarHit[]> =>
  (
    await run<{ music_id: string; score: number; total: string; genre_score: string; shared: string; mood_ids: string[] | null; duration_score: number }>(db, similarQuery(params))
  ).map((r) => ({
    musicId: r.music_id,
    score: r.score,
    total: Number(r.total),
    genreScore: Number(r.genre_score),
    shared: Number(r.shared),
    moodIds: r.mood_ids ?? [],
    durationScore: r.duration_score,
  }));

export const rankByMoods = async (db: Db, moodIds: string[], scores: number[], limit: number): Promise<Array<{ musicId: string; score: number; total: number; moodIds: string[] }>> =>
  moodIds.length
    ? (await run<{ music_id: string; score: number; total: string; mood_ids: string[] | null }>(db, moodMatchQuery(moodIds, scores, limit))).map((r) => ({
        musicId: r.music_id,
        score: r.score,
        total: Number(r.total),
        moodIds: r.mood_ids ?? [],
      }))
    : [];
