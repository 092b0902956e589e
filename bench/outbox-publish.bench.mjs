#!/usr/bin/env node
// Outbox relay publishing: one confirm wait per message vs one per batch (the relay's choice),
// measured side by side in one run against the real local RabbitMQ. Prints events/s and the ratio.
//
//   npm run build -w @storecast/service-kit
//   node bench/outbox-publish.bench.mjs [--events 3000] [--batch 100] [--rounds 3]
import { createRequire } from 'node:module';
import pino from 'pino';

const require = createRequire(import.meta.url);
const { Broker } = require('../services/service-kit/dist/broker.js');
const amqp = require('amqplib');

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const EVENTS = arg('events', 3000);
const BATCH = arg('batch', 100);
const ROUNDS = arg('rounds', 3);
const url = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const exchange = `bench.outbox.${process.pid}`;

const broker = new Broker({ url, exchange, logger: pino({ level: 'silent' }) });
broker.start();
while (!broker.isConnected) await new Promise((r) => setTimeout(r, 20));
// A bound queue, so the broker really routes and persists what it confirms.
const conn = await amqp.connect(url);
const ch = await conn.createChannel();
const { queue } = await ch.assertQueue('', { exclusive: true });
await ch.bindQueue(queue, exchange, '#');

const body = Buffer.from(JSON.stringify({ id: 'x', type: 'bench.thing.created', occurredAt: new Date().toISOString(), data: { n: 1 } }));
const opts = (i) => ({ messageId: String(i), contentType: 'application/json' });

const perMessage = async () => {
  for (let i = 0; i < EVENTS; i++) await broker.publishConfirmed('bench.thing.created', body, opts(i));
};
const perBatch = async () => {
  for (let i = 0; i < EVENTS; i += BATCH) {
    for (let j = i; j < Math.min(EVENTS, i + BATCH); j++) broker.publish('bench.thing.created', body, opts(j));
    await broker.waitForConfirms();
  }
};

const time = async (fn) => {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e9;
};

const results = { perMessage: [], perBatch: [] };
for (let r = 0; r < ROUNDS; r++) {
  // Alternate the order each round so drift on a noisy machine hits both alike.
  const order = r % 2 === 0 ? ['perMessage', 'perBatch'] : ['perBatch', 'perMessage'];
  for (const name of order) results[name].push(EVENTS / (await time(name === 'perMessage' ? perMessage : perBatch)));
  await ch.purgeQueue(queue);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const a = median(results.perMessage);
const b = median(results.perBatch);
console.log(`events per round: ${EVENTS}, batch: ${BATCH}, rounds: ${ROUNDS}`);
console.log(`confirm per message: ${a.toFixed(0)} events/s (median)`);
console.log(`confirm per batch:   ${b.toFixed(0)} events/s (median)`);
console.log(`ratio batch / per-message: ${(b / a).toFixed(2)}x`);
await conn.close();
await broker.stop();
