/**
 * The SQL of the public catalog (spec 01), built as plain text + values so the benchmark runs
 * exactly the statements the service runs (bench/catalog-paging.bench.mjs loads the built file).
 * Order: created_at ascending, then id (a new track lands at the end; a client holding the last
 * row it read can ask again later for what was added since).
 */

export interface CatalogFilter {
  genre?: string;
  mood?: string;
  durationStart?: number;
  durationEnd?: number;
}

export interface SqlQuery {
  text: string;
  values: unknown[];
}

/** The Track columns: music, its genre and its moods (MoodLink detail) aggregated in one row. */
const TRACK_COLUMNS = `m.id, m.duration_seconds, m.file_key, m.created_at, m.updated_at, m.deleted_at,
  g.id as genre_id, g.value as genre_name, g.created_at as genre_created_at, g.updated_at as genre_updated_at, g.deactivated_at as genre_deleted_at,
  coalesce((select json_agg(json_build_object('mood_id', o.id, 'name', o.value, 'created_at', o.created_at, 'updated_at', o.updated_at, 'deleted_at', o.deactivated_at) order by o.sort_order, o.value, o.id)
    from music_moods mm join tag_options o on o.id = mm.mood_id where mm.music_id = m.id), '[]'::json) as moods`;

const whereOf = (filter: CatalogFilter, values: unknown[]): string[] => {
  const where = ['m.deleted_at is null'];
  const param = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  if (filter.genre !== undefined) where.push(`m.genre_id in (select id from tag_options where type = 'GENRE' and lower(value) = lower(${param(filter.genre)}))`);
  if (filter.mood !== undefined)
    where.push(`exists (select 1 from music_moods fm join tag_options fo on fo.id = fm.mood_id where fm.music_id = m.id and fo.type = 'MOOD' and lower(fo.value) = lower(${param(filter.mood)}))`);
  if (filter.durationStart !== undefined) where.push(`m.duration_seconds >= ${param(filter.durationStart)}`);
  if (filter.durationEnd !== undefined) where.push(`m.duration_seconds <= ${param(filter.durationEnd)}`);
  return where;
};

/**
 * Keyset page: rows strictly after (createdAt, id), take + 1 of them (the extra row says whether
 * more follow), read from music_public_order_idx (or music_genre_list_idx); the Track columns are
 * built for those rows only. No count.
 */
export const cursorPageQuery = (filter: CatalogFilter, take: number, after?: { createdAt: Date; id: string }): SqlQuery => {
  const values: unknown[] = [];
  const where = whereOf(filter, values);
  if (after) {
    values.push(after.createdAt, after.id);
    where.push(`(m.created_at, m.id) > ($${values.length - 1}::timestamptz, $${values.length}::uuid)`);
  }
  values.push(take + 1);
  return {
    text: `select ${TRACK_COLUMNS} from (select m.* from music m where m.genre_id is not null and ${where.join(' and ')} order by m.created_at, m.id limit $${values.length}) m
  join tag_options g on g.id = m.genre_id order by m.created_at, m.id`,
    values,
  };
};

/**
 * Offset page (take rows after skip). The skipped rows are walked on the index alone and the
 * Track columns (genre, moods) are built for the page's rows only (a deferred join); the walk
 * itself still grows with skip — that is what offset paging costs.
 */
export const offsetPageQuery = (filter: CatalogFilter, take: number, skip: number): SqlQuery => {
  const values: unknown[] = [];
  const where = whereOf(filter, values);
  values.push(take, skip);
  return {
    text: `select ${TRACK_COLUMNS} from (select m.id from music m where m.genre_id is not null and ${where.join(' and ')} order by m.created_at, m.id limit $${values.length - 1} offset $${values.length}) page
  join music m on m.id = page.id join tag_options g on g.id = m.genre_id order by m.created_at, m.id`,
    values,
  };
};

/** How many tracks the filter selects (offset mode's PageMeta only). */
export const countQuery = (filter: CatalogFilter): SqlQuery => {
  const values: unknown[] = [];
  const where = whereOf(filter, values);
  return { text: `select count(*)::int as n from music m where m.genre_id is not null and ${where.join(' and ')}`, values };
};

/** One live, tagged track. */
export const trackByIdQuery = (id: string): SqlQuery => ({
  text: `select ${TRACK_COLUMNS} from music m join tag_options g on g.id = m.genre_id where m.deleted_at is null and m.id = $1`,
  values: [id],
});

/** Tracks by ids (search results), live and tagged only. */
export const tracksByIdsQuery = (ids: readonly string[]): SqlQuery => ({
  text: `select ${TRACK_COLUMNS} from music m join tag_options g on g.id = m.genre_id where m.deleted_at is null and m.id = any($1::uuid[])`,
  values: [ids],
});
