#!/usr/bin/env node
// Outbox relay end to end, against the real local PostgreSQL and RabbitMQ: committed outbox rows
// → published with confirms → marked published. Measures how fast one relay, and two relays
// sharing the outbox (replicas), drain a backlog, and how long a row stays locked by a relay
// (while the broker's confirms are awaited, any writer touching those rows would wait).
//
//   npm run build -w @storecast/service-kit
//   node bench/outbox-relay.bench.mjs [--events 3000] [--rounds 3] [--confirm-delay 20] [--compare <another kit dist/ folder>] [--with-published-index]
//
// --compare runs the OutboxRelay of another build (e.g. an older commit's dist) alternately with
// this one, in the same run, on the same tables and broker. --with-published-index adds this build's
// relay on an outbox with an index on published_at (made for its turns, dropped after): what
// marking rows published would pay if OutboxPruner found old events that way instead of through
// the time-ordered primary key.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';

const require = createRequire(import.meta.url);
const kit = require('../services/service-kit/dist/index.js');
const { Broker, OutboxRelay, createDatabase, runMigrations, ensureDatabase, dropDatabase } = kit;
const amqp = require('amqplib');

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const compareIndex = process.argv.indexOf('--compare');
const variants = { current: { Relay: OutboxRelay } };
if (compareIndex > 0) variants.compared = { Relay: require(path.resolve(process.argv[compareIndex + 1], 'outbox.js')).OutboxRelay };
if (process.argv.includes('--with-published-index')) {
  variants['with a published_at index'] = {
    Relay: OutboxRelay,
    before: () => database.pool.query('create index outbox_published_idx on outbox (published_at) where published_at is not null'),
    after: () => database.pool.query('drop index outbox_published_idx'),
  };
}
const EVENTS = arg('events', 3000);
const ROUNDS = arg('rounds', 3);
const amqpUrl = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const pgBase = new URL(process.env.POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
pgBase.pathname = `/bench_outbox_${process.pid}`;
const dbUrl = pgBase.toString();
const exchange = `bench.relay.${process.pid}`;
const logger = pino({ level: 'silent' });
const here = path.dirname(fileURLToPath(import.meta.url));

await ensureDatabase(dbUrl);
const database = createDatabase(dbUrl, {});
await runMigrations(database.db, path.join(here, '..', 'services', 'service-kit', 'test', 'fixtures', 'no-migrations'));
const conn = await amqp.connect(amqpUrl);
const ch = await conn.createChannel();
await ch.assertExchange(exchange, 'topic', { durable: true });
const { queue } = await ch.assertQueue('', { exclusive: true });
await ch.bindQueue(queue, exchange, '#');

const fill = async () => {
  await database.pool.query('truncate outbox');
  await database.pool.query(
    `insert into outbox (id, routing_key, payload, headers)
     select gen_random_uuid(), 'bench.thing.created', jsonb_build_object('id', g, 'type', 'bench.thing.created', 'data', jsonb_build_object('n', g)), '{}'
       from generate_series(1, $1) g`,
    [EVENTS],
  );
};

const unpublished = async () => (await database.pool.query('select count(*)::int as n from outbox where published_at is null')).rows[0].n;

/** Drains the backlog with `replicas` relays of one variant; returns events/s. */
const drain = async (Relay, replicas) => {
  await fill();
  const brokers = [];
  const relays = [];
  for (let i = 0; i < replicas; i++) {
    const broker = new Broker({ url: amqpUrl, exchange, logger });
    broker.start();
    while (!broker.isConnected) await new Promise((r) => setTimeout(r, 10));
    brokers.push(broker);
    relays.push(new Relay({ pool: database.pool, broker, logger, pollMs: 10 }));
  }
  const started = process.hrtime.bigint();
  for (const r of relays) r.start();
  while ((await unpublished()) > 0) await new Promise((r) => setTimeout(r, 5));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  for (const r of relays) await r.stop();
  for (const b of brokers) await b.stop();
  await ch.purgeQueue(queue);
  return EVENTS / seconds;
};

/** Confirms that take CONFIRM_DELAY_MS longer, as from a broker across a network or under load. */
const CONFIRM_DELAY_MS = arg('confirm-delay', 20);
class SlowConfirmBroker extends Broker {
  async waitForConfirms() {
    await super.waitForConfirms();
    await new Promise((r) => setTimeout(r, CONFIRM_DELAY_MS));
  }
}

/**
 * How long (ms: mean, worst) an UPDATE of the oldest waiting outbox row takes while the relay
 * drains the backlog through a broker whose confirms take CONFIRM_DELAY_MS (it waits for the
 * relay's row locks, if any are held).
 */
const lockWait = async (Relay) => {
  await fill();
  const broker = new SlowConfirmBroker({ url: amqpUrl, exchange, logger });
  broker.start();
  while (!broker.isConnected) await new Promise((r) => setTimeout(r, 10));
  const relay = new Relay({ pool: database.pool, broker, logger, pollMs: 10 });
  relay.start();
  const waits = [];
  while ((await unpublished()) > 0) {
    const t = process.hrtime.bigint();
    // Touch the oldest waiting row the way any writer would (last_error is not used by the relay).
    await database.pool.query(
      `update outbox set last_error = null where id = (select id from outbox where published_at is null order by created_at, id limit 1)`,
    );
    waits.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  await relay.stop();
  await broker.stop();
  await ch.purgeQueue(queue);
  return { mean: waits.reduce((a, b) => a + b, 0) / waits.length, worst: Math.max(...waits) };
};

const results = {};
for (const v of Object.keys(variants)) results[v] = { one: [], two: [], lock: [] };
for (let r = 0; r < ROUNDS; r++) {
  // Alternate the order each round so drift on a noisy machine hits every variant alike.
  const names = Object.keys(variants);
  if (r % 2 === 1) names.reverse();
  for (const v of names) {
    const { Relay, before, after } = variants[v];
    await before?.();
    results[v].one.push(await drain(Relay, 1));
    results[v].two.push(await drain(Relay, 2));
    results[v].lock.push(await lockWait(Relay));
    await after?.();
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`events per round: ${EVENTS}, rounds: ${ROUNDS}`);
for (const [v, r] of Object.entries(results)) {
  console.log(`${v}: one relay ${median(r.one).toFixed(0)} events/s, two relays ${median(r.two).toFixed(0)} events/s, ` +
    `a writer's UPDATE of a waiting row with ${CONFIRM_DELAY_MS} ms confirms: mean ${median(r.lock.map((l) => l.mean)).toFixed(1)} ms, ` +
    `worst ${median(r.lock.map((l) => l.worst)).toFixed(1)} ms (medians of rounds)`);
}
await conn.close();
await database.close();
await dropDatabase(dbUrl);
