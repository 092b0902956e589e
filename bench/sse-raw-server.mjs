#!/usr/bin/env node
// The reference of bench/sse-fanout.bench.mjs: the smallest server that does what sse-fanout does —
// node:http, a bare amqplib consumer on an exclusive queue of its own, the same ticket check (the
// kit's TicketSigner), `connected`, 25 s keep-alive comments, the 30-minute close, device filter —
// and nothing else: no framework, no logging, no telemetry, no back-pressure, no chunking.
//   PORT=0 AMQP_URL=… AMQP_EXCHANGE=… STREAM_TICKET_SECRET=… node bench/sse-raw-server.mjs
import http from 'node:http';
import { createRequire } from 'node:module';
import amqp from 'amqplib';

const require = createRequire(import.meta.url);
const { TicketSigner } = require('../services/service-kit/dist/tickets.js');

const signer = new TicketSigner(process.env.STREAM_TICKET_SECRET);
const byStore = new Map();
const KEEPALIVE = Buffer.from(': keep-alive\n\n');

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname !== '/api/v1/store/announcements/stream') {
    res.writeHead(404).end();
    return;
  }
  let ticket;
  try {
    ticket = signer.verify('stream', url.searchParams.get('ticket') ?? undefined);
  } catch {
    res.writeHead(401, { 'content-type': 'application/json' }).end('{"success":false}');
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const now = new Date();
  res.write(
    `retry: 3000\nevent: connected\ndata: ${JSON.stringify({ storeId: ticket.storeId, deviceId: ticket.deviceId ?? null, connectedAt: now.toISOString(), closesAt: new Date(now.getTime() + 1_800_000).toISOString(), keepAliveSeconds: 25 })}\n\n`,
  );
  const client = { res, deviceId: ticket.deviceId ?? null };
  let set = byStore.get(ticket.storeId);
  if (!set) byStore.set(ticket.storeId, (set = new Set()));
  set.add(client);
  const keepAlive = setInterval(() => res.write(KEEPALIVE), 25_000);
  const lifetime = setTimeout(() => res.end(), 1_800_000);
  res.on('close', () => {
    clearInterval(keepAlive);
    clearTimeout(lifetime);
    set.delete(client);
    if (set.size === 0) byStore.delete(ticket.storeId);
  });
});

const connection = await amqp.connect(process.env.AMQP_URL);
const channel = await connection.createChannel();
await channel.prefetch(16);
await channel.assertExchange(process.env.AMQP_EXCHANGE, 'topic', { durable: true });
const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
for (const key of ['dispatch.dispatch.pending', 'dispatch.dispatch.revoked']) await channel.bindQueue(queue, process.env.AMQP_EXCHANGE, key);
await channel.consume(queue, (message) => {
  const { data } = JSON.parse(message.content.toString('utf8'));
  const set = byStore.get(data.storeId);
  if (set) {
    const pending = message.fields.routingKey === 'dispatch.dispatch.pending';
    const payload = pending
      ? { dispatchId: data.dispatchId, announcementId: data.announcementId, title: data.title, audioUrl: data.audioUrl, durationSeconds: data.durationSeconds, isEmergency: data.isEmergency, playAt: data.playAt, deviceId: data.deviceId, pendingAt: data.pendingAt }
      : { dispatchId: data.dispatchId, announcementId: data.announcementId, deviceId: data.deviceId, revokedAt: data.revokedAt };
    const frame = Buffer.from(`event: ${pending ? 'announcement' : 'announcement-revoked'}\ndata: ${JSON.stringify(payload)}\n\n`);
    for (const client of set) if (data.deviceId === null || client.deviceId === data.deviceId) client.res.write(frame);
  }
  channel.ack(message);
});

// The same accept queue as sse-fanout's SSE_LISTEN_BACKLOG default: the storm compares servers, not queues.
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', Number(process.env.BACKLOG ?? 4096), () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
