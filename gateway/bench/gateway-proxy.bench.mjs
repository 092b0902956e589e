#!/usr/bin/env node
// Direct vs proxied throughput, measured side by side in one run.
//
//   npm run build -w gateway            (the bench runs the compiled gateway: gateway/dist)
//   node gateway/bench/gateway-proxy.bench.mjs [--seconds 5] [--connections 50]
//
// An upstream (a plain keep-alive HTTP server answering a small JSON body) and the real gateway
// (`node gateway/dist/main.js`, telemetry on as in production; OTEL_SDK_DISABLED=true turns it
// off) run as child processes; this process is the load generator: N concurrent request loops
// over a keep-alive agent for a fixed time. Three targets:
//   direct         the upstream itself
//   proxied public the gateway, GET /api/v1/terms/active (route lookup + proxy)
//   proxied token  the gateway, GET /api/v1/hq/me with an RS256 access token (+ JWT verification)
// Redis must be reachable for the gateway to start cleanly (it is not used by these routes).
import { spawn } from 'node:child_process';
import { generateKeyPairSync, sign } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const gatewayMain = path.join(here, '..', 'dist', 'main.js');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 5);
const CONNECTIONS = arg('connections', 50);

if (!fs.existsSync(gatewayMain)) {
  console.error(`missing ${gatewayMain}: run \`npm run build -w gateway\` first`);
  process.exit(1);
}

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

const UPSTREAM_SRC = `
const http = require('node:http');
const body = JSON.stringify({ id: 'terms-1', version: '2026-01', content: 'x'.repeat(200) });
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.keepAliveTimeout = 65000;
server.listen(Number(process.env.PORT), '127.0.0.1');
`;

const waitFor = async (url, timeoutMs = 20_000) => {
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

/** N keep-alive request loops for `seconds`; returns completed requests per second. */
const load = async (port, path, headers, seconds = SECONDS) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  let done = 0;
  let errors = 0;
  const statuses = new Map();
  const until = Date.now() + seconds * 1000;
  const one = () =>
    new Promise((resolve) => {
      const req = http.request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
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
  const started = Date.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  return { rps: done / elapsed, errors, statuses: Object.fromEntries(statuses) };
};

const main = async () => {
  const upstreamPort = await freePort();
  const gatewayPort = await freePort();
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

  children.push(spawn(process.execPath, ['-e', UPSTREAM_SRC], { env: { ...process.env, PORT: String(upstreamPort) }, stdio: 'inherit' }));
  const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
  children.push(
    spawn(process.execPath, [gatewayMain], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        GATEWAY_PORT: String(gatewayPort),
        JWT_PUBLIC_KEY: publicPem,
        LEGAL_HTTP_URL: upstreamUrl,
        ORGANIZATION_HTTP_URL: upstreamUrl,
        RATE_LIMIT_KEY_PREFIX: `bench:${process.pid}`,
      },
      stdio: 'inherit',
    }),
  );
  await waitFor(`${upstreamUrl}/`);
  await waitFor(`http://127.0.0.1:${gatewayPort}/healthz`);

  const now = Math.floor(Date.now() / 1000);
  const token = signJwt(privateKey, {
    sub: 'bench-hq-manager',
    role: 'HQ_MANAGER',
    hqId: 'hq-1',
    passwordMustChange: false,
    iss: 'storecast-identity',
    aud: 'storecast',
    iat: now,
    exp: now + 3600,
  });

  console.log(`gateway proxy bench: ${CONNECTIONS} connections, ${SECONDS} s per target, node ${process.version}`);
  console.log(`telemetry in the gateway: ${process.env.OTEL_SDK_DISABLED === 'true' ? 'off' : 'on (exporter off)'}`);
  // warm-up (JIT, connection pools) of both processes
  await load(gatewayPort, '/api/v1/terms/active', {}, 1);
  await load(gatewayPort, '/api/v1/hq/me', { authorization: `Bearer ${token}` }, 1);

  const direct = await load(upstreamPort, '/api/v1/terms/active', {});
  const proxied = await load(gatewayPort, '/api/v1/terms/active', {});
  const withToken = await load(gatewayPort, '/api/v1/hq/me', { authorization: `Bearer ${token}` });

  const row = (name, r) =>
    `${name.padEnd(16)} ${r.rps.toFixed(0).padStart(8)} req/s   ${(r.rps / direct.rps).toFixed(2).padStart(5)} × direct   statuses ${JSON.stringify(r.statuses)}${r.errors ? `  errors ${r.errors}` : ''}`;
  console.log(row('direct', direct));
  console.log(row('proxied public', proxied));
  console.log(row('proxied token', withToken));
};

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(cleanup);
