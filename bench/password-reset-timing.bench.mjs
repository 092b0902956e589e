#!/usr/bin/env node
// Password-reset request timing: does the answer's time tell whether the email exists?
// Starts the real identity (built dist) in-process against the local PostgreSQL and RabbitMQ,
// creates one ACTIVE account, then sends alternated pairs of requests — a known email and an
// unknown one, the order swapped every pair — and prints the median response time of each and
// their ratio. Between two requests it waits until identity's after-response work (lookup, link,
// mail) has finished, so one request's background work never lands in the next one's timing.
//
//   npm run build -w @storecast/service-kit -w @storecast/proto -w @storecast/identity
//   node bench/password-reset-timing.bench.mjs [--pairs 300] [--warmup 30]
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { createTestEnv } = require('../services/service-kit/dist/testing/index.js');
const { newId } = require('../services/service-kit/dist/index.js');
const { start } = require('../services/identity/dist/server.js');
const { loadIdentityConfig } = require('../services/identity/dist/config.js');
const { insertAccount } = require('../services/identity/dist/db/accounts.repository.js');

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const PAIRS = arg('pairs', 300);
const WARMUP = arg('warmup', 30);

const env = await createTestEnv('identity-reset-bench');
const sent = [];
const mailer = { configured: true, transport: 'bench', send: async (mail) => void sent.push(mail.to) };
const unused = new Proxy({}, { get: () => async () => { throw new Error('not used by this bench'); } });
const service = await start(
  loadIdentityConfig(
    env.env({
      LOG_LEVEL: 'silent',
      JWT_PRIVATE_KEY: env.keys.privateKeyPem,
      OPERATOR_EMAIL: 'bench-operator@example.com',
      OPERATOR_PASSWORD: 'bench-operator-password',
      APP_BASE_URL: 'http://app.bench.test',
    }),
  ),
  { mailer, legal: unused, organization: unused },
);

const known = `known-${newId()}@example.com`;
await insertAccount(service.context.db, {
  id: newId(),
  role: 'OPERATOR',
  status: 'ACTIVE',
  email: known,
  name: 'Bench Person',
  passwordHash: await service.context.hasher.hash('bench-password-1'),
  passwordMustChange: false,
  createdAt: new Date(),
  updatedAt: new Date(),
});

const url = `${service.httpUrl}/api/v1/auth/password-reset/request`;
const once = async (email) => {
  const t0 = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (res.status !== 204) throw new Error(`unexpected ${res.status}`);
  await service.context.afterResponse.drained();
  return ms;
};

const times = { known: [], unknown: [] };
for (let i = 0; i < WARMUP + PAIRS; i++) {
  const unknown = `nobody-${newId()}@example.com`;
  const order = i % 2 === 0 ? [['known', known], ['unknown', unknown]] : [['unknown', unknown], ['known', known]];
  for (const [kind, email] of order) {
    const ms = await once(email);
    if (i >= WARMUP) times[kind].push(ms);
  }
}
let knownFaster = 0;
for (let i = 0; i < PAIRS; i++) if (times.known[i] < times.unknown[i]) knownFaster++;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const mKnown = median(times.known);
const mUnknown = median(times.unknown);
console.log(`password-reset request, ${PAIRS} alternated pairs (after ${WARMUP} warm-up pairs)`);
console.log(`median known   ${mKnown.toFixed(3)} ms`);
console.log(`median unknown ${mUnknown.toFixed(3)} ms`);
console.log(`ratio known/unknown ${(mKnown / mUnknown).toFixed(3)}; known faster in ${knownFaster} of ${PAIRS} pairs`);
console.log(`reset mails sent: ${sent.filter((to) => to === known).length} to the known email, ${sent.length - sent.filter((to) => to === known).length} to others`);

await service.stop();
await env.cleanup();
