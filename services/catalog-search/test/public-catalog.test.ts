import { Pool } from 'pg';
import { eventually } from '@storecast/service-kit/testing';
import { startHarness, type Harness } from './support/harness';
import { GENRE_VALUES, generateCatalog, seedCatalog, type SeededTrack } from '../eval/catalog-seed';
import { countQuery, cursorPageQuery, statementName, type SqlQuery } from '../src/db/public-catalog.sql';

interface PlanNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

const legacy = (statusCode: number, message: string) => ({ message, error: 'Bad Request', statusCode });
const M = {
  takeLimit: 'Take number has exceeded the limit. Take <= 100',
  takeMissing: 'Number of music tracks to be called is missing.',
  duration: 'Invalid duration input.',
  invalid: 'Invalid Parameter Value',
  notFound: 'Requested resource was not found.',
};

describe('public catalog API (spec 01: cursor, offset, by id)', () => {
  let h: Harness;
  let tracks: SeededTrack[];
  const DELETED = '0190c6a0-0000-7000-8000-00000000d001';
  const UNTAGGED = '0190c6a0-0000-7000-8000-00000000d002';
  const TIE_A = '0190c6a0-0000-7000-8000-00000000e001';
  const TIE_B = '0190c6a0-0000-7000-8000-00000000e002';

  beforeAll(async () => {
    h = await startHarness({ PUBLIC_SOURCE_BASE_URL: 'https://cdn.storecast.test/audio/' });
    tracks = generateCatalog(40);
    await seedCatalog(h.service.ctx.pool, tracks);
    const pool = h.service.ctx.pool;
    // A deleted track, an untagged one, and two created at the same millisecond (order falls to the id).
    await pool.query(`insert into music (id, title, duration_seconds, music_source, file_key, size_bytes, genre_id, created_at, updated_at, deleted_at)
      select $1, 'Gone', 100, 'AI', 'music/gone.mp3', 1, (select id from tag_options where value = 'Jazz'), '2026-11-02T00:00:00Z', '2026-11-02T00:00:00Z', '2026-11-03T00:00:00Z'`, [DELETED]);
    await pool.query(`insert into music (id, title, duration_seconds, music_source, file_key, size_bytes, created_at, updated_at) values ($1, 'Untagged', 100, 'AI', 'music/u.mp3', 1, '2026-11-02T00:00:00Z', '2026-11-02T00:00:00Z')`, [UNTAGGED]);
    for (const id of [TIE_B, TIE_A])
      await pool.query(`insert into music (id, title, duration_seconds, music_source, file_key, size_bytes, genre_id, created_at, updated_at) select $1::uuid, 'Tie', 61.5, 'TRUST', 'music/' || $1::text || '.mp3', 1, (select id from tag_options where value = 'Rock'), '2026-11-05T00:00:00.123Z', '2026-11-05T00:00:00.123Z'`, [id]);
  });
  afterAll(() => h.stop());

  const get = (path: string) => h.call('GET', path);
  const liveIds = () => [...tracks.map((t) => t.id), TIE_A, TIE_B];

  describe('cursor mode', () => {
    it('walks every live, tagged track once in (created_at, id) order; the cursor is null after the last page', async () => {
      const seen: string[] = [];
      let path = '/v1/music/cursor?take=7';
      for (let i = 0; i < 20; i++) {
        const res = await get(path);
        expect(res.status).toBe(200);
        seen.push(...res.body.musics.map((m: { id: string }) => m.id));
        if (!res.body.cursor) break;
        expect(res.body.cursor).toEqual({ id: seen[seen.length - 1], created_at: res.body.musics[res.body.musics.length - 1].created_at });
        path = `/v1/music/cursor?take=7&id=${res.body.cursor.id}&created_at=${encodeURIComponent(res.body.cursor.created_at)}`;
      }
      expect(seen).toEqual(liveIds());
      expect(seen).not.toContain(DELETED);
      expect(seen).not.toContain(UNTAGGED);
    });

    it('rows with the same created_at are ordered and split by id', async () => {
      const first = await get(`/v1/music/cursor?take=1&id=${tracks[39]!.id}&created_at=${encodeURIComponent('2026-11-01T00:40:00.000Z')}`);
      expect(first.body.musics.map((m: { id: string }) => m.id)).toEqual([TIE_A]);
      expect(first.body.cursor).toEqual({ id: TIE_A, created_at: '2026-11-05T00:00:00.123Z' });
      const next = await get(`/v1/music/cursor?take=5&id=${TIE_A}&created_at=2026-11-05T00:00:00.123Z`);
      expect(next.body).toEqual({ musics: [expect.objectContaining({ id: TIE_B })], cursor: null });
    });

    it('answers the Track shape of spec 01 (snake_case, ISO 8601 with ms and Z, genre object, MoodLinks with detail)', async () => {
      const res = await get('/v1/music/cursor?take=1');
      const t = tracks[0]!;
      expect(res.body.musics[0]).toEqual({
        id: t.id,
        duration: t.durationSeconds,
        source: `https://cdn.storecast.test/audio/music/${t.id}.mp3`,
        created_at: '2026-11-01T00:01:00.000Z',
        updated_at: '2026-11-01T00:01:00.000Z',
        deleted_at: null,
        genre: { id: expect.any(String), name: 'Jazz', created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z', deleted_at: null },
        moods: expect.arrayContaining(
          t.moods.map(() => ({ music_id: t.id, mood_id: expect.any(String), detail: { name: expect.any(String), created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z', deleted_at: null } })),
        ),
      });
      expect(res.body.musics[0].moods).toHaveLength(t.moods.length);
    });

    it('filters by genre and mood (names, case-insensitive) and by an inclusive duration range', async () => {
      const jazz = await get('/v1/music/cursor?take=100&genre=jazz');
      expect(jazz.body.musics.map((m: { id: string }) => m.id)).toEqual(tracks.filter((t) => t.genre === 'jazz').map((t) => t.id));
      const calm = await get('/v1/music/cursor?take=100&mood=Calm');
      for (const m of calm.body.musics) expect(m.moods.map((l: { detail: { name: string } }) => l.detail.name)).toContain('Calm');
      const d = tracks[3]!.durationSeconds;
      const range = await get(`/v1/music/cursor?take=100&duration_start=${d}&duration_end=${d}`);
      expect(range.body.musics.length).toBeGreaterThan(0);
      for (const m of range.body.musics) expect(m.duration).toBe(d);
      expect((await get('/v1/music/cursor?take=10&genre=Polka')).body).toEqual({ musics: [], cursor: null });
    });

    it.each([
      ['take absent', '', M.takeMissing],
      ['take empty', 'take=', M.takeMissing],
      ['take 101', 'take=101', M.takeLimit],
      ['take 5000', 'take=5000', M.takeLimit],
      ['take 0', 'take=0', M.invalid],
      ['take negative', 'take=-1', M.invalid],
      ['take not a number', 'take=ten', M.invalid],
      ['take a fraction', 'take=1.5', M.invalid],
      ['take repeated', 'take=1&take=2', M.invalid],
      ['duration_start not a number', 'take=5&duration_start=abc', M.duration],
      ['duration_end negative', 'take=5&duration_end=-3', M.duration],
      ['duration_start above duration_end', 'take=5&duration_start=200&duration_end=100', M.duration],
      ['duration over a day', 'take=5&duration_end=90000', M.duration],
      ['id without created_at', `take=5&id=${TIE_A}`, M.invalid],
      ['created_at without id', 'take=5&created_at=2026-11-05T00:00:00.123Z', M.invalid],
      ['id not a UUID', 'take=5&id=42&created_at=2026-11-05T00:00:00.123Z', M.invalid],
      ['created_at not a date', `take=5&id=${TIE_A}&created_at=yesterday`, M.invalid],
      ['genre with a NUL byte', 'take=5&genre=ja%00zz', M.invalid],
      ['mood over 100 characters', `take=5&mood=${'x'.repeat(101)}`, M.invalid],
      ['take over 100 and a bad duration (take first)', 'take=101&duration_start=x', M.takeLimit],
    ])('%s → 400 "%s"', async (_name, query, message) => {
      const res = await get(`/v1/music/cursor?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(legacy(400, message));
    });

    it('take 100 and take 1 are accepted', async () => {
      expect((await get('/v1/music/cursor?take=100')).body.musics).toHaveLength(42);
      expect((await get('/v1/music/cursor?take=1')).body.musics).toHaveLength(1);
    });
  });

  describe('offset mode', () => {
    it('answers a page with PageMeta', async () => {
      const res = await get('/v1/music/offset?take=10&skip=20');
      expect(res.status).toBe(200);
      expect(res.body.musics.map((m: { id: string }) => m.id)).toEqual(liveIds().slice(20, 30));
      expect(res.body.meta).toEqual({ total_count: 42, total_pages: 5, current_page: 3, has_next_page: true, has_previous_page: true });
      expect((await get('/v1/music/offset?take=10&skip=0')).body.meta).toEqual({ total_count: 42, total_pages: 5, current_page: 1, has_next_page: true, has_previous_page: false });
      expect((await get('/v1/music/offset?take=10&skip=40')).body.meta).toMatchObject({ current_page: 5, has_next_page: false });
      expect((await get('/v1/music/offset?take=10&skip=100')).body).toEqual({ musics: [], meta: { total_count: 42, total_pages: 5, current_page: 11, has_next_page: false, has_previous_page: true } });
    });

    it('filters like cursor mode and counts only what the filter selects', async () => {
      const res = await get('/v1/music/offset?take=100&skip=0&genre=Rock');
      expect(res.body.meta.total_count).toBe(tracks.filter((t) => t.genre === 'rock').length + 2);
    });

    it.each([
      ['take absent', 'skip=0', M.takeMissing],
      ['take 101', 'take=101&skip=0', M.takeLimit],
      ['skip absent', 'take=10', M.invalid],
      ['skip negative', 'take=10&skip=-1', M.invalid],
      ['skip not a number', 'take=10&skip=x', M.invalid],
      ['duration invalid', 'take=10&skip=0&duration_start=1e3', M.duration],
    ])('%s → 400 "%s"', async (_name, query, message) => {
      const res = await get(`/v1/music/offset?${query}`);
      expect(res.body).toEqual(legacy(400, message));
    });
  });

  describe('by id', () => {
    it('answers one Track, not wrapped', async () => {
      const res = await get(`/v1/music/query?id=${tracks[5]!.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: tracks[5]!.id, duration: tracks[5]!.durationSeconds, deleted_at: null });
    });

    it('names JSON must escape, a fractional duration and an odd file key come out as stored', async () => {
      const pool = h.service.ctx.pool;
      const [id, genreId, moodId] = ['0190c6a0-0000-7000-8000-00000000f001', '0190c6a0-0000-7000-8000-00000000f002', '0190c6a0-0000-7000-8000-00000000f003'];
      const genre = 'Say "hi" \\ 재즈 🎷\ttab';
      // The moods' JSON is PostgreSQL's (json_agg in the Track columns): its escaping is under test too.
      const mood = '</script>\u2028\u0001';
      const fileKey = `music/it's "odd" ${id}.mp3`;
      await pool.query(`insert into tag_options (id, type, value, created_at, updated_at) values ($1, 'GENRE', $2, now(), now()), ($3, 'MOOD', $4, now(), now())`, [genreId, genre, moodId, mood]);
      await pool.query(`insert into music (id, title, duration_seconds, music_source, file_key, size_bytes, genre_id, created_at, updated_at) values ($1, 'Odd', 183.25, 'AI', $2, 1, $3, now(), now())`, [id, fileKey, genreId]);
      await pool.query(`insert into music_moods (music_id, mood_id, created_at) values ($1, $2, now())`, [id, moodId]);
      try {
        const res = await get(`/v1/music/query?id=${id}`);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          id,
          duration: 183.25,
          source: `https://cdn.storecast.test/audio/${fileKey}`,
          genre: { id: genreId, name: genre },
          moods: [{ music_id: id, mood_id: moodId, detail: { name: mood } }],
        });
      } finally {
        await pool.query('delete from music_moods where music_id = $1', [id]);
        await pool.query('delete from music where id = $1', [id]);
        await pool.query('delete from tag_options where id = any($1::uuid[])', [[genreId, moodId]]);
      }
    });

    it.each([
      ['id absent', '', 400, M.invalid],
      ['id not a UUID', '?id=abc', 400, M.invalid],
      ['an unknown id', '?id=0190c6a0-0000-7000-8000-0000000fffff', 404, M.notFound],
      ['a deleted track', `?id=${DELETED}`, 404, M.notFound],
      ['a track without a genre', `?id=${UNTAGGED}`, 404, M.notFound],
    ])('%s → %d', async (_name, query, status, message) => {
      const res = await get(`/v1/music/query${query}`);
      expect(res.status).toBe(status);
      expect(res.body).toEqual(legacy(status, message));
    });
  });

  it('an unexpected failure answers 500 "Unknown error has occurred." without details', async () => {
    await h.service.ctx.pool.query('alter table music rename to music_away');
    try {
      for (const path of ['/v1/music/cursor?take=1', '/v1/music/offset?take=1&skip=0', `/v1/music/query?id=${TIE_A}`]) {
        expect((await get(path)).body).toEqual(legacy(500, 'Unknown error has occurred.'));
      }
    } finally {
      await h.service.ctx.pool.query('alter table music_away rename to music');
    }
  });

  it('documents the three operations with legacy error bodies in OpenAPI', async () => {
    const doc = (await h.call('GET', '/openapi.json')).body;
    expect(doc.paths['/v1/music/cursor'].get.operationId).toBe('listMusicByCursor');
    expect(doc.paths['/v1/music/offset'].get.operationId).toBe('listMusicByOffset');
    expect(doc.paths['/v1/music/query'].get.operationId).toBe('getMusicById');
    expect(doc.paths['/v1/music/cursor'].get.responses['400'].content['application/json'].schema.$ref).toBe('#/components/schemas/LegacyError');
    expect(doc.paths['/v1/music/cursor'].get.responses['400'].description).toContain(M.takeLimit);
  });
});

describe('offset totals kept between pages (catalog revision)', () => {
  let h: Harness;
  let tracks: SeededTrack[];
  let counts: jest.SpyInstance;
  /** Another replica's connection: writes that the service itself did not make. */
  let other: Pool;

  beforeAll(async () => {
    h = await startHarness();
    other = new Pool({ connectionString: h.env.databaseUrl, max: 1 });
    tracks = generateCatalog(30);
    await seedCatalog(h.service.ctx.pool, tracks);
  });
  beforeEach(() => {
    counts = jest.spyOn(h.service.ctx.pool, 'query');
  });
  afterEach(() => counts.mockRestore());
  afterAll(async () => {
    await other.end();
    await h.stop();
  });

  /** How many count statements the service ran since the test began. */
  const countStatements = () => counts.mock.calls.filter(([q]) => typeof q === 'object' && String(q.text).startsWith('select count(*)')).length;
  const total = async (query: string) => {
    const res = await h.call('GET', `/v1/music/offset?${query}`);
    expect(res.status).toBe(200);
    return res.body.meta.total_count as number;
  };
  const sql = (text: string, values: unknown[] = []) => other.query(text, values);

  it('while the catalog does not change, a filter is counted once and its total serves every later page', async () => {
    const live = tracks.length;
    expect(await total('take=5&skip=0&genre=Jazz&duration_start=1')).toBe(tracks.filter((t) => t.genre === 'jazz').length);
    expect(await total('take=5&skip=0')).toBe(live);
    expect(countStatements()).toBe(2);
    expect(await total('take=5&skip=5')).toBe(live);
    expect(await total('take=10&skip=20')).toBe(live);
    expect(await total('take=5&skip=0&genre=Jazz&duration_start=1')).toBe(tracks.filter((t) => t.genre === 'jazz').length);
    expect(countStatements()).toBe(2);
    // A page past the end carries no revision to compare: it counts again, and answers the same total.
    expect(await total('take=5&skip=500')).toBe(live);
    expect(countStatements()).toBe(3);
  });

  it('a write through the service (a music deleted) is counted at the next page', async () => {
    const before = await total('take=5&skip=0');
    expect((await h.call('DELETE', `/api/v1/admin/music/${tracks[0]!.id}`, { token: h.operator })).status).toBe(204);
    counts.mockClear();
    expect(await total('take=5&skip=0')).toBe(before - 1);
    expect(countStatements()).toBe(1);
    // …and the new total is kept in turn.
    expect(await total('take=5&skip=5')).toBe(before - 1);
    expect(countStatements()).toBe(1);
  });

  const aTrack = (which: (t: SeededTrack) => boolean) => tracks.slice(1).find(which)!.id;
  it.each<[string, string, () => Promise<unknown>, (before: number) => number]>([
    ['a mood linked to a track', 'mood=Tense',
      () => sql(`insert into music_moods (music_id, mood_id, created_at) select $1, id, now() from tag_options where type = 'MOOD' and value = 'Tense'`, [aTrack((t) => !t.moods.includes('tense'))]),
      (before) => before + 1],
    ['a genre set on a track', 'genre=Jazz',
      () => sql(`update music set genre_id = (select id from tag_options where type = 'GENRE' and value = 'Jazz') where id = $1`, [aTrack((t) => t.genre !== 'jazz')]),
      (before) => before + 1],
    ['a duration changed', 'duration_start=5000', () => sql('update music set duration_seconds = 6000 where id = $1', [aTrack(() => true)]), (before) => before + 1],
  ])('a write by another connection (%s) is counted at the next page', async (_name, filter, write, expected) => {
    const before = await total(`take=5&skip=0&${filter}`);
    await write();
    counts.mockClear();
    expect(await total(`take=5&skip=0&${filter}`)).toBe(expected(before));
    expect(countStatements()).toBe(1);
  });

  it('a write by another connection (genres renamed: "Jazz" now names another genre) is counted at the next page', async () => {
    const jazz = await total('take=5&skip=0&genre=Jazz');
    // Another genre with tracks and a different total, so that a stale total would show.
    let other: { name: string; total: number } | undefined;
    for (const name of new Set(tracks.map((t) => GENRE_VALUES[t.genre]!))) {
      const n = name === 'Jazz' ? jazz : await total(`take=5&skip=0&genre=${encodeURIComponent(name)}`);
      if (n > 0 && n !== jazz) other ??= { name, total: n };
    }
    await sql(`update tag_options set value = 'Jazz Standards' where type = 'GENRE' and value = 'Jazz'`);
    await sql(`update tag_options set value = 'Jazz' where type = 'GENRE' and value = $1`, [other!.name]);
    counts.mockClear();
    expect(await total('take=5&skip=0&genre=Jazz')).toBe(other!.total);
    expect(countStatements()).toBe(1);
  });

  it('a write that changes nothing a count reads (a title), or one rolled back, keeps the total in use', async () => {
    const before = await total('take=5&skip=0');
    await sql(`update music set title = 'Renamed', updated_at = now() where id = $1`, [tracks[7]!.id]);
    const client = await other.connect();
    try {
      await client.query('begin');
      await client.query('update music set deleted_at = now() where id = $1', [tracks[8]!.id]);
      await client.query('rollback');
    } finally {
      client.release();
    }
    counts.mockClear();
    expect(await total('take=5&skip=0')).toBe(before);
    expect(countStatements()).toBe(0);
  });
});

describe('public catalog statement plans', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
    // Enough rows that a plan for "a tenth of the table" costs far more than one for a page.
    await h.service.ctx.pool.query(`insert into tag_options (id, type, value, sort_order, created_at, updated_at) values (gen_random_uuid(), 'GENRE', 'Jazz', 1, now(), now())`);
    await h.service.ctx.pool.query(`insert into music (id, title, duration_seconds, music_source, file_key, size_bytes, genre_id, created_at, updated_at)
      select gen_random_uuid(), 'Track ' || i, 60 + i % 240, 'AI', 'music/' || i || '.mp3', 1, (select id from tag_options where type = 'GENRE' and value = 'Jazz'),
             timestamptz '2026-01-01' + i * interval '1 second', timestamptz '2026-01-01' + i * interval '1 second'
        from generate_series(1, 5000) i`);
    // As autovacuum leaves a catalog that lives: the visibility map set, statistics current. A
    // vacuum cannot mark a page all-visible while a transaction of this database older than the
    // insert is open (the service's own outbox relay, slowed by a loaded machine), and the planner
    // then prices the index-only scan as the heap reads it would need: vacuum until every page is.
    await eventually(async () => {
      await h.service.ctx.pool.query('vacuum (analyze) music, tag_options');
      const { rows } = await h.service.ctx.pool.query(`select relpages as pages, relallvisible as visible from pg_class where relname = 'music'`);
      const [music] = rows as Array<{ pages: number; visible: number }>;
      expect(music!.visible).toBe(music!.pages);
    }, 20_000, 200);
  });
  afterAll(() => h.stop());

  /** The plan nodes of a statement as one of the service's connections would run it. */
  const planNodes = async (q: SqlQuery, sessionSql: string[] = []): Promise<string[]> => {
    const client = await h.service.runtime.database.pool.connect();
    try {
      for (const sql of sessionSql) await client.query(sql);
      const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>({ text: `explain (format json) ${q.text}`, values: q.values });
      const nodes: string[] = [];
      // The catalog revision's one-row read (an InitPlan) is left out: the plan of the rows is what is checked.
      const walk = (node: PlanNode) => {
        nodes.push(node['Node Type']);
        node.Plans?.filter((child) => child['Parent Relationship'] !== 'InitPlan').forEach(walk);
      };
      walk(rows[0]!['QUERY PLAN'][0]!.Plan);
      return nodes;
    } finally {
      // The session settings changed here must not outlive the test on a pooled connection.
      await client.query('reset all').catch(() => undefined);
      client.release(true);
    }
  };

  it('the offset page\'s count reads the index alone, and with no parallel workers even when they would cost nothing', async () => {
    expect(await planNodes(countQuery({}))).toEqual(['Aggregate', 'Index Only Scan']);
    const freeParallelism = ['set parallel_setup_cost = 0', 'set parallel_tuple_cost = 0', 'set min_parallel_table_scan_size = 0', 'set min_parallel_index_scan_size = 0'];
    expect(await planNodes(countQuery({}), freeParallelism)).not.toContain('Gather');
  });

  /** Runs the page statement once per take on one connection, as the service's pool does. */
  const pagesOnOneConnection = async (takes: number[], page: (take: number) => SqlQuery) => {
    const client = await h.service.runtime.database.pool.connect();
    try {
      const names = new Set<string>();
      const sizes: number[] = [];
      for (const take of takes) {
        const q = page(take);
        names.add(statementName(q.text));
        sizes.push((await client.query({ name: statementName(q.text), text: q.text, values: q.values })).rows.length);
      }
      const { rows } = await client.query('select generic_plans, custom_plans from pg_prepared_statements where name = any($1)', [[...names]]);
      return { sizes, statements: names.size, plans: rows };
    } finally {
      client.release();
    }
  };

  it.each([
    ['the first page, take 1–10', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], (take: number) => cursorPageQuery({}, take)],
    ['the first page, take 21–30', [21, 22, 23, 24, 25, 26, 27, 28, 29, 30], (take: number) => cursorPageQuery({}, take)],
    ['a page after a cursor, by genre and duration, take 91–100', [91, 92, 93, 94, 95, 96, 97, 98, 99, 100], (take: number) =>
      cursorPageQuery({ genre: 'jazz', durationStart: 60 }, take, { createdAt: new Date('2026-01-01T00:05:00Z'), id: '0190c6a0-0000-7000-8000-00000000e001' })],
  ])('%s: one statement, and PostgreSQL keeps its generic plan instead of planning it on every call', async (_name, takes, page) => {
    const { sizes, statements, plans } = await pagesOnOneConnection(takes, page);
    // The outer LIMIT is the page size: take + 1 rows every time.
    expect(sizes).toEqual(takes.map((take) => take + 1));
    expect(statements).toBe(1);
    // PostgreSQL tries five custom plans first, then keeps the generic one when it costs no more.
    expect(plans).toEqual([{ generic_plans: '5', custom_plans: '5' }]);
  });
});
