#!/usr/bin/env node
// Playback reports under load: batches of 200 logs from 50 concurrent stores through the real
// service (HTTP, validation, store check, one transaction: state row + the one-statement insert
// with daily totals), side by side in one run with pgbench executing the service's own insert SQL
// (recordReportQuery: state row, logs and totals in one statement, rendered by drizzle exactly as
// the service sends it) on the same tables.
// Prints logs/s and p50/p99 report latency, the service/pgbench ratio (goal ≥ 0.6), the cost of
// retrying an all-duplicate batch relative to a new one (goal ≤ 0.6), CPU ms per report of the
// service, its PostgreSQL backends and the load generator, and checks that the daily totals equal
// the stored logs afterwards.
//
//   npm run build -w @storecast/proto -w @storecast/service-kit -w @storecast/playback
//   node bench/playback-report.bench.mjs [--stores 50] [--batches 6] [--rounds 3]
import { spawn, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync, mkdtempSync, rmSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const jwt = require('jsonwebtoken');
const pg = require('pg');
const { PgDialect } = require('drizzle-orm/pg-core');
const { ensureDatabase, dropDatabase } = require('../services/service-kit/dist/db.js');
const { createTestKeys } = require('../services/service-kit/dist/testing/infra.js');
const { JWT_AUDIENCE, JWT_ISSUER } = require('../services/service-kit/dist/auth.js');
const { recordReportQuery } = require('../services/playback/dist/db/playback-log.repository.js');

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const STORES = arg('stores', 50);
const BATCHES = arg('batches', 6); // per store and phase
const ROUNDS = arg('rounds', 3);
const LOGS = 200;
const base = new URL(process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
base.pathname = `/bench_playback_${process.pid}`;
const databaseUrl = base.toString();

const HQ = randomUUID();
const musicIds = Array.from({ length: LOGS }, (_, i) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`);
const stores = Array.from({ length: STORES }, () => randomUUID());
const keys = createTestKeys();
const tokenOf = (storeId) =>
  jwt.sign({ role: 'STORE_MANAGER', storeId, hqId: HQ, passwordMustChange: false }, keys.privateKeyPem, {
    algorithm: 'RS256',
    keyid: 'bench',
    issuer: JWT_ISSUER,
    audience: JWT_AUDIENCE,
    subject: randomUUID(),
    expiresIn: 3600,
  });
const tokens = stores.map(tokenOf);

await ensureDatabase(databaseUrl);
const child = spawn(process.execPath, [...(process.env.BENCH_SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean), path.join(import.meta.dirname, 'playback-report-service.mjs')], {
  env: {
    ...process.env,
    NODE_ENV: 'test',
    // Request log lines are written (and drained here) at info; warn by default, see README.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    HTTP_PORT: '0',
    GRPC_PORT: '0',
    DATABASE_URL: databaseUrl,
    AMQP_EXCHANGE: `bench.playback.${process.pid}`,
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    OTEL_TRACES_EXPORTER: 'none',
    OTEL_METRICS_EXPORTER: 'none',
    OTEL_LOGS_EXPORTER: 'none',
    BENCH_HQ_ID: HQ,
    BENCH_MUSIC: JSON.stringify(musicIds),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
process.on('exit', () => child.kill('SIGKILL'));
const { url } = await new Promise((resolve, reject) => {
  // The first line carrying the url (at info, log lines come before it); the rest is drained.
  const lines = createInterface({ input: child.stdout });
  const onLine = (line) => {
    if (!line.startsWith('{"url"')) return;
    lines.off('line', onLine);
    lines.on('line', () => {});
    resolve(JSON.parse(line));
  };
  lines.on('line', onLine);
  child.once('exit', (code) => reject(new Error(`service exited ${code}`)));
});

// ---- CPU time per phase (Linux /proc, clock ticks of 10 ms): the service process, the PostgreSQL
// backends of the bench database, and this process (the load generator), so a phase's cost is
// not only its wall time on a machine shared with other engineers' suites.
const ticksOf = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0; // gone since the listing
  }
};
const backendTicks = () => {
  const marker = `postgres: `;
  const db = ` ${base.pathname.slice(1)} `;
  const ticks = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let cmd;
    try {
      cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (cmd.includes(marker) && cmd.includes(db)) ticks.set(pid, ticksOf(pid));
  }
  return ticks;
};
const cpuSnapshot = () => ({ service: ticksOf(child.pid), backends: backendTicks(), self: process.cpuUsage() });
/** CPU ms per report since `before`: service, PostgreSQL backends (those alive at both ends), load generator. */
const cpuSince = (before, reports) => {
  const after = cpuSnapshot();
  let pgTicks = 0;
  for (const [pid, t] of after.backends) if (before.backends.has(pid)) pgTicks += t - before.backends.get(pid);
  const self = process.cpuUsage(before.self);
  return { service: ((after.service - before.service) * 10) / reports, postgres: (pgTicks * 10) / reports, generator: (self.user + self.system) / 1000 / reports };
};

// ---- the service: 50 stores, each posting its batches one after the other
let epoch = 0; // every "new" phase uses fresh startedAt values
const batchBody = (store, batch, phaseEpoch) => {
  const t0 = Date.UTC(2026, 2, 1) + ((phaseEpoch * STORES + store) * BATCHES + batch) * LOGS * 1000;
  return JSON.stringify({
    state: 'PLAYING',
    logs: musicIds.map((musicId, i) => ({ musicId, startedAt: new Date(t0 + i * 1000).toISOString(), playedMs: 180_000, cacheHit: i % 3 === 0 ? true : i % 3 === 1 ? false : null })),
  });
};
const servicePhase = async (phaseEpoch) => {
  // Bodies are built before the clock starts: the load generator shares the 2 cores with the service.
  const bodies = stores.map((_, s) => Array.from({ length: BATCHES }, (_, b) => batchBody(s, b, phaseEpoch)));
  const latencies = [];
  let recorded = 0;
  const cpuBefore = cpuSnapshot();
  const started = process.hrtime.bigint();
  await Promise.all(
    stores.map(async (_, s) => {
      for (let b = 0; b < BATCHES; b++) {
        const body = bodies[s][b];
        const t = process.hrtime.bigint();
        const res = await fetch(`${url}/api/v1/store/playback/report`, { method: 'POST', headers: { authorization: `Bearer ${tokens[s]}`, 'content-type': 'application/json' }, body });
        const json = await res.json();
        if (res.status !== 200) throw new Error(`report answered ${res.status}: ${JSON.stringify(json)}`);
        latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
        recorded += json.recordedLogCount;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = cpuSince(cpuBefore, STORES * BATCHES);
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  return { seconds, recorded, cpu, logsPerSecond: (STORES * BATCHES * LOGS) / seconds, p50: q(0.5), p99: q(0.99) };
};

// ---- pgbench: the service's insert statement, its parameters generated in SQL per transaction
const sample = {
  hqId: HQ,
  storeId: stores[0],
  deviceId: null,
  reporterId: stores[0],
  state: 'PLAYING',
  currentMusicId: null,
  ids: [randomUUID()],
  rows: [{ musicId: musicIds[0], libraryId: null, startedAt: new Date(), playedMs: 1, cacheHit: null, musicTitle: 't', musicSource: 'AI', isTrust: false, kstDay: '2026-03-01' }],
  recordedAt: new Date(),
  batchDigest: 'bench-digest',
};
const rendered = new PgDialect().sqlToQuery(recordReportQuery(sample));
const started = `timestamptz '2026-01-01 00:00:00+00' + ((:batch::bigint * ${LOGS} + g)::float8 * interval '1 second')`;
const series = (expr) => `array(select ${expr} from generate_series(1, ${LOGS}) g)`;
const pgStore = `('00000000-0000-4000-9000-' || lpad(:client_id::text, 12, '0'))::uuid`;
// Parameters in the order the service binds them (recordReportQuery): scalars (reporter, HQ, store,
// device, state, time, batch digest) and the nine column arrays.
const columnExprs = [
  series('gen_random_uuid()'),
  series(`('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid`),
  series('null::uuid'),
  series(`'Song ' || g`),
  series(`case when g % 2 = 0 then 'AI' else 'TRUST' end`),
  series(started),
  series('180000'),
  series(`case g % 3 when 0 then true when 1 then false end`),
  series(`((${started}) at time zone 'Asia/Seoul')::date`),
];
const scalarExpr = (value) => {
  if (value === sample.hqId) return `'${HQ}'::uuid`;
  if (value === sample.storeId) return pgStore;
  if (value === null) return 'null';
  if (value === 'PLAYING') return `'PLAYING'`;
  if (value === sample.batchDigest) return `md5(:batch::text)`; // the batch's digest, one per batch as the service's
  return 'now()'; // recordedAt
};
let arrayIndex = 0;
const exprs = rendered.params.map((value) => (Array.isArray(value) ? columnExprs[arrayIndex++] : scalarExpr(value)));
// Highest placeholder first, so $1 does not eat the start of $10.
let script = rendered.sql;
for (let i = exprs.length; i >= 1; i--) script = script.replaceAll(`$${i}`, `(${exprs[i - 1]})`);
const dir = mkdtempSync(path.join(tmpdir(), 'pgbench-playback-'));
const scriptFile = path.join(dir, 'insert.sql');
writeFileSync(scriptFile, `\\set batch random(1, 100000000)\n${script.replace(/\s+/g, ' ').trim()};\n`);

const pgbenchPhase = () => {
  const out = execFileSync(
    'pgbench',
    ['-n', '-c', String(STORES), '-j', '2', '-t', String(BATCHES), '-f', scriptFile, '-h', base.hostname, '-p', base.port || '5432', '-U', base.username || 'postgres', base.pathname.slice(1)],
    { encoding: 'utf8' },
  );
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]);
  return { logsPerSecond: tps * LOGS, latencyAvg: latency };
};

// ---- rounds: warm-up, then new batches / all-duplicate retries / pgbench, order alternating
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
await servicePhase(epoch++); // warm-up: peer caches, JIT, connection pools
pgbenchPhase();
const results = { fresh: [], retry: [], pgbench: [], p50: [], p99: [], retryP99: [], freshCpu: [], retryCpu: [] };
for (let r = 0; r < ROUNDS; r++) {
  const runService = async () => {
    const phaseEpoch = epoch++;
    const fresh = await servicePhase(phaseEpoch);
    if (fresh.recorded !== STORES * BATCHES * LOGS) throw new Error(`expected every new log stored, got ${fresh.recorded}`);
    const retry = await servicePhase(phaseEpoch); // the very same batches again: all duplicates
    if (retry.recorded !== 0) throw new Error(`a retried batch stored ${retry.recorded} logs`);
    results.fresh.push(fresh.logsPerSecond);
    results.p50.push(fresh.p50);
    results.p99.push(fresh.p99);
    results.retry.push(retry.seconds / fresh.seconds);
    results.retryP99.push(retry.p99);
    results.freshCpu.push(fresh.cpu);
    results.retryCpu.push(retry.cpu);
  };
  const runPgbench = () => results.pgbench.push(pgbenchPhase().logsPerSecond);
  if (r % 2 === 0) {
    await runService();
    runPgbench();
  } else {
    runPgbench();
    await runService();
  }
}

// ---- daily totals exact afterwards (service stores and pgbench stores alike)
const pool = new pg.Pool({ connectionString: databaseUrl });
const { rows: [check] } = await pool.query(`
  select (select count(*) from playback_logs)::int as logs,
         (select count(*) filter (where is_trust) from playback_logs)::int as trust_logs,
         (select count(*) filter (where cache_hit) from playback_logs)::int as hits,
         (select count(*) filter (where not cache_hit) from playback_logs)::int as misses,
         (select coalesce(sum(trust_count + non_trust_count), 0) from playback_daily_totals)::int as total,
         (select coalesce(sum(trust_count), 0) from playback_daily_totals)::int as trust_total,
         (select coalesce(sum(cache_hit_count), 0) from playback_daily_totals)::int as hit_total,
         (select coalesce(sum(cache_miss_count), 0) from playback_daily_totals)::int as miss_total,
         (select count(*) from (select store_id, kst_day, count(*) c from playback_logs group by 1, 2) l
            full join playback_daily_totals d on d.store_id = l.store_id and d.day = l.kst_day
            where l.c is distinct from (d.trust_count + d.non_trust_count))::int as mismatched_days`);
await pool.end();

const fresh = median(results.fresh);
const pgb = median(results.pgbench);
const retryRatio = median(results.retry);
const exact = check.logs === check.total && check.trust_logs === check.trust_total && check.hits === check.hit_total && check.misses === check.miss_total && check.mismatched_days === 0;
console.log(`playback report: ${STORES} stores × ${BATCHES} batches × ${LOGS} logs per phase, ${ROUNDS} rounds (medians)`);
console.log(`  service, new batches     ${fresh.toFixed(0)} logs/s   p50 ${median(results.p50).toFixed(1)} ms   p99 ${median(results.p99).toFixed(1)} ms`);
console.log(`  pgbench, same insert SQL ${pgb.toFixed(0)} rows/s`);
console.log(`  service / pgbench        ${(fresh / pgb).toFixed(2)}   (goal ≥ 0.60) ${fresh / pgb >= 0.6 ? 'met' : 'NOT met'}`);
console.log(`  all-duplicate retry cost ${retryRatio.toFixed(2)} × a new batch   p99 ${median(results.retryP99).toFixed(1)} ms   (goal ≤ 0.60) ${retryRatio <= 0.6 ? 'met' : 'NOT met'}`);
const cpuLine = (cpus) => ['service', 'postgres', 'generator'].map((k) => `${k} ${median(cpus.map((c) => c[k])).toFixed(2)}`).join(' · ');
console.log(`  CPU ms per report, new   ${cpuLine(results.freshCpu)}`);
console.log(`  CPU ms per report, retry ${cpuLine(results.retryCpu)}`);
console.log(`  daily totals: ${check.total} counted for ${check.logs} stored logs (trust ${check.trust_total}/${check.trust_logs}, hits ${check.hit_total}/${check.hits}, misses ${check.miss_total}/${check.misses}, mismatched store-days ${check.mismatched_days}) ${exact ? 'exact' : 'NOT exact'}`);

child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
rmSync(dir, { recursive: true, force: true });
await dropDatabase(databaseUrl);
if (!exact) process.exit(1);
