#!/usr/bin/env node
// Public catalog paging and text search on a seeded table of 200,000 tracks (issue 12):
//  - a cursor page (keyset on created_at, id) at depth 1 and at depth 100,000, and the ratio;
//  - an offset page (LIMIT/OFFSET + the PageMeta count) at the same depths;
//  - beside each, pgbench running the same SQL (db/public-catalog.sql.ts, from the built service);
//  - text search latency (p50 / p95) over a mix of Korean and English queries.
// The service runs in this process on a fresh database; calls go over HTTP with keep-alive.
//
//   npm run build -w @storecast/service-kit && npm run build -w @storecast/catalog-search
//   node bench/catalog-paging.bench.mjs [--tracks 200000] [--depth 100000] [--take 20] [--requests 200] [--search 300]
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const kit = require('../services/service-kit/dist/index.js');
const { start } = require('../services/catalog-search/dist/server.js');
const { loadCatalogSearchConfig } = require('../services/catalog-search/dist/config.js');
const sqlOf = require('../services/catalog-search/dist/db/public-catalog.sql.js');
const searchSql = require('../services/catalog-search/dist/db/search.sql.js');

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const TRACKS = arg('tracks', 200_000);
const DEPTH = arg('depth', 100_000);
const TAKE = arg('take', 20);
const REQUESTS = arg('requests', 200);
const SEARCHES = arg('search', 300);
const pgBase = new URL(process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
pgBase.pathname = `/bench_catalog_${process.pid}`;
const dbUrl = pgBase.toString();
const dbName = pgBase.pathname.slice(1);

await kit.ensureDatabase(dbUrl);
const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const config = loadCatalogSearchConfig({
  NODE_ENV: 'production',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  LOG_LEVEL: 'silent',
  HTTP_PORT: '0',
  GRPC_PORT: '0',
  DATABASE_URL: dbUrl,
  AMQP_URL: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
  AMQP_EXCHANGE: `bench.catalog.${process.pid}`,
  JWT_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }),
  PURGE_INTERVAL_MS: '0',
  S3_ENDPOINT: 'http://127.0.0.1:9',
});
const service = await start(config, { logger: kit.createLogger('catalog-search', 'silent') });
const pool = service.ctx.pool;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-bench-'));

try {
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
  await pool.query('analyze');
  const counts = (await pool.query(`select (select count(*) from music)::int as music, (select count(*) from music_moods)::int as moods, (select count(*) from tag_signatures)::int as sigs`)).rows[0];
  console.log(`seeded ${counts.music.toLocaleString('en')} tracks, ${counts.moods.toLocaleString('en')} mood links (${counts.sigs.toLocaleString('en')} tag signatures) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const deep = (await pool.query(`select id, created_at from music where deleted_at is null order by created_at, id offset $1 limit 1`, [DEPTH - 1])).rows[0];
  const base = service.httpUrl;
  const cases = {
    'cursor, depth 1': { path: `/v1/music/cursor?take=${TAKE}`, sql: [sqlOf.cursorPageQuery({}, TAKE)] },
    [`cursor, depth ${DEPTH.toLocaleString('en')}`]: {
      path: `/v1/music/cursor?take=${TAKE}&id=${deep.id}&created_at=${encodeURIComponent(deep.created_at.toISOString())}`,
      sql: [sqlOf.cursorPageQuery({}, TAKE, { id: deep.id, createdAt: deep.created_at })],
    },
    'offset, depth 1': { path: `/v1/music/offset?take=${TAKE}&skip=0`, sql: [sqlOf.offsetPageQuery({}, TAKE, 0), sqlOf.countQuery({})] },
    [`offset, depth ${DEPTH.toLocaleString('en')}`]: { path: `/v1/music/offset?take=${TAKE}&skip=${DEPTH}`, sql: [sqlOf.offsetPageQuery({}, TAKE, DEPTH), sqlOf.countQuery({})] },
    'cursor + genre, depth 1': { path: `/v1/music/cursor?take=${TAKE}&genre=Jazz`, sql: [sqlOf.cursorPageQuery({ genre: 'Jazz' }, TAKE)] },
  };
  if (sqlOf.cursorPageQuery({}, TAKE).text.includes('count(')) throw new Error('a cursor request must not count');

  const literal = (v) =>
    v instanceof Date ? `'${v.toISOString()}'` : typeof v === 'number' ? String(v) : Array.isArray(v) ? `'{${v.join(',')}}'` : `'${String(v).replace(/'/g, "''")}'`;
  const inline = (q) => q.text.replace(/\$(\d+)/g, (_, i) => literal(q.values[Number(i) - 1]));
  const quantile = (xs, q) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor(q * s.length))];
  };

  const pgbench = async (name, queries) => {
    const file = path.join(tmp, `${name.replace(/\W+/g, '_')}.sql`);
    fs.writeFileSync(file, queries.map((q) => `${inline(q)};`).join('\n') + '\n');
    const prefix = path.join(tmp, `log_${name.replace(/\W+/g, '_')}`);
    await promisify(execFile)('pgbench', ['-n', '-h', pgBase.hostname, '-p', pgBase.port || '5432', '-U', decodeURIComponent(pgBase.username) || 'postgres', '-t', String(REQUESTS), '-c', '1', '-f', file, '-l', '--log-prefix', prefix, dbName], { cwd: tmp });
    const log = fs.readdirSync(tmp).filter((f) => f.startsWith(path.basename(prefix)));
    const lat = log.flatMap((f) => fs.readFileSync(path.join(tmp, f), 'utf8').trim().split('\n').map((l) => Number(l.split(' ')[2]) / 1000));
    return { p50: quantile(lat, 0.5), p95: quantile(lat, 0.95) };
  };

  const http = async (p) => {
    const lat = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t = performance.now();
      const res = await fetch(`${base}${p}`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
      lat.push(performance.now() - t);
    }
    return { p50: quantile(lat, 0.5), p95: quantile(lat, 0.95) };
  };

  // Warm up (plans, caches, connections), then the API and pgbench alternately.
  for (const c of Object.values(cases)) for (let i = 0; i < 20; i++) await (await fetch(`${base}${c.path}`)).arrayBuffer();
  const results = {};
  for (const [name, c] of Object.entries(cases)) results[name] = { api: await http(c.path), pg: await pgbench(name, c.sql) };

  const row = (name) => {
    const r = results[name];
    return `${name.padEnd(26)} API p50 ${r.api.p50.toFixed(2).padStart(7)} ms  p95 ${r.api.p95.toFixed(2).padStart(7)} ms | pgbench p50 ${r.pg.p50.toFixed(2).padStart(7)} ms  p95 ${r.pg.p95.toFixed(2).padStart(7)} ms | API − pgbench p50 ${(r.api.p50 - r.pg.p50).toFixed(2)} ms`;
  };
  console.log(`\npage size ${TAKE}, ${REQUESTS} requests each, one client, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
  for (const name of Object.keys(results)) console.log(row(name));
  const names = Object.keys(results);
  console.log(`\ncursor depth ${DEPTH.toLocaleString('en')} / depth 1 (API p50): ${(results[names[1]].api.p50 / results[names[0]].api.p50).toFixed(2)}×  (pgbench p50: ${(results[names[1]].pg.p50 / results[names[0]].pg.p50).toFixed(2)}×)`);
  console.log(`offset depth ${DEPTH.toLocaleString('en')} / depth 1 (API p50): ${(results[names[3]].api.p50 / results[names[2]].api.p50).toFixed(2)}×  (pgbench p50: ${(results[names[3]].pg.p50 / results[names[2]].pg.p50).toFixed(2)}×)`);

  const queries = ['잔잔한 카페 음악', 'calm piano for a rainy morning', '신나는 운동 음악', 'background music, not too loud', '몽환적인 분위기', 'relaxing coffee shop jazz', '힙합 말고 차분한 음악', 'Midnight Harbor', 'happy summer pop', '비 오는 날 듣기 좋은 피아노'];
  const search = [];
  for (let i = 0; i < 30; i++) await (await fetch(`${base}/api/music/search/text`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query_text: queries[i % queries.length], limit: 10 }) })).arrayBuffer();
  for (let i = 0; i < SEARCHES; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/api/music/search/text`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query_text: queries[i % queries.length], limit: 10 }) });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`search answered ${res.status}`);
    search.push(performance.now() - t);
  }
  console.log(`text search (${SEARCHES} requests, ${queries.length} queries, limit 10): p50 ${quantile(search, 0.5).toFixed(1)} ms, p95 ${quantile(search, 0.95).toFixed(1)} ms`);
  for (const [i, q] of queries.entries()) {
    const own = search.filter((_, k) => k % queries.length === i);
    console.log(`  ${q.padEnd(34)} p50 ${quantile(own, 0.5).toFixed(1).padStart(6)} ms  p95 ${quantile(own, 0.95).toFixed(1).padStart(6)} ms`);
  }
} finally {
  await service.stop();
  if (process.argv.includes('--keep')) console.log(`kept ${dbUrl}`);
  else await kit.dropDatabase(dbUrl).catch(() => undefined);
  fs.rmSync(tmp, { recursive: true, force: true });
}
