#!/usr/bin/env node
// `npm start`: the whole system on this machine, as a new user needs it. Installs dependencies
// and the speech tools (espeak-ng, lame) when needed, builds (the web clients too), checks
// PostgreSQL / Redis / RabbitMQ, creates a signing key, starts the embedded S3 server, every
// service and the gateway with prefixed logs, prints where to go, and stops everything on Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync, createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import services from './services.cjs';
import dependencies from './dependencies.cjs';
import systemPackages from './system-packages.cjs';
import publicUrls from './public-urls.cjs';

const { ROOT, PORTS, runnableWorkspaces, serviceEnvironment, nodeFlagsOf } = services;

const require = createRequire(import.meta.url);
const DATA = path.join(ROOT, '.data');
const COLORS = [36, 35, 33, 32, 34, 91, 92, 93, 94, 95];
const say = (msg) => process.stdout.write(`\x1b[1m[storecast]\x1b[0m ${msg}\n`);
const fail = (msg) => {
  process.stderr.write(`\x1b[31m[storecast] ${msg}\x1b[0m\n`);
  process.exit(1);
};

const run = (cmd, args, label) => {
  say(`${label} …`);
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) fail(`${label} failed (${cmd} ${args.join(' ')})`);
};

// 1. Dependencies: install when node_modules is missing or older than the lock file.
dependencies.ensureDependencies(ROOT);

// announcement-dispatch synthesizes speech locally unless TTS_PROVIDER says otherwise: espeak-ng
// speaks, lame encodes MP3. Installed with apt-get as root; otherwise the command is printed.
if ((process.env.TTS_PROVIDER ?? 'local') === 'local') {
  systemPackages.ensureSystemPackages(['espeak-ng', 'lame'], 'npm start', { instead: '(or set TTS_PROVIDER=vendor / none)' });
}

// 2. Build every workspace in dependency order (web/ too: the gateway serves web/dist).
if (!process.env.STORECAST_SKIP_BUILD) run('npm', ['run', 'build', '--silent'], 'building');

// 3. The servers the system needs.
const env = process.env;
const postgresUrl = env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const amqpUrl = env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const reachable = (url, defaultPort) =>
  new Promise((resolve) => {
    const u = new URL(url);
    const socket = net.connect({ host: u.hostname, port: Number(u.port || defaultPort) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
const checks = [
  ['PostgreSQL', postgresUrl, 5432, 'POSTGRES_URL', 'sudo pg_ctlcluster 15 main start   (Debian: apt-get install postgresql)'],
  ['Redis', redisUrl, 6379, 'REDIS_URL', "redis-server --daemonize yes --port 6379 --save ''   (Debian: apt-get install redis-server)"],
  ['RabbitMQ', amqpUrl, 5672, 'AMQP_URL', 'rabbitmq-server -detached   (Debian: apt-get install rabbitmq-server)'],
];
const missing = [];
for (const [name, url, port, variable, hint] of checks) {
  if (!(await reachable(url, port))) missing.push(`${name} is not reachable at ${new URL(url).host} (${variable}).\n    Start it: ${hint}`);
}
if (missing.length) fail(`missing servers:\n  - ${missing.join('\n  - ')}`);

// 4. The token signing key: configured, or generated once and kept in .data/keys.
fs.mkdirSync(path.join(DATA, 'keys'), { recursive: true });
const keyFile = path.join(DATA, 'keys', 'jwt-private.pem');
let privateKeyPem = env.JWT_PRIVATE_KEY;
if (!privateKeyPem) {
  if (!fs.existsSync(keyFile)) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    fs.writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    say(`generated a token signing key in ${path.relative(ROOT, keyFile)}`);
  }
  privateKeyPem = fs.readFileSync(keyFile, 'utf8');
}
const publicKeyPem = createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'pem' }).toString();

// Ticket secrets, each the same value everywhere it is used: configured, or generated once and kept
// in .data/keys (so tickets outlive a restart and no service generates its own): the upload-ticket
// secret the gateway signs with and catalog-search / support verify with; the stream-ticket secret
// sse-fanout signs and checks its stream tickets with.
const keptSecret = (name, file) => {
  if (env[name]) return env[name];
  const secretFile = path.join(DATA, 'keys', file);
  if (!fs.existsSync(secretFile)) {
    fs.writeFileSync(secretFile, randomBytes(32).toString('base64url'), { mode: 0o600 });
    say(`generated ${name} in ${path.relative(ROOT, secretFile)}`);
  }
  return fs.readFileSync(secretFile, 'utf8').trim();
};
const uploadTicketSecret = keptSecret('UPLOAD_TICKET_SECRET', 'upload-ticket-secret');
const streamTicketSecret = keptSecret('STREAM_TICKET_SECRET', 'stream-ticket-secret');

// 5. Embedded S3-compatible server (s3rver) for audio, covers and attachments.
const s3Port = Number(env.S3_PORT ?? 9000);
const s3Bucket = env.S3_BUCKET ?? 'storecast';
let s3server;
if (!env.S3_ENDPOINT) {
  const S3rver = require('s3rver');
  fs.mkdirSync(path.join(DATA, 's3'), { recursive: true });
  s3server = new S3rver({ address: '127.0.0.1', port: s3Port, silent: true, directory: path.join(DATA, 's3'), configureBuckets: [{ name: s3Bucket }] });
  await s3server.run();
  say(`embedded S3 on http://127.0.0.1:${s3Port} (bucket ${s3Bucket})`);
}

// 6. Every service, then the gateway.
const ports = structuredClone(PORTS);
if (env.GATEWAY_PORT) ports.gateway.http = Number(env.GATEWAY_PORT);
const s3Endpoint = env.S3_ENDPOINT ?? `http://127.0.0.1:${s3Port}`;
// Media reach browsers through the gateway (<public base>/media), unless S3_PUBLIC_ENDPOINT says where.
const media = publicUrls.mediaEnvironment({ env, gatewayPort: ports.gateway.http, s3Endpoint, s3Bucket });
const operatorEmail = env.OPERATOR_EMAIL ?? 'operator@storecast.local';
const operatorPassword = env.OPERATOR_PASSWORD ?? 'storecast-operator';
const shared = {
  postgresUrl,
  common: {
    NODE_ENV: env.NODE_ENV ?? 'development',
    LOG_LEVEL: env.LOG_LEVEL ?? 'info',
    AMQP_URL: amqpUrl,
    REDIS_URL: redisUrl,
    JWT_PUBLIC_KEY: publicKeyPem,
    UPLOAD_TICKET_SECRET: uploadTicketSecret,
    STREAM_TICKET_SECRET: streamTicketSecret,
    S3_ENDPOINT: s3Endpoint,
    S3_BUCKET: s3Bucket,
    // The links in identity's mails open the web pages at the public base too.
    APP_BASE_URL: env.APP_BASE_URL ?? publicUrls.publicBaseUrl(env, ports.gateway.http),
    S3_REGION: env.S3_REGION ?? 'us-east-1',
    S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID ?? 'S3RVER',
    S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY ?? 'S3RVER',
    MAIL_OUTBOX_DIR: env.MAIL_OUTBOX_DIR ?? path.join(DATA, 'mail'),
    ...media.common,
  },
};

const children = [];
let stopping = false;
const stopAll = async (code = 0) => {
  if (stopping) return;
  stopping = true;
  say('stopping …');
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.once('exit', r)))));
  if (s3server) await s3server.close().catch(() => undefined);
  say('stopped');
  process.exit(code);
};
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

const prefixLines = (stream, label, color, out) => {
  let buffer = '';
  stream.on('data', (chunk) => {
    buffer += chunk.toString();
    let i;
    while ((i = buffer.indexOf('\n')) >= 0) {
      out.write(`\x1b[${color}m${label}\x1b[0m ${buffer.slice(0, i)}\n`);
      buffer = buffer.slice(i + 1);
    }
  });
};

const waitHealthy = async (name, port, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) return;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  say(`${name} did not become healthy within ${timeoutMs / 1000} s`);
  await stopAll(1);
};

const workspaces = runnableWorkspaces();
const width = Math.max(...workspaces.map((w) => w.name.length));
for (const [i, ws] of workspaces.entries()) {
  const main = path.join(ws.dir, 'dist', 'main.js');
  if (!fs.existsSync(main)) fail(`${ws.name} is not built (${path.relative(ROOT, main)} missing)`);
  const childEnv = { ...env, ...serviceEnvironment(ws.name, shared, ports) };
  if (ws.name === 'gateway') Object.assign(childEnv, media.gateway);
  if (ws.name === 'identity') {
    childEnv.JWT_PRIVATE_KEY = privateKeyPem;
    childEnv.OPERATOR_EMAIL = operatorEmail;
    childEnv.OPERATOR_PASSWORD = operatorPassword;
  }
  const child = spawn(process.execPath, [...nodeFlagsOf(ws.dir), main], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const label = `[${ws.name.padEnd(width)}]`;
  const color = COLORS[i % COLORS.length];
  prefixLines(child.stdout, label, color, process.stdout);
  prefixLines(child.stderr, label, color, process.stderr);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      say(`${ws.name} exited (${signal ?? code}); stopping everything`);
      void stopAll(1);
    }
  });
  children.push(child);
  await waitHealthy(ws.name, ports[ws.name].http);
}

const gatewayUrl = `http://localhost:${ports.gateway.http}`;
say('');
say(`Storecast is up: ${gatewayUrl}`);
say(`  API docs:        ${gatewayUrl}/swagger-ui/   (OpenAPI: ${gatewayUrl}/v3/api-docs)`);
say(`  operator sign-in: ${operatorEmail} / ${env.OPERATOR_PASSWORD ? '(OPERATOR_PASSWORD)' : operatorPassword}`);
for (const line of publicUrls.webClientLines({ env, gatewayPort: ports.gateway.http })) say(`  ${line}`);
say(`  try: curl -s ${gatewayUrl}/api/v1/auth/login -H 'content-type: application/json' \\`);
say(`         -d '{"email":"${operatorEmail}","password":"${env.OPERATOR_PASSWORD ? '…' : operatorPassword}"}'`);
say(`  mail sent locally is written to ${path.relative(ROOT, shared.common.MAIL_OUTBOX_DIR)}/`);
say('Ctrl-C stops everything.');
