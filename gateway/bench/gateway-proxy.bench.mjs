#!/usr/bin/env node
// The gateway's cost per proxied request against a minimal @fastify/http-proxy reference, measured
// side by side in one run: targets alternate within every round, figures are medians over rounds.
//
//   npm run build -w gateway            (the bench runs the compiled gateway: gateway/dist)
//   node gateway/bench/gateway-proxy.bench.mjs [--rounds 5] [--seconds 3] [--connections 50]
//        [--rate <req/s>] [--no-pin] [--only direct,reference,shipped,off] [--timeline <dir>]
//        [--sched] [--profile <dir> [--profile-interval-us 1000]] [--pause-kdamond]
//
// --variant <name>:<K=V,K=V>: one more gateway with tracing as shipped plus these environment
// variables (repeatable; public and token routes), e.g. to compare two sampler settings in one run;
// NODE_ARGS=<flags> among them replaces the node flags the gateway ships with (package.json
// storecast.nodeFlags; space-separated, `NODE_ARGS=` for none) and is not passed as a variable;
// MAIN=<file> runs another build of the gateway (e.g. a copy of gateway/dist made before a change,
// kept inside the repository so it resolves the same packages), not passed either.
// --extra <file.js>: one more target, a script listening on PORT that proxies to UPSTREAM (e.g. a
// bare http-proxy-middleware server, to see what the library itself costs).
// --timeline <dir>: every child process logs its GC pauses and event-loop gaps (gc-watch.cjs) and
// each latency phase its requests slower than --slow-ms (default 5), with the CPU time the other
// target processes on its core used meanwhile, to <dir>;
// `node gateway/bench/timeline.mjs <dir>` sets each slow stretch beside what its target was doing.
// --profile <dir>: the gateways run with `--cpu-prof` (one sample per --profile-interval-us,
// default 1000) and write their profiles to <dir> when the bench ends;
// `node gateway/bench/top-frames.mjs <file.cpuprofile>` prints the top frames, and with --timeline
// `timeline.mjs <dir> --profile <dir>` what each profiled gateway did during its stalls.
// --sched (with --timeline; needs perf): `perf sched record` over the latency phases, to
// <dir>/sched.data: timeline.mjs then lists what ran on each core inside every stall.
// --pause-kdamond (root): the kernel's DAMON reclaim threads, where the VM runs them, are switched
// off for the run and back on at exit; without it their CPU time is printed beside each round.
//
// Child processes:
//   upstream   a plain keep-alive HTTP server answering a small JSON body; counts the TCP
//              connections it accepts (→ "new upstream connections"); also a fake OTLP/HTTP
//              collector (answers 200 to every export) for the gateway whose tracing is on
//   reference  fastify 5 + @fastify/http-proxy 11.6.3 (undici pool) forwarding everything to the upstream
//   shipped    the gateway (dist/main.js) as production ships it: NODE_ENV=production,
//              LOG_LEVEL=info, TRUST_PROXY=1, telemetry on with the default sampler, exporting to
//              the fake collector
//   off        the same gateway with OTEL_SDK_DISABLED=true
//   direct (CPU 1)  (when pinned) a second upstream on the proxies' core, reached with no proxy in
//              between: what crossing to that core alone puts in the tail (not a goal)
// This process is the load generator: Node's http client over a keep-alive agent for capacity,
// open-loop-client.mjs (prebuilt requests on raw keep-alive sockets, far cheaper) for latency.
//
// Per target and round:
//   capacity   N concurrent request loops for --seconds → req/s, and the target process's CPU time
//              (utime + stime from /proc/<pid>/stat, all threads) divided by the requests served
//   latency    an open-loop fixed rate (--rate, default half the reference's median capacity) for
//              --seconds → p50 / p99, measured from each request's scheduled send time
// Targets: direct (the upstream itself), reference, and for each gateway a public route
// (GET /api/v1/terms/active: route lookup + proxy) and a token route (GET /api/v1/hq/me with an
// RS256 access token: + JWT verification, role gate, revocation mark).
//
// Pinning (default when `taskset` exists): the proxies run on CPU 1, the upstream and this load
// generator on CPU 0, so the generator does not steal the measured process's core. CPU time per
// request is what the ratios use: it is far less sensitive to other load on the machine than req/s.
import { execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fixedRate } from './open-loop-client.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const gatewayMain = path.join(here, '..', 'dist', 'main.js');
const require = createRequire(import.meta.url);
// The node flags the gateway ships with (its package.json storecast.nodeFlags, as npm start and the
// image's launcher use them): the shipped and off gateways and every variant without NODE_ARGS.
const shippedFlags = require('../../scripts/services.cjs').nodeFlagsOf(path.join(here, '..'));
const argValue = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const arg = (name, fallback) => (argValue(name) === undefined ? fallback : Number(argValue(name)));
const ROUNDS = arg('rounds', 5);
const SECONDS = arg('seconds', 3);
const CONNECTIONS = arg('connections', 50);
const FIXED_RATE = arg('rate', 0);
const ONLY = argValue('only')?.split(',');
const EXTRA = argValue('extra') && path.resolve(argValue('extra'));
const PROFILE_DIR = argValue('profile') && path.resolve(argValue('profile'));
const TIMELINE_DIR = argValue('timeline') && path.resolve(argValue('timeline'));
// With --timeline, a latency request slower than this is recorded with its time (ms).
const SLOW_MS = arg('slow-ms', 5);
if (TIMELINE_DIR) {
  fs.mkdirSync(TIMELINE_DIR, { recursive: true });
  // The load generator's own pauses delay every target's requests: logged too, under this pid.
  process.env.GC_WATCH_DIR = TIMELINE_DIR;
  require('./gc-watch.cjs');
}
const VARIANTS = process.argv
  .flatMap((a, i) => (a === '--variant' ? [process.argv[i + 1]] : []))
  .map((spec) => {
    const [name, vars = ''] = spec.split(/:(.*)/s);
    return { name, env: Object.fromEntries(vars.split(',').filter(Boolean).map((kv) => kv.split(/=(.*)/s).slice(0, 2))) };
  });
const hasTaskset = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const PIN = !process.argv.includes('--no-pin') && hasTaskset && os.cpus().length >= 2;

if (!fs.existsSync(gatewayMain)) {
  console.error(`missing ${gatewayMain}: run \`npm run build -w gateway\` first`);
  process.exit(1);
}

const SCHED = process.argv.includes('--sched');
if (SCHED && !TIMELINE_DIR) {
  console.error('--sched needs --timeline <dir> (where sched.data goes)');
  process.exit(2);
}
/**
 * --sched: every context switch on every core while the latency phases run (`perf sched record`,
 * timestamps on CLOCK_MONOTONIC like gc-watch.cjs's anchor), stopped as perf expects (SIGINT).
 */
const recordScheduler = async (file) => {
  const perf = spawn('perf', ['sched', 'record', '-k', 'CLOCK_MONOTONIC', '-o', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise((resolve) => {
    perf.once('close', resolve);
    perf.once('error', resolve); // not installed: ENOENT
  });
  const failed = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 1000))]);
  if (failed) {
    console.error('--sched: perf sched record did not start (is perf installed, and may this user trace the scheduler?)');
    return undefined;
  }
  return {
    stop: async () => {
      perf.kill('SIGINT');
      await exited;
    },
  };
};

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const children = [];
const cleanup = () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
};
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

/** Spawns node (pinned to `cpu` when pinning); stdout dropped unless asked for (log lines cost what they cost). */
const spawnNode = (plainArgs, plainEnv, cpu, stdio = ['ignore', 'ignore', 'inherit']) => {
  // --timeline: every child logs its GC pauses and event-loop gaps (gc-watch.cjs).
  const args = TIMELINE_DIR ? ['--require', path.join(here, 'gc-watch.cjs'), ...plainArgs] : plainArgs;
  const env = TIMELINE_DIR ? { ...plainEnv, GC_WATCH_DIR: TIMELINE_DIR } : plainEnv;
  const child = PIN
    ? spawn('taskset', ['-c', String(cpu), process.execPath, ...args], { env, stdio })
    : spawn(process.execPath, args, { env, stdio });
  children.push(child);
  return child;
};

const UPSTREAM_SRC = `
const http = require('node:http');
const body = JSON.stringify({ id: 'terms-1', version: '2026-01', content: 'x'.repeat(200) });
let connections = 0;
let lastTraceparent = null;
const server = http.createServer((req, res) => {
  lastTraceparent = req.headers.traceparent ?? null;
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.on('connection', () => connections++);
server.keepAliveTimeout = 65000;
server.listen(Number(process.env.PORT), '127.0.0.1');
// A fake OTLP/HTTP collector (where COLLECTOR_PORT is given): every export is accepted.
let exports = 0;
if (process.env.COLLECTOR_PORT) http.createServer((req, res) => {
  req.resume();
  req.on('end', () => { exports++; res.writeHead(200, { 'content-type': 'application/x-protobuf' }); res.end(); });
}).listen(Number(process.env.COLLECTOR_PORT), '127.0.0.1');
process.on('message', () => process.send({ connections, exports, lastTraceparent }));
`;

const REFERENCE_SRC = `
const fastify = require('fastify')({ logger: false });
fastify.register(require('@fastify/http-proxy'), { upstream: process.env.UPSTREAM });
fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

const waitFor = async (url, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const b64url = (v) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const signJwt = (privateKey, claims) => {
  const head = b64url({ alg: 'RS256', typ: 'JWT', kid: 'bench' });
  const body = b64url(claims);
  const signature = sign('RSA-SHA256', Buffer.from(`${head}.${body}`), privateKey).toString('base64url');
  return `${head}.${body}.${signature}`;
};

const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();
/** CPU time (ms) a process has used so far, all threads. */
const cpuMs = (pid) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS; // utime, stime
};

/** Steal time (ms) of one CPU (or of all, when not pinned) so far: time the hypervisor ran something else. */
const stealMs = (cpu) => {
  const label = cpu === undefined ? 'cpu ' : `cpu${cpu} `;
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n').find((l) => l.startsWith(label));
  return line ? (Number(line.trim().split(/\s+/)[8] ?? 0) * 1000) / TICKS : 0;
};

/**
 * The kernel's DAMON threads (kdamond): on some of these VMs a proactive-reclaim scheme samples the
 * access bits of all physical memory every 500 ms, in slices of 2–8 ms on either core — a stall
 * for whatever process was due to run there (bench README § Gateway proxy, 2026-12-06 05:54).
 * Their CPU time (ns-precise, /proc/<pid>/schedstat) is printed per phase beside steal.
 */
const kdamondPids = fs
  .readdirSync('/proc')
  .filter((name) => /^\d+$/.test(name))
  .filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('kdamond');
    } catch {
      return false;
    }
  });
const kdamondMs = () =>
  kdamondPids.reduce((sum, pid) => {
    try {
      return sum + Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
    } catch {
      return sum;
    }
  }, 0);

/**
 * --pause-kdamond: switches every running DAMON context off for the run and back on at exit (needs
 * root; the machine's own setting otherwise stays). What the proxies do without the VM's reclaim
 * daemon taking their cores, beside what they do with it.
 */
const DAMON_DIR = '/sys/kernel/mm/damon/admin/kdamonds';
const pausedDamons = [];
if (process.argv.includes('--pause-kdamond')) {
  for (const id of fs.existsSync(DAMON_DIR) ? fs.readdirSync(DAMON_DIR).filter((n) => /^\d+$/.test(n)) : []) {
    const state = path.join(DAMON_DIR, id, 'state');
    try {
      if (fs.readFileSync(state, 'utf8').trim() !== 'on') continue;
      fs.writeFileSync(state, 'off');
      pausedDamons.push(state);
    } catch (err) {
      console.error(`--pause-kdamond: cannot switch ${state} off (${err.code ?? err.message})`);
    }
  }
  process.on('exit', () => {
    for (const state of pausedDamons) fs.writeFileSync(state, 'on');
  });
  process.on('SIGTERM', () => process.exit(143));
}

const HEADERS = { accept: 'application/json', 'user-agent': 'storecast-bench' };
/** The upstream served from the proxies' core (a reference point, not a goal). */
const FAR = 'direct (CPU 1)';

/** N keep-alive request loops for `seconds`. */
const saturate = async (port, urlPath, headers, seconds) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let done = 0;
  let errors = 0;
  const statuses = {};
  const until = Date.now() + seconds * 1000;
  const one = () =>
    new Promise((resolve) => {
      const req = http.request({ host: '127.0.0.1', port, path: urlPath, agent, headers }, (res) => {
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        res.resume();
        res.on('end', () => {
          done++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const loop = async () => {
    while (Date.now() < until) await one();
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests: done, rps: done / elapsed, errors, statuses };
};

const median = (values) => {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
};

const main = async () => {
  const [upstreamPort, collectorPort, referencePort, shippedPort, offPort, extraPort, farPort] = await Promise.all(Array.from({ length: 7 }, freePort));
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  // -a: every thread of this process (V8's GC and compiler helpers, libuv's pool), not only the
  // main one — its helpers otherwise run on the measured proxies' core (seen with --sched).
  if (PIN) execFileSync('taskset', ['-apc', '0', String(process.pid)], { stdio: 'ignore' });

  const upstream = spawnNode(['-e', UPSTREAM_SRC], { ...process.env, PORT: String(upstreamPort), COLLECTOR_PORT: String(collectorPort) }, 0, [
    'ignore',
    'inherit',
    'inherit',
    'ipc',
  ]);
  const upstreamStats = () =>
    new Promise((resolve) => {
      upstream.once('message', resolve);
      upstream.send('stats');
    });
  const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
  // The same server on the proxies' core: a request path that crosses cores as a proxied one does,
  // without a proxy. On these 2-vCPU VMs each core has stalls of its own, so a path through both
  // meets more of them than direct does on one.
  const farUpstream = PIN ? spawnNode(['-e', UPSTREAM_SRC], { ...process.env, PORT: String(farPort), COLLECTOR_PORT: '' }, 1) : undefined;
  const reference = spawnNode(['-e', REFERENCE_SRC], { ...process.env, PORT: String(referencePort), UPSTREAM: upstreamUrl }, 1);
  const gatewayEnv = (port, extra) => {
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info', // k8s/base/config.env
      TRUST_PROXY: '1',
      GATEWAY_PORT: String(port),
      JWT_PUBLIC_KEY: publicPem,
      LEGAL_HTTP_URL: upstreamUrl,
      ORGANIZATION_HTTP_URL: upstreamUrl,
      RATE_LIMIT_KEY_PREFIX: `bench:${process.pid}`,
      ...extra,
    };
    for (const key of Object.keys(env)) if (key.startsWith('OTEL_') && !(key in extra)) delete env[key];
    return env;
  };
  const profileArgs = (name) => (PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-interval=${arg('profile-interval-us', 1000)}`, `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=${name}.cpuprofile`] : []);
  const shippedEnv = (port, extra = {}) =>
    gatewayEnv(port, {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('OTEL_TRACES_SAMPLER'))),
      ...extra,
    });
  const shipped = spawnNode([...shippedFlags, ...profileArgs('gateway-shipped'), gatewayMain], shippedEnv(shippedPort), 1);
  const variants = [];
  for (const v of VARIANTS) {
    const port = await freePort();
    // NODE_ARGS: node's own flags for this gateway in place of the shipped ones (V8 flags that
    // NODE_OPTIONS refuses; empty: none), not an environment variable.
    const { NODE_ARGS, MAIN, ...env } = v.env;
    const nodeArgs = NODE_ARGS === undefined ? shippedFlags : NODE_ARGS.split(' ').filter(Boolean);
    const main = MAIN ? path.resolve(MAIN) : gatewayMain;
    variants.push({ ...v, port, child: spawnNode([...nodeArgs, ...profileArgs(`gateway-${v.name}`), main], shippedEnv(port, env), 1) });
  }
  const off = spawnNode([...shippedFlags, ...profileArgs('gateway-off'), gatewayMain], gatewayEnv(offPort, { OTEL_SDK_DISABLED: 'true' }), 1);
  const extra = EXTRA && spawnNode([...profileArgs(path.basename(EXTRA, '.js')), EXTRA], { ...process.env, PORT: String(extraPort), UPSTREAM: upstreamUrl }, 1);
  await waitFor(`${upstreamUrl}/`);
  if (farUpstream) await waitFor(`http://127.0.0.1:${farPort}/`);
  if (extra) await waitFor(`http://127.0.0.1:${extraPort}/api/v1/terms/active`);
  await waitFor(`http://127.0.0.1:${referencePort}/api/v1/terms/active`);
  await waitFor(`http://127.0.0.1:${shippedPort}/healthz`);
  await waitFor(`http://127.0.0.1:${offPort}/healthz`);
  for (const v of variants) await waitFor(`http://127.0.0.1:${v.port}/healthz`);

  const now = Math.floor(Date.now() / 1000);
  const token = signJwt(privateKey, {
    sub: '0190a000-0000-7000-8000-000000000001',
    role: 'HQ_MANAGER',
    hqId: '0190a000-0000-7000-8000-000000000002',
    passwordMustChange: false,
    iss: 'storecast-identity',
    aud: 'storecast',
    iat: now,
    exp: now + 3600,
  });
  const auth = { ...HEADERS, authorization: `Bearer ${token}` };
  const PUBLIC = '/api/v1/terms/active';
  const allTargets = [
    { name: 'direct', group: 'direct', port: upstreamPort, pid: upstream.pid, path: PUBLIC, headers: HEADERS },
    ...(farUpstream ? [{ name: FAR, group: 'far', port: farPort, pid: farUpstream.pid, path: PUBLIC, headers: HEADERS }] : []),
    { name: 'reference', group: 'reference', port: referencePort, pid: reference.pid, path: PUBLIC, headers: HEADERS },
    { name: 'shipped public', group: 'shipped', port: shippedPort, pid: shipped.pid, path: PUBLIC, headers: HEADERS },
    { name: 'shipped token', group: 'shipped', port: shippedPort, pid: shipped.pid, path: '/api/v1/hq/me', headers: auth },
    { name: 'off public', group: 'off', port: offPort, pid: off.pid, path: PUBLIC, headers: HEADERS },
    { name: 'off token', group: 'off', port: offPort, pid: off.pid, path: '/api/v1/hq/me', headers: auth },
  ];
  if (extra) allTargets.push({ name: path.basename(EXTRA, '.js'), group: 'extra', port: extraPort, pid: extra.pid, path: PUBLIC, headers: HEADERS });
  for (const v of variants) {
    allTargets.push({ name: v.name, group: v.name, port: v.port, pid: v.child.pid, path: PUBLIC, headers: HEADERS });
    allTargets.push({ name: `${v.name} token`, group: v.name, port: v.port, pid: v.child.pid, path: '/api/v1/hq/me', headers: auth });
  }
  const targets = allTargets.filter((t) => !ONLY || ONLY.includes(t.group));
  // With pinning the pid is taskset's, which execs node: same pid.
  console.log(
    `gateway proxy bench: ${ROUNDS} rounds × ${SECONDS} s per target and phase, ${CONNECTIONS} connections, node ${process.version}, ` +
      `${PIN ? 'proxies pinned to CPU 1, upstream + load generator to CPU 0' : 'not pinned'}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
  );
  console.log(
    kdamondPids.length === 0
      ? 'kernel: no DAMON thread (kdamond) running'
      : `kernel: ${kdamondPids.length} DAMON thread(s) (kdamond), ${pausedDamons.length ? `switched off for this run (--pause-kdamond; ${pausedDamons.length} context(s), back on at exit)` : 'running (--pause-kdamond switches them off for the run)'}`,
  );
  console.log(`shipped gateway: OTEL_TRACES_SAMPLER=${process.env.OTEL_TRACES_SAMPLER ?? '(default)'} OTEL_TRACES_SAMPLER_ARG=${process.env.OTEL_TRACES_SAMPLER_ARG ?? '(default)'}, OTLP/HTTP exporter to a local fake collector; node flags (shipped and off) ${shippedFlags.join(' ') || '(none)'}`);

  // Warm-up: JIT, connection pools, the token cache of both gateways.
  for (const t of targets) await saturate(t.port, t.path, t.headers, 1);

  const results = new Map(targets.map((t) => [t.name, { rps: [], cpu: [], newConns: [], requests: 0, p50: [], p99: [], headP99: [], tailP99: [], busy: [], steal: [], kdamond: [], statuses: {}, errors: 0 }]));
  for (let round = 0; round < ROUNDS; round++) {
    // Rotate the order every round so no target always runs first (or right after a noisy one).
    const order = targets.map((_, i) => targets[(i + round) % targets.length]);
    for (const t of order) {
      const before = await upstreamStats();
      const cpu0 = cpuMs(t.pid);
      const r = await saturate(t.port, t.path, t.headers, SECONDS);
      const cpu1 = cpuMs(t.pid);
      const after = await upstreamStats();
      const acc = results.get(t.name);
      acc.rps.push(r.rps);
      acc.cpu.push((cpu1 - cpu0) / r.requests);
      // The upstream counts its own connections: the one on CPU 1 has no proxy in front to count for.
      acc.newConns.push(t.group === 'far' ? NaN : (after.connections - before.connections) / r.requests);
      acc.requests += r.requests;
      acc.errors += r.errors;
      for (const [s, n] of Object.entries(r.statuses)) acc.statuses[s] = (acc.statuses[s] ?? 0) + n;
    }
    process.stderr.write(`capacity round ${round + 1}/${ROUNDS} done\n`);
  }
  // Pinned as spawned: direct (the upstream) on CPU 0, every proxy on CPU 1.
  const coreOf = (target) => (PIN ? (target.group === 'direct' ? 0 : 1) : undefined);
  const referenceCapacity = median(results.get('reference')?.rps ?? []);
  const rate = FIXED_RATE || Math.max(100, Math.round((referenceCapacity || 2000) / 2));
  const sched = SCHED && (await recordScheduler(path.join(TIMELINE_DIR, 'sched.data')));
  for (let round = 0; round < ROUNDS; round++) {
    const order = targets.map((_, i) => targets[(i + round) % targets.length]);
    for (const t of order) {
      const core = coreOf(t);
      const cpu0 = cpuMs(t.pid);
      const steal0 = stealMs(core);
      const kdamond0 = kdamondMs();
      // --timeline: what the other target processes on the same core used meanwhile (an idle
      // one's GC or timers take the core the measured one is pinned to).
      const others = TIMELINE_DIR ? [...new Set(targets.filter((o) => o.pid !== t.pid && coreOf(o) === core).map((o) => o.pid))] : [];
      const othersCpu0 = others.map(cpuMs);
      const started = performance.now();
      const r = await fixedRate({ port: t.port, path: t.path, headers: t.headers, rate, seconds: SECONDS, connections: CONNECTIONS, slowMs: TIMELINE_DIR ? SLOW_MS : Infinity });
      const acc = results.get(t.name);
      const wall = performance.now() - started;
      const kdamondInPhase = kdamondMs() - kdamond0;
      if (TIMELINE_DIR) {
        const othersCpu = Object.fromEntries(others.map((pid, i) => [pid, cpuMs(pid) - othersCpu0[i]]));
        const phase = { target: t.name, pid: t.pid, round, from: performance.timeOrigin + started, to: performance.timeOrigin + started + wall, p99: r.p99, stalls: r.stalls, othersCpu, kdamondMs: kdamondInPhase };
        fs.appendFileSync(path.join(TIMELINE_DIR, 'phases.jsonl'), `${JSON.stringify(phase)}\n`);
      }
      // The share of a core the target used at this rate (its CPU time over the phase's wall time).
      acc.busy.push((cpuMs(t.pid) - cpu0) / wall);
      // What the hypervisor took from the target's core meanwhile, per second of the phase.
      acc.steal.push(((stealMs(core) - steal0) * 1000) / wall);
      acc.kdamond.push((kdamondInPhase * 1000) / wall);
      acc.p50.push(r.p50);
      acc.p99.push(r.p99);
      acc.headP99.push(r.headP99);
      acc.tailP99.push(r.tailP99);
      acc.errors += r.errors;
    }
    process.stderr.write(`latency round ${round + 1}/${ROUNDS} done\n`);
  }
  if (sched) await sched.stop();
  const stats = await upstreamStats();

  const m = (name, key) => median(results.get(name)?.[key] ?? []);
  const f = (v, d = 0) => (Number.isFinite(v) ? v.toFixed(d) : '–');
  console.log(`\nmedians over ${ROUNDS} rounds; latency at a fixed ${rate} req/s (half the reference's capacity unless --rate)`);
  console.log(`${'target'.padEnd(16)} ${'req/s'.padStart(8)} ${'CPU ms/req'.padStart(11)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'new conns/req'.padStart(14)}  statuses`);
  for (const t of targets) {
    const acc = results.get(t.name);
    console.log(
      `${t.name.padEnd(16)} ${f(m(t.name, 'rps')).padStart(8)} ${f(m(t.name, 'cpu'), 3).padStart(11)} ${f(m(t.name, 'p50'), 2).padStart(8)} ${f(m(t.name, 'p99'), 2).padStart(8)} ${(f(m(t.name, 'newConns') * 100, 2) + ' %').padStart(14)}  ${JSON.stringify(acc.statuses)}${acc.errors ? ` errors ${acc.errors}` : ''}`,
    );
  }
  const ratio = (a, b) => m(a, 'cpu') / m(b, 'cpu');
  const perRound = (a, b) => median(results.get(a).cpu.map((v, i) => v / results.get(b).cpu[i]));
  const verdict = (ok) => (ok ? 'met' : 'NOT met');
  console.log('\ngoals (CPU ratios: median of the per-round ratios)');
  if (results.has('reference') && results.has('shipped public')) {
    const r = perRound('shipped public', 'reference');
    console.log(`  CPU/request shipped ÷ reference     ${f(r, 2)} × (≤ 2)     ${verdict(r <= 2)}`);
  }
  for (const v of variants) {
    if (!results.has('reference') || !results.has(v.name)) continue;
    const r = perRound(v.name, 'reference');
    console.log(`  CPU/request ${v.name} ÷ reference ${f(r, 2)} × (${JSON.stringify(v.env)})`);
  }
  if (results.has('reference') && results.has('off public')) {
    const r = perRound('off public', 'reference');
    console.log(`  CPU/request tracing off ÷ reference ${f(r, 2)} × (≤ 1.5)   ${verdict(r <= 1.5)}`);
  }
  for (const g of ['shipped', 'off', ...variants.map((v) => v.name)]) {
    if (!results.has(`${g} token`)) continue;
    const r = perRound(`${g} token`, results.has(`${g} public`) ? `${g} public` : g);
    console.log(`  CPU/request ${g} token ÷ public${' '.repeat(Math.max(0, 8 - g.length))}  ${f(r, 2)} × (≤ 1.15)  ${verdict(r <= 1.15)}`);
  }
  if (results.has('direct')) {
    // Load = the fixed rate ÷ the target's own median capacity in this run: at ≥ 1 the target
    // cannot keep up and its latency is queueing, not what it adds per request. Busy = the share
    // of its core the target actually used at that rate: above the load when a request costs more
    // at a steady trickle (fewer events per turn of the event loop) than flat out. The reference's
    // own additions are printed first, so the gateway's can be judged against what the machine
    // lets a minimal proxy do (the goal is absolute: + 1 ms p50, 2 × p99).
    const added = (name) => m(name, 'p50') - m('direct', 'p50');
    for (const name of targets.map((t) => t.name).filter((n) => n !== 'direct')) {
      const p50 = added(name);
      const p99 = m(name, 'p99') / m('direct', 'p99');
      const load = rate / m(name, 'rps');
      const vsReference = name !== 'reference' && results.has('reference') ? `; reference adds ${f(added('reference'), 2)} ms` : '';
      if (name === FAR) {
        console.log(`  latency ${name.padEnd(15)} load ${f(load, 2)} busy ${f(m(name, 'busy'), 2)}  p50 direct + ${f(p50, 2)} ms;  p99 ${f(p99, 2)} × direct (no proxy: the other core alone)`);
        continue;
      }
      console.log(
        `  latency ${name.padEnd(15)} load ${f(load, 2)} busy ${f(m(name, 'busy'), 2)}  p50 direct + ${f(p50, 2)} ms (≤ 1) ${verdict(p50 <= 1)};  p99 ${f(p99, 2)} × direct (≤ 2) ${verdict(p99 <= 2)}${vsReference}`,
      );
    }
  }
  // Where the tail sits: a target that sat idle while the others ran starts its phase cold.
  console.log(`\np99 of the latency phase's first tenth vs the rest (ms; medians over rounds)`);
  for (const t of targets) console.log(`  ${t.name.padEnd(16)} ${f(m(t.name, 'headP99'), 2).padStart(8)} ${f(m(t.name, 'tailP99'), 2).padStart(8)}`);
  // Each round's p99 (in the order the rounds ran): one stalled round and a steady tail look alike in a median.
  // A round's tail next to what the hypervisor took from the target's core then and what the
  // kernel's DAMON thread ran (on either core): a stall that is the machine's shows there, on
  // every target alike. (Other processes on the core do not: /proc/stat counts a core's busy time
  // by ticks and misses an event loop's short bursts; `perf sched record` sees them.)
  console.log(`\np99 per round (ms), and (in brackets) steal on the target's core / kdamond's CPU (either core), in ms per second`);
  for (const t of targets) {
    const { p99, steal, kdamond } = results.get(t.name);
    console.log(`  ${t.name.padEnd(16)} ${p99.map((v, i) => `${f(v, 1)} (${f(steal[i])}/${f(kdamond[i])})`.padStart(15)).join(' ')}`);
  }
  // The same rate every round: a round whose busy share jumps (every function, the kernel's own
  // writes included, taking longer) is one where the process ran slower, not one with more work.
  console.log(`busy share per round (the target's CPU time ÷ the phase's wall time)`);
  for (const t of targets) console.log(`  ${t.name.padEnd(16)} ${results.get(t.name).busy.map((v) => f(v, 2).padStart(15)).join(' ')}`);
  for (const name of targets.map((t) => t.name).filter((n) => n !== 'direct' && n !== FAR)) {
    const acc = results.get(name);
    console.log(`  new upstream connections ${name.padEnd(15)} ${f(m(name, 'newConns') * 100, 3)} % of requests (≤ 1 %)  ${verdict(m(name, 'newConns') <= 0.01)}`);
    void acc;
  }
  console.log(`  (traces exported to the fake collector: ${stats.exports} requests; ratio ${f(ratio('shipped public', 'reference'), 2)} of the CPU medians)`);
};

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    // Profiles are written when the gateways exit: wait for them.
    const exits = children.filter((c) => c.exitCode === null).map((c) => new Promise((resolve) => c.once('exit', resolve)));
    cleanup();
    if (PROFILE_DIR) await Promise.all(exits);
  });
