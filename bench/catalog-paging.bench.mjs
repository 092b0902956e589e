#!/usr/bin/env node
// Public catalog paging and text search on a seeded table of 200,000 tracks (issue 12):
//  - a cursor page (keyset on created_at, id) at depth 1 and at depth 100,000, and the ratio;
//  - an offset page (LIMIT/OFFSET + the PageMeta count) at the same depths, from the service as
//    deployed (the count kept while the catalog revision stays) and from one keeping no count;
//  - beside each, pgbench running the same SQL (db/public-catalog.sql.ts, from the built service);
//  - text search latency (p50 / p95) over a mix of Korean and English queries.
// The service runs in a child process (bench/catalog-search-service.mjs) on a fresh database, with
// its request log at LOG_LEVEL (default info, as deployed; the lines go to /dev/null); one client
// calls it over HTTP with keep-alive. pgbench runs the statements with the values inlined, prepared
// once (-M prepared) as the service's named statements are. API and pgbench alternate in --rounds rounds (order swapped
// each round); p50 / p95 are over all the rounds' samples. Each turn is --requests / --rounds requests
// (default 500; offset cases --offset-requests / --rounds, default 50): the first requests of a Node
// process's turn, after the others had the CPU, are slower (printed: a turn's first 5 against the
// rest), so short turns measure the alternation more than the page.
//
//   npm run build -w @storecast/service-kit && npm run build -w @storecast/catalog-search
//   node bench/catalog-paging.bench.mjs [--tracks 200000] [--depth 100000] [--take 20] [--requests 2000] [--offset-requests 200] [--rounds 4] [--search 300]
//     [--only paging|search] [--log-level info] [--pgbench-mode prepared|simple] [--profile <dir>] [--keep] [--db <name of a kept database>]
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const kit = require('../services/service-kit/dist/index.js');
const { Pool } = require('pg');
const sqlOf = require('../services/catalog-search/dist/db/public-catalog.sql.js');
const searchSql = require('../services/catalog-search/dist/db/search.sql.js');
// The service's planner settings (every connection of its pool): pgbench and the floor get them too.
const { CATALOG_DATABASE_SETTINGS } = require('../services/catalog-search/dist/db/session-settings.js');
const PG_OPTIONS = kit.sessionOptions(CATALOG_DATABASE_SETTINGS);

const argOf = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const arg = (name, fallback) => (argOf(name) === undefined ? fallback : Number(argOf(name)));
const TRACKS = arg('tracks', 200_000);
const DEPTH = arg('depth', 100_000);
const TAKE = arg('take', 20);
const REQUESTS = arg('requests', 2000);
// Offset pages take 15–60 ms each, so a turn's slower start weighs little there: fewer requests.
const OFFSET_REQUESTS = arg('offset-requests', 200);
const ROUNDS = arg('rounds', 4);
const SEARCHES = arg('search', 300);
const ONLY = argOf('only');
const PROFILE = argOf('profile');
const REUSE = argOf('db');
// The service prepares each statement once per connection (named statements), so pgbench does too by default.
const PGBENCH_MODE = argOf('pgbench-mode') ?? 'prepared';
const pgBase = new URL(process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
pgBase.pathname = `/${REUSE ?? `bench_catalog_${process.pid}`}`;
const dbUrl = pgBase.toString();
const dbName = pgBase.pathname.slice(1);

await kit.ensureDatabase(dbUrl);
const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const services = [];
process.on('exit', () => services.forEach((c) => c.kill('SIGKILL')));
/** One catalog-search process (bench/catalog-search-service.mjs); `env` adds to the shared configuration. */
const serviceProcess = (env = {}, flags = []) => {
  const proc = spawn(process.execPath, [...flags, path.join(import.meta.dirname, 'catalog-search-service.mjs')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      LOG_LEVEL: argOf('log-level') ?? 'info',
      HTTP_PORT: '0',
      GRPC_PORT: '0',
      DATABASE_URL: dbUrl,
      AMQP_URL: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
      AMQP_EXCHANGE: `bench.catalog.${process.pid}`,
      JWT_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }),
      PURGE_INTERVAL_MS: '0',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      OTEL_SDK_DISABLED: 'true',
      NODE_NO_WARNINGS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  services.push(proc);
  return proc;
};
const child = serviceProcess({}, PROFILE ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(PROFILE)] : []);
// Resolves with the {"url"} a child prints first; what it prints after (request lines) is dropped.
const urlOf = (proc) =>
  new Promise((resolve, reject) => {
    let buffered = '';
    const onData = (chunk) => {
      buffered += chunk;
      const line = buffered.split('\n').find((l) => l.startsWith('{"url"'));
      if (!line) return;
      proc.stdout.off('data', onData);
      proc.stdout.resume();
      resolve(JSON.parse(line).url);
    };
    proc.stdout.setEncoding('utf8').on('data', onData);
    proc.once('exit', (code) => reject(new Error(`child exited ${code}`)));
  });
const base = await urlOf(child);
// The same service keeping no offset count (CATALOG_COUNT_CACHE_ENTRIES=0): every offset page runs
// page and count, as pgbench does. Started after the first has migrated the database.
const countingBase = await urlOf(serviceProcess({ CATALOG_COUNT_CACHE_ENTRIES: '0' }));
const stopServices = () =>
  Promise.all(
    services.map(
      (proc) =>
        new Promise((resolve) => {
          proc.once('exit', resolve);
          proc.kill('SIGTERM');
        }),
    ),
  );
const pool = new Pool({ connectionString: dbUrl, max: 2 });
let floorChild;
process.on('exit', () => floorChild?.kill('SIGKILL'));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-bench-'));

try {
  const seeded = REUSE ? (await pool.query('select count(*)::int as n from music')).rows[0].n : 0;
  if (seeded > 0) console.log(`reusing ${dbName}: ${seeded.toLocaleString('en')} tracks`);
  else {
    console.log(`seeding ${TRACKS.toLocaleString('en')} tracks…`);
    const t0 = performance.now();
    const genres = ['Jazz', 'Bossa Nova', 'Acoustic', 'Piano', 'Classical', 'Lo-fi', 'Ambient', 'Pop', 'K-Pop', 'Rock', 'EDM', 'House', 'Hip-Hop', 'R&B', 'Funk', 'Indie', 'Folk', 'Ballad'];
    const moods = ['Calm', 'Cozy', 'Happy', 'Energetic', 'Groovy', 'Melancholic', 'Romantic', 'Dreamy', 'Nostalgic', 'Hopeful', 'Tense'];
    await pool.query(
      `insert into tag_options (id, type, value, sort_order, created_at, updated_at)
       select gen_random_uuid(), t, v, n, now(), now() from unnest($1::text[], $2::text[]) with ordinality as x(t, v, n)`,
      [[...genres.map(() => 'GENRE'), ...moods.map(() => 'MOOD')], [...genres, ...moods]],
    );
    const adjectives = ['Quiet', 'Still', 'Gentle', 'Warm', 'Velvet', 'Sunny', 'Bright', 'Golden', 'Neon', 'Electric', 'Wild', 'Funky', 'Smooth', 'Blue', 'Faded', 'Lonely', 'Tender', 'Rosy', 'Hazy', 'Lunar', 'Vintage', 'Rising', 'Dark', 'Iron', 'Midnight', 'Silver', 'Amber', 'Soft', 'Open', 'Restless'];
    const nouns = ['Avenue', 'Lounge', 'Corner', 'Breeze', 'Terrace', 'Porch', 'Strings', 'Meadow', 'Nocturne', 'Etude', 'Sonata', 'Waltz', 'Window', 'Tape Loop', 'Horizon', 'Drift', 'Tide', 'Summer', 'Heartbeat', 'Stage', 'Highway', 'Thunder', 'Pulse', 'Circuit', 'Dancefloor', 'Strobe', 'Cypher', 'Silk', 'Honey', 'Boogie', 'Rooftop', 'Garden', 'Campfire', 'River', 'Promise', 'Memory', 'Harbor', 'Lantern', 'Orchard', 'Station'];
    await pool.query(
      `with g as (select array_agg(id order by sort_order) as ids from tag_options where type = 'GENRE')
       insert into music (id, title, duration_seconds, music_source, file_key, size_bytes, genre_id, created_at, updated_at)
       select gen_random_uuid(), ($2::text[])[1 + (n * 7) % cardinality($2::text[])] || ' ' || ($3::text[])[1 + (n * 13) % cardinality($3::text[])] || ' ' || n,
              90 + (n * 7919) % 400, case when n % 3 = 0 then 'TRUST' else 'AI' end, 'music/bench-' || n || '.mp3', 4000000,
              g.ids[1 + (n * 31) % cardinality(g.ids)],
              timestamptz '2026-01-01T00:00:00Z' + (n / 2) * interval '1 second', timestamptz '2026-01-01T00:00:00Z' + (n / 2) * interval '1 second'
         from generate_series(1, $1::int) n, g`,
      [TRACKS, adjectives, nouns],
    );
    await pool.query(
      `with m as (select array_agg(id order by sort_order) as ids from tag_options where type = 'MOOD'),
            x as (select id, abs(hashtext(id::text)) as h from music)
       insert into music_moods (music_id, mood_id, created_at)
       select distinct x.id, m.ids[1 + ((x.h / d) % cardinality(m.ids))], now()
         from x, m, generate_series(1, 3) k, lateral (select (k * 97)::int as d) dd
        where k = 1 or (x.h / (k * 7)) % 3 <> 0
       on conflict do nothing`,
    );
    for (const q of searchSql.refreshSignaturesQueries(null)) await pool.query(q.text, q.values);
    // The signature update leaves a dead version of every row: vacuumed, as autovacuum would have
    // done on a catalog that lives (else the count reads twice the heap and no scan is index-only).
    await pool.query('vacuum (analyze) music, music_moods, tag_options, tag_signatures');
    const counts = (await pool.query(`select (select count(*) from music)::int as music, (select count(*) from music_moods)::int as moods, (select count(*) from tag_signatures)::int as sigs`)).rows[0];
    console.log(`seeded ${counts.music.toLocaleString('en')} tracks, ${counts.moods.toLocaleString('en')} mood links (${counts.sigs.toLocaleString('en')} tag signatures) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }

  const deep = (await pool.query(`select id, created_at from music where deleted_at is null order by created_at, id offset $1 limit 1`, [DEPTH - 1])).rows[0];
  const cases = {
    'cursor, depth 1': { path: `/v1/music/cursor?take=${TAKE}`, sql: [sqlOf.cursorPageQuery({}, TAKE)] },
    [`cursor, depth ${DEPTH.toLocaleString('en')}`]: {
      path: `/v1/music/cursor?take=${TAKE}&id=${deep.id}&created_at=${encodeURIComponent(deep.created_at.toISOString())}`,
      sql: [sqlOf.cursorPageQuery({}, TAKE, { id: deep.id, createdAt: deep.created_at })],
    },
    'offset, depth 1': { path: `/v1/music/offset?take=${TAKE}&skip=0`, sql: [sqlOf.offsetPageQuery({}, TAKE, 0), sqlOf.countQuery({})] },
    [`offset, depth ${DEPTH.toLocaleString('en')}`]: { path: `/v1/music/offset?take=${TAKE}&skip=${DEPTH}`, sql: [sqlOf.offsetPageQuery({}, TAKE, DEPTH), sqlOf.countQuery({})] },
    'offset, 1, counting': { path: `/v1/music/offset?take=${TAKE}&skip=0`, api: countingBase, sql: [sqlOf.offsetPageQuery({}, TAKE, 0), sqlOf.countQuery({})] },
    [`offset, ${DEPTH.toLocaleString('en')}, counting`]: { path: `/v1/music/offset?take=${TAKE}&skip=${DEPTH}`, api: countingBase, sql: [sqlOf.offsetPageQuery({}, TAKE, DEPTH), sqlOf.countQuery({})] },
    'cursor + genre, depth 1': { path: `/v1/music/cursor?take=${TAKE}&genre=Jazz`, sql: [sqlOf.cursorPageQuery({ genre: 'Jazz' }, TAKE)] },
  };
  if (sqlOf.cursorPageQuery({}, TAKE).text.includes('count(')) throw new Error('a cursor request must not count');

  // The floor: the same statements behind a bare node:http server (bench/catalog-floor-server.mjs).
  const floorCases = Object.fromEntries(
    Object.values(cases).map((c) => [c.path, c.sql.map((q) => ({ text: q.text, values: q.values.map((v) => (v instanceof Date ? v.toISOString() : v)) }))]),
  );
  floorChild = spawn(process.execPath, [path.join(import.meta.dirname, 'catalog-floor-server.mjs')], {
    env: { ...process.env, DATABASE_URL: dbUrl, CASES: JSON.stringify(floorCases), PGOPTIONS: PG_OPTIONS },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const floorBase = await urlOf(floorChild);

  const literal = (v) =>
    v instanceof Date ? `'${v.toISOString()}'` : typeof v === 'number' ? String(v) : Array.isArray(v) ? `'{${v.join(',')}}'` : `'${String(v).replace(/'/g, "''")}'`;
  const inline = (q) => q.text.replace(/\$(\d+)/g, (_, i) => literal(q.values[Number(i) - 1]));
  const quantile = (xs, q) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(q * s.length))];
  };

  const pgbench = async (name, queries, n, round) => {
    const file = path.join(tmp, `${name.replace(/\W+/g, '_')}.sql`);
    fs.writeFileSync(file, queries.map((q) => `${inline(q)};`).join('\n') + '\n');
    const prefix = path.join(tmp, `log_${name.replace(/\W+/g, '_')}_${round}`);
    await promisify(execFile)('pgbench', ['-n', '-M', PGBENCH_MODE, '-h', pgBase.hostname, '-p', pgBase.port || '5432', '-U', decodeURIComponent(pgBase.username) || 'postgres', '-t', String(n), '-c', '1', '-f', file, '-l', '--log-prefix', prefix, dbName], { cwd: tmp, env: { ...process.env, PGOPTIONS: PG_OPTIONS } });
    const log = fs.readdirSync(tmp).filter((f) => f.startsWith(`${path.basename(prefix)}.`));
    return log.flatMap((f) => fs.readFileSync(path.join(tmp, f), 'utf8').trim().split('\n').map((l) => Number(l.split(' ')[2]) / 1000));
  };

  // node:http with one kept-alive socket: the cheapest client Node has (fetch costs more per call).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const call = (p, body, to = base) =>
    new Promise((resolve, reject) => {
      const req = http.request(`${to}${p}`, { agent, method: body ? 'POST' : 'GET', headers: body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {} }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${p} answered ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end(body);
    });
  const timed = async (n, p, body, to = base) => {
    to ??= base;
    const lat = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await call(typeof p === 'function' ? p(i) : p, typeof body === 'function' ? body(i) : body, to);
      lat.push(performance.now() - t);
    }
    return lat;
  };
  const stats = (lat) => ({ p50: quantile(lat, 0.5), p95: quantile(lat, 0.95) });
  const loads = [];

  if (ONLY !== 'search') {
    // Warm up (plans, caches, connections), then the API and pgbench alternately, order swapped each round.
    for (const c of Object.values(cases)) {
      await timed(20, c.path, undefined, c.api);
      await timed(20, c.path, undefined, floorBase);
    }
    const perCursor = Math.max(1, Math.round(REQUESTS / ROUNDS));
    const perOffset = Math.max(1, Math.round(OFFSET_REQUESTS / ROUNDS));
    const samples = Object.fromEntries(Object.keys(cases).map((name) => [name, { apiTurns: [], floorTurns: [], pg: [] }]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, c] of Object.entries(cases)) {
        const per = c.path.startsWith('/v1/music/offset') ? perOffset : perCursor;
        const runs = [
          async () => samples[name].apiTurns.push(await timed(per, c.path, undefined, c.api)),
          async () => samples[name].floorTurns.push(await timed(per, c.path, undefined, floorBase)),
          async () => samples[name].pg.push(...(await pgbench(name, c.sql, per, round))),
        ];
        // Each round starts with another of the three.
        for (let k = 0; k < runs.length; k++) await runs[(round + k) % runs.length]();
      }
      loads.push(os.loadavg()[0]);
    }
    const results = Object.fromEntries(
      Object.entries(samples).map(([name, s]) => [name, { api: stats(s.apiTurns.flat()), floor: stats(s.floorTurns.flat()), pg: stats(s.pg) }]),
    );

    const ms = (v) => v.toFixed(2).padStart(6);
    const row = (name) => {
      const r = results[name];
      return `${name.padEnd(26)} API ${ms(r.api.p50)} / ${ms(r.api.p95)} | floor ${ms(r.floor.p50)} / ${ms(r.floor.p95)} | pgbench ${ms(r.pg.p50)} / ${ms(r.pg.p95)} | API − pgbench ${ms(r.api.p50 - r.pg.p50)} · API − floor ${ms(r.api.p50 - r.floor.p50)} · floor − pgbench ${ms(r.floor.p50 - r.pg.p50)}`;
    };
    console.log(`\npage size ${TAKE}, ${perCursor * ROUNDS} requests per cursor case and ${perOffset * ROUNDS} per offset case in ${ROUNDS} rounds (turns of ${perCursor} and ${perOffset}) (API, floor and pgbench in turn, a different one first each round), one client, pgbench -M ${PGBENCH_MODE}, load average ${loads.map((l) => l.toFixed(1)).join(' / ')} on ${os.cpus().length} cores`);
    console.log('p50 / p95 in ms; floor = the same statements behind a bare node:http + pg server (bench/catalog-floor-server.mjs)');
    console.log('offset rows: page and count in pgbench and the floor; the API keeps the count while the catalog revision stays ("counting": a service keeping none)');
    for (const name of Object.keys(results)) console.log(row(name));
    // The start of a turn against the rest of it, over the cursor cases: what short turns would weigh.
    const cursorTurns = (key, from, to) => Object.entries(samples).filter(([n]) => n.startsWith('cursor')).flatMap(([, s]) => s[key].flatMap((t) => t.slice(from, to)));
    if (perCursor > 10) {
      const p50 = (key, from, to) => quantile(cursorTurns(key, from, to), 0.5).toFixed(2);
      console.log(`cursor cases, p50 of the first 5 requests of a turn / of the rest: API ${p50('apiTurns', 0, 5)} / ${p50('apiTurns', 5, perCursor)} ms, floor ${p50('floorTurns', 0, 5)} / ${p50('floorTurns', 5, perCursor)} ms`);
    }
    const names = Object.keys(results);
    console.log(`\ncursor depth ${DEPTH.toLocaleString('en')} / depth 1 (API p50): ${(results[names[1]].api.p50 / results[names[0]].api.p50).toFixed(2)}×  (pgbench p50: ${(results[names[1]].pg.p50 / results[names[0]].pg.p50).toFixed(2)}×)`);
    console.log(`offset depth ${DEPTH.toLocaleString('en')} / depth 1 (API p50): ${(results[names[3]].api.p50 / results[names[2]].api.p50).toFixed(2)}×  (pgbench p50: ${(results[names[3]].pg.p50 / results[names[2]].pg.p50).toFixed(2)}×)`);
  }

  if (ONLY !== 'paging') {
    const queries = ['잔잔한 카페 음악', 'calm piano for a rainy morning', '신나는 운동 음악', 'background music, not too loud', '몽환적인 분위기', 'relaxing coffee shop jazz', '힙합 말고 차분한 음악', 'Midnight Harbor', 'happy summer pop', '비 오는 날 듣기 좋은 피아노'];
    const bodyOf = (i) => JSON.stringify({ query_text: queries[i % queries.length], limit: 10 });
    await timed(30, '/api/music/search/text', bodyOf);
    const search = await timed(SEARCHES, '/api/music/search/text', bodyOf);
    console.log(`\ntext search (${SEARCHES} requests, ${queries.length} queries, limit 10, load average ${os.loadavg()[0].toFixed(1)}): p50 ${quantile(search, 0.5).toFixed(1)} ms, p95 ${quantile(search, 0.95).toFixed(1)} ms`);
    for (const [i, q] of queries.entries()) {
      const own = search.filter((_, k) => k % queries.length === i);
      console.log(`  ${q.padEnd(34)} p50 ${quantile(own, 0.5).toFixed(1).padStart(6)} ms  p95 ${quantile(own, 0.95).toFixed(1).padStart(6)} ms`);
    }
  }
} finally {
  floorChild?.kill('SIGTERM');
  await stopServices();
  await pool.end();
  if (process.argv.includes('--keep') || REUSE) console.log(`kept ${dbUrl}`);
  else await kit.dropDatabase(dbUrl).catch(() => undefined);
  fs.rmSync(tmp, { recursive: true, force: true });
}
