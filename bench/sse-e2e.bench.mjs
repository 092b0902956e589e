#!/usr/bin/env node
// The product's headline figure: an HQ dispatches an announcement "now" → the `announcement` event
// on a connected player's stream, end to end: gateway → announcement-dispatch (transaction +
// outbox, NOTIFY) → relay → RabbitMQ → sse-fanout (its own queue) → the stream through the gateway.
//   1. one store: --dispatches sequential dispatches (p50/p99 from the HTTP request to the event);
//   2. one dispatch to ALL stores of an HQ with --stores connected players (time to the last one).
// Every process is the built service (node dist/main.js, telemetry on, exporter off) with a fresh
// database, one test exchange, the local PostgreSQL/RabbitMQ/Redis, an embedded S3 and espeak-ng.
//
//   npm run build   (or tsc -p tsconfig.build.json in proto, the kit, identity, legal,
//                    organization, announcement-dispatch, sse-fanout and gateway)
//   node bench/sse-e2e.bench.mjs [--dispatches 1000] [--stores 2500]
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const { serviceEnvironment } = require('../scripts/services.cjs');
const { createTestDatabase, startTestS3, testExchange, testInfra } = require('../services/service-kit/dist/testing/index.js');
const { TicketSigner } = require('../services/service-kit/dist/tickets.js');

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const DISPATCHES = arg('dispatches', 1000);
const STORES = arg('stores', 2500);
const SECRET = 'bench-e2e-stream-ticket-secret-of-at-least-32-chars';
const SERVICES = ['identity', 'legal', 'organization', 'announcement-dispatch', 'sse-fanout'];
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
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

// ── the system ─────────────────────────────────────────────────────────────────────────────
const ports = { gateway: { http: await freePort() } };
for (const name of SERVICES) ports[name] = { http: await freePort(), grpc: await freePort() };
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storecast-bench-mail-'));
const infra = testInfra();
const s3 = await startTestS3();
const operator = { email: 'operator@bench.storecast.test', password: 'operator-password-1' };
const shared = {
  postgresUrl: infra.postgresUrl,
  common: {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    AMQP_URL: infra.amqpUrl,
    AMQP_EXCHANGE: testExchange('bench-e2e'),
    REDIS_URL: infra.redisUrl,
    RATE_LIMIT_KEY_PREFIX: `bench:${process.pid}:${Date.now()}`,
    JWT_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    MAIL_OUTBOX_DIR: mailDir,
    STREAM_TICKET_SECRET: SECRET,
    OTEL_TRACES_EXPORTER: 'none',
    // The bench dispatches far faster than an HQ may (DISPATCH is 30/min) and creates many stores.
    RATE_LIMIT_DISPATCH: '1000000',
    RATE_LIMIT_BULK_PROVISION: '1000',
    RATE_LIMIT_STORE_PROVISION: '1000',
    RATE_LIMIT_LOGIN_PER_IP: '1000',
    ...s3.env,
  },
};
const children = [];
const drops = [];
const startProcess = async (name, dir) => {
  const env = { ...serviceEnvironment(name, shared, ports) };
  if (name !== 'gateway') {
    const db = await createTestDatabase(name);
    drops.push(db.drop);
    env.DATABASE_URL = db.url;
  }
  if (name === 'identity') {
    env.JWT_PRIVATE_KEY = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    env.OPERATOR_EMAIL = operator.email;
    env.OPERATOR_PASSWORD = operator.password;
  }
  const child = spawn(process.execPath, [path.join(root, dir, 'dist/main.js')], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${ports[name].http}/readyz`)).status === 200) return;
    } catch {
      // starting
    }
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${name} did not become ready`);
    await sleep(200);
  }
};
const stopAll = async () => {
  for (const child of children.reverse()) child.kill('SIGTERM');
  await sleep(1500);
  for (const drop of drops) await drop().catch(() => undefined);
  await s3.close();
  fs.rmSync(mailDir, { recursive: true, force: true });
};
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));

const gateway = `http://127.0.0.1:${ports.gateway.http}`;
const call = async (method, p, { token, body } = {}) => {
  const res = await fetch(`${gateway}${p}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const text = await res.text();
  const parsed = text ? JSON.parse(text) : undefined;
  if (res.status >= 300) throw new Error(`${method} ${p} answered ${res.status}: ${text.slice(0, 300)}`);
  return parsed;
};
const setupLink = async (email) => {
  for (let i = 0; i < 100; i++) {
    for (const file of fs.readdirSync(mailDir).filter((f) => f.endsWith('.json'))) {
      const mail = JSON.parse(fs.readFileSync(path.join(mailDir, file), 'utf8'));
      const token = mail.to === email && mail.links?.map((l) => new URL(l).searchParams.get('token')).find(Boolean);
      if (token) return token;
    }
    await sleep(100);
  }
  throw new Error(`no setup mail to ${email}`);
};

// ── players on raw sockets through the gateway ─────────────────────────────────────────────
/** Opens a stream; onEvent(name, data, receivedAt) for every event. */
const openStream = (url, onEvent) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const socket = net.connect({ host: target.hostname, port: Number(target.port) });
    socket.setNoDelay(true);
    let head = true;
    let carry = '';
    socket.on('connect', () => socket.write(`GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nAccept: text/event-stream\r\n\r\n`));
    socket.on('data', (chunk) => {
      const at = now();
      let text = carry + chunk.toString('utf8');
      if (head) {
        const end = text.indexOf('\r\n\r\n');
        if (end < 0) return void (carry = text);
        if (!text.startsWith('HTTP/1.1 200')) return reject(new Error(text.slice(0, 200)));
        head = false;
        text = text.slice(end + 4);
      }
      let cut;
      while ((cut = text.indexOf('\n\n')) >= 0) {
        const frame = text.slice(0, cut);
        text = text.slice(cut + 2);
        const event = /event: ([\w-]+)/.exec(frame)?.[1];
        const data = /data: (.*)/.exec(frame)?.[1];
        if (event === 'connected') resolve(socket);
        if (event && data) onEvent(event, JSON.parse(data), at);
      }
      carry = text;
    });
    socket.on('error', reject);
  });

try {
  for (const name of SERVICES) await startProcess(name, `services/${name}`);
  await startProcess('gateway', 'gateway');
  console.log(`system up: gateway ${gateway}, ${SERVICES.join(', ')}`);

  // An HQ, its manager, one store with a store manager (the ticket through the endpoint).
  const op = (await call('POST', '/api/v1/auth/login', { body: operator })).accessToken;
  const manager = { email: 'bench.hq@bench.storecast.test', tempPassword: 'Temp-pass-123', name: 'Bench HQ' };
  await call('POST', '/api/v1/admin/hq', { token: op, body: { hq: { name: 'Bench Chain', businessNumber: '111-22-33333', plan: 'TRUST', billingAnchorDay: 1, llmMaxPerHour: 3 }, manager } });
  const temp = (await call('POST', '/api/v1/auth/login', { body: { email: manager.email, password: manager.tempPassword } })).accessToken;
  const hq = (await call('POST', '/api/v1/auth/change-password', { token: temp, body: { currentPassword: manager.tempPassword, newPassword: 'Changed-pass-456' } })).accessToken;
  const storeEmail = 'bench.store@bench.storecast.test';
  const solo = (await call('POST', '/api/v1/hq/stores', { token: hq, body: { name: 'Solo', address: 'Seoul 1', managerName: 'Kim', managerEmail: storeEmail } })).store.id;
  await call('POST', '/api/v1/auth/setup/complete', { body: { token: await setupLink(storeEmail), newPassword: 'Store-pass-321' } });
  const storeToken = (await call('POST', '/api/v1/auth/login', { body: { email: storeEmail, password: 'Store-pass-321' } })).accessToken;
  const announcement = (await call('POST', '/api/v1/hq/announcements', { token: hq, body: { title: 'Bench', text: 'Attention please.', voice: 'SHEAN' } })).id;

  // 1. One store, sequential dispatches.
  const waiting = new Map();
  const { streamUrl } = await call('POST', '/api/v1/store/announcements/stream-ticket', { token: storeToken });
  const early = new Map();
  const soloStream = await openStream(streamUrl, (event, data, at) => {
    if (event !== 'announcement') return;
    const waiter = waiting.get(data.dispatchId);
    if (waiter) waiter(at);
    else early.set(data.dispatchId, at);
  });
  const latencies = [];
  for (let i = 0; i < DISPATCHES; i++) {
    const sent = now();
    let received;
    const arrived = new Promise((resolve) => (received = resolve));
    const res = await call('POST', `/api/v1/hq/announcements/${announcement}/dispatches`, { token: hq, body: { target: 'STORES', storeIds: [solo] } });
    const id = res.dispatchIds[0];
    // The event may beat the HTTP answer to the client: catch it either way.
    if (early.has(id)) received(early.get(id));
    else waiting.set(id, received);
    const at = await Promise.race([arrived, sleep(10_000).then(() => NaN)]);
    waiting.delete(id);
    early.delete(id);
    latencies.push(at - sent);
  }
  soloStream.destroy();
  const ok = latencies.filter((l) => Number.isFinite(l));
  console.log(`1 store, ${DISPATCHES} dispatches (HTTP request → announcement event): p50 ${pct(ok, 50).toFixed(1)} ms, p99 ${pct(ok, 99).toFixed(1)} ms, max ${Math.max(...ok).toFixed(1)} ms, lost ${latencies.length - ok.length}`);

  // 2. STORES more stores by bulk CSV (1000 rows per file), one player each, one dispatch to ALL.
  for (let done = 0; done < STORES; done += 1000) {
    const rows = Array.from({ length: Math.min(1000, STORES - done) }, (_, i) => `Store ${done + i},Seoul ${done + i},,,`);
    const form = new FormData();
    form.append('file', new Blob([`\uFEFF매장명,주소,점주명,점주 이메일,점주 연락처\r\n${rows.join('\r\n')}\r\n`], { type: 'text/csv' }), 'stores.csv');
    await call('POST', '/api/v1/hq/stores/bulk', { token: hq, body: form });
  }
  const storeIds = [];
  for (let page = 0; ; page++) {
    const list = await call('GET', `/api/v1/hq/stores?size=100&page=${page}`, { token: hq });
    storeIds.push(...list.items.map((s) => s.id));
    if (list.items.length < 100) break;
  }
  // Tickets as the endpoint issues them (same secret): 2,500 store manager accounts are not the point.
  const signer = new TicketSigner(SECRET);
  const arrivals = new Map();
  let allSent = 0;
  const sockets = [];
  for (let i = 0; i < storeIds.length; i += 200) {
    sockets.push(
      ...(await Promise.all(
        storeIds.slice(i, i + 200).map((storeId) =>
          openStream(`${gateway}/api/v1/store/announcements/stream?ticket=${encodeURIComponent(signer.issue('stream', { sub: randomUUID(), role: 'STORE_MANAGER', storeId }, 600).ticket)}`, (event, data, at) => {
            if (event === 'announcement' && !arrivals.has(storeId)) arrivals.set(storeId, at);
          }),
        ),
      )),
    );
  }
  console.log(`${sockets.length} players connected through the gateway (${storeIds.length} stores)`);
  allSent = now();
  const all = await call('POST', `/api/v1/hq/announcements/${announcement}/dispatches`, { token: hq, body: { target: 'ALL' } });
  const answered = now();
  const deadline = Date.now() + 120_000;
  while (arrivals.size < storeIds.length && Date.now() < deadline) await sleep(50);
  const times = [...arrivals.values()].map((t) => t - allSent);
  console.log(
    `dispatch to ALL (${all.storeCount} stores): HTTP answer ${(answered - allSent).toFixed(0)} ms, first event ${Math.min(...times).toFixed(0)} ms, ` +
      `p50 ${pct(times, 50).toFixed(0)} ms, last ${Math.max(...times).toFixed(0)} ms, delivered ${arrivals.size}/${storeIds.length}`,
  );
  for (const s of sockets) s.destroy();
} finally {
  await stopAll();
}
