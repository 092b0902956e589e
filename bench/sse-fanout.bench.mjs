#!/usr/bin/env node
// sse-fanout (the real service, built, as deployed: kit runtime, express, logging, telemetry) side
// by side with bench/sse-raw-server.mjs (node:http + a bare amqplib consumer), alternating, medians.
// Clients are raw TCP sockets in --clients processes pinned to another core than the server.
//
//   npm run build -w @storecast/service-kit && npm run build -w @storecast/sse-fanout
//   node bench/sse-fanout.bench.mjs [--connections 10000] [--clients 2] [--rounds 5]
//        [--idle-seconds 300] [--rate 100] [--rate-seconds 10] [--server-cpu 0] [--client-cpu 1]
//        [--in-flight 400] [--variants raw,fanout,fanout-traced,fanout-untraced,fanout-amqplib-spans,fanout-flags,fanout-env,compare] [--fanout-flags "<node flags>"] [--fanout-env "K=V,K=V"] [--compare <checkout>]
//        [--profile <dir>] [--server-log <dir>]
//   --profile: a CPU profile of each server over the rate phase, <dir>/<variant>-round<N>.cpuprofile,
//   and over the broadcast, <dir>/<variant>-round<N>-broadcast.cpuprofile.
//   --server-log: each server's stdout in <dir>/<variant>-round<N>.log (e.g. with --server-flags --trace-gc).
//   --server-flags "<node flags>": given to every variant's server (diagnostics such as --trace-gc).
//   --compare: another build of the service (a checkout or `git archive` with its kit, built, and a
//   node_modules resolving @storecast/service-kit to its own kit) as the variant `compare`.
//
// Per round and server: a reconnect storm of N connections (time until every one has its
// `connected` event, errors), RSS per idle connection (after GC), idle CPU over --idle-seconds,
// one event at a time to one store at --rate events/s (publish → client latency p50/p99), and one
// broadcast to every connection (publish → last delivery, longest event-loop block of the server).
// For the rate phase it also prints the server's garbage collections and how many events slower
// than 5 ms were in flight during one; for the broadcast, the collections until the last delivery
// and the server's CPU time.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const amqp = require('amqplib');
const { TicketSigner } = require('../services/service-kit/dist/tickets.js');

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const textArg = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const arg = (name, fallback) => (textArg(name) === undefined ? fallback : Number(textArg(name)));
/** A directory option, created when given. */
const dirArg = (name) => {
  const dir = textArg(name) === undefined ? undefined : path.resolve(textArg(name));
  if (dir) fs.mkdirSync(dir, { recursive: true });
  return dir;
};
/** Node flags given as one argument ("--a --b=1"). */
const flagsArg = (name) => (textArg(name) ?? '').split(/\s+/).filter(Boolean);
const N = arg('connections', 10_000);
const CLIENTS = arg('clients', 2);
const ROUNDS = arg('rounds', 5);
const IDLE_S = arg('idle-seconds', 300);
const RATE = arg('rate', 100);
const RATE_S = arg('rate-seconds', 10);
const SERVER_CPU = arg('server-cpu', 0);
// Connections being opened at once over all client processes: kept under the listen backlog (both
// servers 4096, capped by net.core.somaxconn), so the storm measures how fast a server accepts, not
// how the kernel drops an overflowing queue.
const IN_FLIGHT = arg('in-flight', 400);
const CLIENT_CPU = arg('client-cpu', 1);
const NAMES = (textArg('variants') ?? 'raw,fanout').split(',');
const AMQP_URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const SECRET = 'bench-stream-ticket-secret-of-at-least-32-characters';
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

// ── child processes ────────────────────────────────────────────────────────────────────────
const withIpc = (child) => {
  let seq = 0;
  const waiting = new Map();
  child.on('message', (m) => {
    const id = m.id ?? m.monitorReply;
    waiting.get(id)?.(m);
    waiting.delete(id);
  });
  child.ask = (message) =>
    new Promise((resolve) => {
      const id = ++seq;
      waiting.set(id, resolve);
      child.send({ ...message, id });
    });
  return child;
};

const pinned = (cpu, args, env, stdout = 'ignore') =>
  withIpc(spawn('taskset', ['-c', String(cpu), process.execPath, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', stdout, 'inherit', 'ipc'] }));

const fanoutEnv = (port, exchange) => ({
  NODE_ENV: 'production',
  LOG_LEVEL: 'info',
  HTTP_PORT: String(port),
  AMQP_URL,
  AMQP_EXCHANGE: exchange,
  STREAM_TICKET_SECRET: SECRET,
  PUBLIC_BASE_URL: 'https://bench.storecast.test',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  OTEL_TRACES_EXPORTER: 'none',
});
const PROFILE_DIR = dirArg('profile');
const LOG_DIR = dirArg('server-log');
const FANOUT_FLAGS = flagsArg('fanout-flags');
const SERVER_FLAGS = flagsArg('server-flags');
const COMPARE_ROOT = textArg('compare') === undefined ? undefined : path.resolve(textArg('compare'));
const VARIANTS = {
  raw: {
    label: 'raw node:http + amqplib',
    args: ['--expose-gc', '--require', path.join(here, 'sse-loop-monitor.cjs'), path.join(here, 'sse-raw-server.mjs')],
    env: (port, exchange) => ({ PORT: String(port), AMQP_URL, AMQP_EXCHANGE: exchange, STREAM_TICKET_SECRET: SECRET }),
  },
  fanout: {
    label: 'sse-fanout service',
    args: ['--expose-gc', '--require', path.join(here, 'sse-loop-monitor.cjs'), path.join(root, 'services/sse-fanout/dist/main.js')],
    env: fanoutEnv,
  },
  compare: {
    label: `sse-fanout service built in ${COMPARE_ROOT}`,
    args: ['--expose-gc', '--require', path.join(here, 'sse-loop-monitor.cjs'), path.join(COMPARE_ROOT ?? root, 'services/sse-fanout/dist/main.js')],
    env: fanoutEnv,
  },
  // The same service with OpenTelemetry off entirely (OTEL_SDK_DISABLED): what its tracing costs.
  'fanout-untraced': {
    label: 'sse-fanout service, OTEL_SDK_DISABLED=true',
    args: ['--expose-gc', '--require', path.join(here, 'sse-loop-monitor.cjs'), path.join(root, 'services/sse-fanout/dist/main.js')],
    env: (port, exchange) => ({ ...fanoutEnv(port, exchange), OTEL_SDK_DISABLED: 'true' }),
  },
  // The same service under extra node flags (--fanout-flags "<flags>", e.g. --no-flush-bytecode or
  // V8 heap sizes).
  'fanout-flags': {
    label: `sse-fanout service, node ${FANOUT_FLAGS.join(' ')}`,
    args: ['--expose-gc', ...FANOUT_FLAGS, '--require', path.join(here, 'sse-loop-monitor.cjs'), path.join(root, 'services/sse-fanout/dist/main.js')],
    env: fanoutEnv,
  },
  // The same service with extra environment (--fanout-env "K=V,K=V", e.g. SSE_TIMERS_PER_TURN=16).
  'fanout-env': {
    label: `sse-fanout service, ${textArg('fanout-env') ?? ''}`,
    args: ['--expose-gc', '--require', path.join(here, 'sse-loop-monitor.cjs'), path.join(root, 'services/sse-fanout/dist/main.js')],
    env: (port, exchange) => ({
      ...fanoutEnv(port, exchange),
      ...Object.fromEntries((textArg('fanout-env') ?? '').split(',').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)])),
    }),
  },
  // The same service with the amqplib instrumentation back on (the kit leaves it out): what its
  // second span per message costs beside the fan-out's own.
  'fanout-amqplib-spans': {
    label: 'sse-fanout service, amqplib instrumented',
    args: ['--expose-gc', '--require', path.join(here, 'sse-loop-monitor.cjs'), path.join(root, 'services/sse-fanout/dist/main.js')],
    env: (port, exchange) => ({ ...fanoutEnv(port, exchange), OTEL_NODE_ENABLED_INSTRUMENTATIONS: 'grpc,amqplib,pg,ioredis' }),
  },
  // The same service with HTTP tracing back on (its telemetry.ts turns it off): what a span per stream costs.
  'fanout-traced': {
    label: 'sse-fanout service, HTTP traced',
    args: ['--expose-gc', '--require', path.join(here, 'sse-loop-monitor.cjs'), path.join(root, 'services/sse-fanout/dist/main.js')],
    env: (port, exchange) => ({ ...fanoutEnv(port, exchange), OTEL_NODE_DISABLED_INSTRUMENTATIONS: '' }),
  },
};

const waitReady = async (port) => {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      // The raw server answers 404 on every other path: listening means bound.
      if (res.status === 200 || res.status === 404) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await sleep(100);
  }
};

const stopServer = async (server) => {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
};

// ── what sits behind the latency tail of the rate phase ─────────────────────────────────────
const TAIL_MS = 5;
/**
 * The server's garbage collections during the rate phase, and how many of the events slower than
 * TAIL_MS (the goal's p99) were in flight while one ran: a collection pauses the server's loop,
 * and the server's pinned core also runs V8's concurrent marking and sweeping threads.
 */
const tailCauses = (latencies, sentAt, gcs) => {
  const byKind = {};
  for (const [, ms, kind] of gcs) {
    byKind[kind] ??= { count: 0, ms: 0 };
    byKind[kind].count++;
    byKind[kind].ms += ms;
  }
  let slow = 0;
  let slowDuringGc = 0;
  latencies.forEach((latency, i) => {
    if (latency <= TAIL_MS) return;
    slow++;
    const from = sentAt[i];
    const to = from + latency;
    if (gcs.some(([at, ms]) => at < to && at + ms > from)) slowDuringGc++;
  });
  return { gcByKind: byKind, gcMaxMs: Math.max(0, ...gcs.map(([, ms]) => ms)), slow, slowDuringGc };
};

const gcCounts = (gcs) => {
  const byKind = {};
  for (const [, , kind] of gcs) byKind[kind] = (byKind[kind] ?? 0) + 1;
  return Object.entries(byKind).map(([kind, n]) => `${kind} ${n}×`).join(', ') || 'none';
};

/** Collections by kind with their total and longest pause. */
const gcSummary = (gcs) => {
  const byKind = {};
  for (const [, ms, kind] of gcs) {
    byKind[kind] ??= { count: 0, ms: 0, max: 0 };
    byKind[kind].count++;
    byKind[kind].ms += ms;
    byKind[kind].max = Math.max(byKind[kind].max, ms);
  }
  return Object.entries(byKind).map(([kind, v]) => `${kind} ${v.count}× ${v.ms.toFixed(1)} ms (max ${v.max.toFixed(1)})`).join(', ') || 'none';
};

const describeBroadcast = (r) => `broadcast: GC until the last delivery ${r.broadcastGcs} · server CPU ${r.broadcastCpuMs.toFixed(0)} ms`;

const describeHeap = ({ heap: h }) =>
  `old space ${h.idleStart.toFixed(1)} MB at idle start → ${h.idleEnd.toFixed(1)} MB at idle end (GC in idle: ${h.idleGcs}) → ${h.rateEnd.toFixed(1)} MB after the rate phase`;

const describeTail = (r) =>
  `rate phase: GC ${Object.entries(r.gcByKind).map(([kind, v]) => `${kind} ${v.count}× ${v.ms.toFixed(1)} ms`).join(', ') || 'none'} (max ${r.gcMaxMs.toFixed(1)} ms) · ` +
  `events > ${TAIL_MS} ms: ${r.slow} (${r.slowDuringGc} during a GC) · loop max ${r.rateLoopMaxMs.toFixed(1)} ms · CPU ${r.rateCpuUsPerEvent.toFixed(0)} µs per event`;

// ── one measurement round of one server ───────────────────────────────────────────────────
const signer = new TicketSigner(SECRET);
const ticketPath = (storeId) => `/api/v1/store/announcements/stream?ticket=${encodeURIComponent(signer.issue('stream', { sub: randomUUID(), role: 'STORE_MANAGER', storeId }, 3600).ticket)}`;

const measure = async (variant, clients, channel, round) => {
  const exchange = `bench.sse.${process.pid}.${variant}.${Date.now()}`;
  await channel.assertExchange(exchange, 'topic', { durable: true });
  const port = await freePort();
  const log = LOG_DIR ? fs.openSync(path.join(LOG_DIR, `${variant}-round${round + 1}.log`), 'w') : 'ignore';
  const server = pinned(SERVER_CPU, [...SERVER_FLAGS, ...VARIANTS[variant].args], VARIANTS[variant].env(port, exchange), log);
  if (typeof log === 'number') fs.closeSync(log);
  try {
    await waitReady(port);
    const publish = (storeId, title) => {
      const data = {
        dispatchId: randomUUID(), announcementId: randomUUID(), hqId: randomUUID(), storeId, deviceId: null, title,
        audioUrl: 'https://s3.example.test/announcements/a.mp3?X-Amz-Signature=0123456789abcdef', durationSeconds: 4.2,
        isEmergency: false, playAt: null, pendingAt: new Date().toISOString(),
      };
      const id = randomUUID();
      channel.publish(exchange, 'dispatch.dispatch.pending', Buffer.from(JSON.stringify({ id, type: 'dispatch.dispatch.pending', occurredAt: data.pendingAt, data })), { messageId: id });
    };
    const allStore = randomUUID();
    const oneStore = randomUUID();
    // One connection in the latency store; every other one in the broadcast store.
    const paths = [ticketPath(oneStore), ...Array.from({ length: N - 1 }, () => ticketPath(allStore))];
    await sleep(500);
    const base = await server.ask({ monitor: 'gc' });

    // Reconnect storm: every client process opens its share at once (IN_FLIGHT in flight in all).
    const shares = clients.map((_, i) => paths.filter((__, j) => j % clients.length === i));
    const storm = await Promise.all(clients.map((c, i) => c.ask({ cmd: 'connect', host: '127.0.0.1', port, paths: shares[i], concurrency: Math.ceil(IN_FLIGHT / clients.length) })));
    const stormMs = Math.max(...storm.map((s) => s.ms));
    const errors = storm.reduce((sum, s) => sum + s.errors, 0);
    if (errors) console.log(`  ${variant} storm errors:`, storm.map((s) => s.reasons));

    await sleep(2000);
    const loaded = await server.ask({ monitor: 'gc' });
    const rssPerConnKb = (loaded.rss - base.rss) / N / 1024;

    // Idle: keep-alives only.
    const idleStartAt = now();
    const idleStart = await server.ask({ monitor: 'stats' });
    await sleep(IDLE_S * 1000);
    const idleEnd = await server.ask({ monitor: 'stats' });
    const idleCpuPct = ((idleEnd.cpuMs - idleStart.cpuMs) / (IDLE_S * 1000)) * 100;
    const idleGcs = (await server.ask({ monitor: 'gcs', from: idleStartAt, to: now() })).gcs;

    // One store, RATE events/s.
    await Promise.all(clients.map((c) => c.ask({ cmd: 'collect' })));
    const rateBefore = await server.ask({ monitor: 'reset-loop' });
    if (PROFILE_DIR) await server.ask({ monitor: 'profile-start' });
    const interval = 1000 / RATE;
    const rateStart = now();
    for (let i = 0; i < RATE * RATE_S; i++) {
      const due = rateStart + i * interval;
      while (now() < due) await sleep(Math.max(0, Math.min(2, due - now())));
      publish(oneStore, `t=${now()}`);
    }
    await channel.waitForConfirms?.();
    await sleep(1000);
    if (PROFILE_DIR) await server.ask({ monitor: 'profile-stop', file: path.join(PROFILE_DIR, `${variant}-round${round + 1}.cpuprofile`) });
    const rateReplies = await Promise.all(clients.map((c) => c.ask({ cmd: 'collect' })));
    const latencies = rateReplies.flatMap((r) => r.latencies);
    const sentAt = rateReplies.flatMap((r) => r.sentAt);
    const rateLoop = await server.ask({ monitor: 'stats' });
    const heap = { idleStart: idleStart.oldUsedMb, idleEnd: idleEnd.oldUsedMb, rateEnd: rateLoop.oldUsedMb, idleGcs: gcCounts(idleGcs) };
    // CPU over the whole phase (keep-alives included) per event sent: the server's work per event.
    const rateCpuUsPerEvent = ((rateLoop.cpuMs - rateBefore.cpuMs) * 1000) / (RATE * RATE_S);
    const { gcs } = await server.ask({ monitor: 'gcs', from: rateStart, to: now() });
    const tail = tailCauses(latencies, sentAt, gcs);

    // One broadcast to every connection.
    const broadcastBefore = await server.ask({ monitor: 'reset-loop' });
    if (PROFILE_DIR) await server.ask({ monitor: 'profile-start' });
    const sent = now();
    publish(allStore, `t=${sent}`);
    let delivered = [];
    let last = 0;
    const deadline = Date.now() + 30_000;
    while (delivered.length < N - 1 && Date.now() < deadline) {
      await sleep(250);
      const replies = await Promise.all(clients.map((c) => c.ask({ cmd: 'collect' })));
      delivered = delivered.concat(replies.flatMap((r) => r.latencies));
      last = Math.max(last, ...replies.map((r) => r.lastAnnouncementAt));
    }
    const loop = await server.ask({ monitor: 'stats' });
    if (PROFILE_DIR) await server.ask({ monitor: 'profile-stop', file: path.join(PROFILE_DIR, `${variant}-round${round + 1}-broadcast.cpuprofile`) });
    const broadcastGcs = (await server.ask({ monitor: 'gcs', from: sent, to: sent + (last - sent) })).gcs;
    await Promise.all(clients.map((c) => c.ask({ cmd: 'close' })));
    return {
      stormMs,
      errors,
      connected: storm.reduce((sum, s) => sum + s.ok, 0),
      rssPerConnKb,
      idleCpuPct,
      p50: pct(latencies, 50),
      p99: pct(latencies, 99),
      events: latencies.length,
      broadcastLastMs: last - sent,
      broadcastDelivered: delivered.length,
      loopMaxMs: loop.loopMaxMs,
      rateLoopMaxMs: rateLoop.loopMaxMs,
      rateCpuUsPerEvent,
      // Until the last delivery: what the server did while the broadcast was on its way.
      broadcastGcs: gcSummary(broadcastGcs),
      // From the publish to the stats reply after the last delivery (≤ 250 ms of polling more).
      broadcastCpuMs: loop.cpuMs - broadcastBefore.cpuMs,
      heap,
      ...tail,
    };
  } finally {
    await stopServer(server);
    await channel.deleteExchange(exchange);
  }
};

// ── main ───────────────────────────────────────────────────────────────────────────────────
const clients = Array.from({ length: CLIENTS }, () => pinned(CLIENT_CPU, [path.join(here, 'sse-client.mjs')], {}));
const connection = await amqp.connect(AMQP_URL);
const channel = await connection.createConfirmChannel();
console.log(`sse-fanout vs raw: ${N} connections, ${CLIENTS} client processes (cpu ${CLIENT_CPU}), server on cpu ${SERVER_CPU}, ${ROUNDS} rounds, idle ${IDLE_S} s, ${RATE} events/s for ${RATE_S} s`);
const results = Object.fromEntries(NAMES.map((n) => [n, []]));
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? NAMES : [...NAMES].reverse();
  for (const variant of order) {
    const r = await measure(variant, clients, channel, round);
    results[variant].push(r);
    console.log(
      `round ${round + 1} ${variant.padEnd(15)} storm ${r.stormMs.toFixed(0)} ms (${r.connected} ok, ${r.errors} errors) · RSS/conn ${r.rssPerConnKb.toFixed(2)} KiB · idle CPU ${r.idleCpuPct.toFixed(2)} % · ` +
        `1 store @${RATE}/s p50 ${r.p50?.toFixed(2)} p99 ${r.p99?.toFixed(2)} ms (${r.events}) · broadcast last ${r.broadcastLastMs.toFixed(0)} ms (${r.broadcastDelivered}) · loop max ${r.loopMaxMs.toFixed(1)} ms`,
    );
    console.log(`        ${describeTail(r)}`);
    console.log(`        ${describeBroadcast(r)}`);
    console.log(`        ${describeHeap(r)}`);
  }
}
const row = (name, key, goal, digits = 2) => {
  const raw = results.raw ? median(results.raw.map((r) => r[key])) : NaN;
  const cells = NAMES.filter((n) => n !== 'raw').map((n) => {
    const value = median(results[n].map((r) => r[key]));
    return `${n} ${value.toFixed(digits).padStart(9)} (${(value / raw).toFixed(2)}×)`;
  });
  console.log(`${name.padEnd(38)} raw ${raw.toFixed(digits).padStart(9)}  ${cells.join('  ')}  ${goal}`);
};
console.log(`\nmedians over ${ROUNDS} rounds (ratio to raw)`);
row('RSS per idle connection (KiB)', 'rssPerConnKb', 'goal ≤ 1.5×');
row(`idle CPU over ${IDLE_S} s (%)`, 'idleCpuPct', 'goal ≤ 2×', 3);
row(`reconnect storm of ${N} (ms)`, 'stormMs', 'goal ≤ 2×, 0 errors', 0);
row(`1 store @${RATE}/s p50 (ms)`, 'p50', '');
row(`1 store @${RATE}/s p99 (ms)`, 'p99', 'goal p99 ≤ 5 ms');
row(`CPU per event @${RATE}/s (µs)`, 'rateCpuUsPerEvent', '', 0);
row(`broadcast to ${N}: last delivery (ms)`, 'broadcastLastMs', 'goal ≤ 1.25×', 0);
row(`broadcast to ${N}: server CPU (ms)`, 'broadcastCpuMs', '', 0);
row('longest event-loop block (ms)', 'loopMaxMs', 'goal sse-fanout < 50 ms', 1);
console.log(`errors: ${NAMES.map((n) => `${n} ${results[n].reduce((sum, r) => sum + r.errors, 0)}`).join(', ')}`);
for (const c of clients) c.kill();
await connection.close();
