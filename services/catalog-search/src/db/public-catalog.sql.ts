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

const statementNames = new Map<string, string>();

/**
 * A stable name for a statement's text (FNV-1a of the text), so pg prepares it once per
 * connection and later calls skip PostgreSQL's parse and analysis. The texts are few (one per
 * filter combination), so the map stays small.
 */
export const statementName = (text: string): string => {
  let name = statementNames.get(text);
  if (name === undefined) {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    name = `catalog_${(h >>> 0).toString(36)}_${text.length}`;
    statementNames.set(text, name);
  }
  return name;
};

/**
 * An instant as spec 01 writes it (ISO 8601, UTC, milliseconds, Z), formatted by PostgreSQL: the
 * driver then hands over text, with no Date parsed per column and formatted back per response.
 * MS truncates the microseconds, as a JavaScript Date did. The colons are quoted literals so that
 * pgbench (bench/) does not read `:MI` as one of its variables.
 */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24":"MI":"SS.MS"Z"')`;

/** The Track columns: music, its genre and its moods (MoodLink detail, in TrackRow's keys) aggregated in one row. */
const TRACK_COLUMNS = `m.id, m.duration_seconds, m.file_key, ${iso('m.created_at')} as created_at, ${iso('m.updated_at')} as updated_at,
  g.id as genre_id, g.value as genre_name, ${iso('g.created_at')} as genre_created_at, ${iso('g.updated_at')} as genre_updated_at, ${iso('g.deactivated_at')} as genre_deleted_at,
  coalesce((select json_agg(json_build_object('moodId', o.id, 'name', o.value, 'createdAt', ${iso('o.created_at')}, 'updatedAt', ${iso('o.updated_at')}, 'deletedAt', ${iso('o.deactivated_at')}) order by o.sort_order, o.value, o.id)
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
 * Constant bounds of the keyset scan, each serving pages of up to itself rows (take + 1 ≤ 101).
 * PostgreSQL's generic plan reads a tenth of the bound, so each bound is at most ten times the
 * smallest page it serves (21 for 2–21 rows, 101 for 22–101): then no custom plan looks cheaper.
 */
const CURSOR_SCAN_BOUNDS = [21, 101] as const;

/**
 * Keyset page: rows strictly after (createdAt, id), take + 1 of them (the extra row says whether
 * more follow), read from music_public_order_idx (or music_genre_list_idx); the Track columns are
 * built for those rows only. No count.
 *
 * The keyset scan is bounded by a constant and the page size is the outer LIMIT: with `limit $n`
 * on the scan, PostgreSQL costs the statement's generic plan as if a tenth of the table were read,
 * never prefers it, and plans the statement again on every call (0.5 ms of a 1.6 ms page, measured
 * in bench/README.md). With a constant bound (CURSOR_SCAN_BOUNDS) the generic plan costs no more
 * than a custom one and is kept after five calls; the plan is pipelined (index order, nested
 * loop, no sort), so the scan still stops after take + 1 rows.
 */
export const cursorPageQuery = (filter: CatalogFilter, take: number, after?: { createdAt: Date; id: string }): SqlQuery => {
  const values: unknown[] = [];
  const where = whereOf(filter, values);
  if (after) {
    values.push(after.createdAt, after.id);
    where.push(`(m.created_at, m.id) > ($${values.length - 1}::timestamptz, $${values.length}::uuid)`);
  }
  values.push(take + 1);
  // take ≤ 100 is validated before: 101 bounds every page.
  const bound = CURSOR_SCAN_BOUNDS.find((rows) => take + 1 <= rows) ?? 101;
  return {
    text: `select ${TRACK_COLUMNS} from (select m.* from music m where m.genre_id is not null and ${where.join(' and ')} order by m.created_at, m.id limit ${bound}) m
  join tag_options g on g.id = m.genre_id order by m.created_at, m.id limit $${values.length}`,
    values,
  };
};

/**
 * The catalog's revision (migration 0006), read in the same statement, hence the same snapshot, as
 * the rows beside it: an offset page and a count that carry the same revision saw the same catalog.
 */
const REVISION = `(select revision from catalog_revision where id = 1) as revision`;

/**
 * Offset page (take rows after skip), each row carrying the catalog's revision. The skipped rows are walked on the index alone and the
 * Track columns (genre, moods) are built for the page's rows only (a deferred join); the walk
 * itself still grows with skip — that is what offset paging costs.
 */
export const offsetPageQuery = (filter: CatalogFilter, take: number, skip: number): SqlQuery => {
  const values: unknown[] = [];
  const where = whereOf(filter, values);
  values.push(take, skip);
  return {
    text: `select ${TRACK_COLUMNS}, ${REVISION} from (select m.id from music m where m.genre_id is not null and ${where.join(' and ')} order by m.created_at, m.id limit $${values.length - 1} offset $${values.length}) page
  join music m on m.id = page.id join tag_options g on g.id = m.genre_id order by m.created_at, m.id`,
    values,
  };
};

/** How many tracks the filter selects (offset mode's PageMeta only), and at which catalog revision. */
export const countQuery = (filter: CatalogFilter): SqlQuery => {
  const values: unknown[] = [];
  const where = whereOf(filter, values);
  return { text: `select count(*)::int as n, ${REVISION} from music m where m.genre_id is not null and ${where.join(' and ')}`, values };
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
