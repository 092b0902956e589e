import { context, propagation, ROOT_CONTEXT, trace, SpanKind } from '@opentelemetry/api';
import { Client, type Pool } from 'pg';
import type { Logger } from 'pino';
import { Broker } from './broker';
import type { DbExecutor } from './db';
import { newId } from './ids';
import { outbox } from './kit-schema';
import type { Clock } from './clock';
import { systemClock } from './clock';

/** The body of every domain event on the wire. */
export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  occurredAt: string;
  data: T;
}

/**
 * Writes an event into the outbox inside the caller's transaction. The current trace context is
 * stored with it, so the publish (and the consumers) continue the trace of the request that
 * caused it. Returns the event id (also the AMQP message id).
 */
export const enqueueEvent = async <T>(
  tx: DbExecutor,
  routingKey: string,
  data: T,
  clock: Clock = systemClock,
): Promise<string> => {
  const id = newId();
  const headers: Record<string, string> = {};
  propagation.inject(context.active(), headers);
  const envelope: EventEnvelope<T> = { id, type: routingKey, occurredAt: clock.now().toISOString(), data };
  await tx.insert(outbox).values({ id, routingKey, payload: envelope, headers });
  return id;
};

export interface OutboxRelayOptions {
  pool: Pool;
  broker: Broker;
  logger: Logger;
  pollMs?: number;
  batchSize?: number;
  maxBackoffMs?: number;
  /**
   * PostgreSQL channel to LISTEN on (events.ts OUTBOX_CHANNEL): a commit that wrote events
   * notifies it and the relay publishes at once; the poll remains the fallback.
   */
  channel?: string;
}

interface OutboxRow {
  id: string;
  routing_key: string;
  payload: EventEnvelope;
  headers: Record<string, string>;
}

/**
 * Publishes committed outbox rows with publisher confirms and marks them sent. While the broker
 * is down rows stay in the outbox and the relay backs off; nothing is lost. Rows are claimed with
 * FOR UPDATE SKIP LOCKED so several replicas can relay the same outbox.
 */
export class OutboxRelay {
  private timer?: NodeJS.Timeout;
  private running = false;
  private stopped = true;
  private failures = 0;
  private kicked = false;
  private listener?: Client;
  private listenTimer?: NodeJS.Timeout;

  constructor(private readonly options: OutboxRelayOptions) {}

  start(): void {
    this.stopped = false;
    this.options.broker.on('connected', this.onConnected);
    this.schedule(0);
    if (this.options.channel) void this.listen(this.options.channel);
  }

  /**
   * Commit-time wake-ups on a connection of its own (outside the pool, which it would hold
   * forever). A lost connection is reopened after a pause; meanwhile the poll publishes.
   */
  private async listen(channel: string): Promise<void> {
    if (this.stopped) return;
    const client = new Client(this.options.pool.options);
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (this.listener === client) this.listener = undefined;
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.listenTimer = setTimeout(() => void this.listen(channel), this.options.maxBackoffMs ?? 10_000);
      this.listenTimer.unref();
    };
    client.on('notification', () => this.kick());
    client.on('error', onLost);
    client.on('end', onLost);
    try {
      await client.connect();
      await client.query(`listen "${channel.replace(/"/g, '""')}"`);
    } catch (err) {
      this.options.logger.warn({ err: (err as Error).message }, 'outbox wake-ups unavailable; polling');
      onLost();
      return;
    }
    if (this.stopped) {
      lost = true;
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    // Rows committed before the LISTEN took effect are picked up by this round.
    this.kick();
  }

  private onConnected = () => this.kick();

  /** Asks for a publish round now (after a commit), instead of waiting for the next poll. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.kicked = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref();
  }

  /** Publishes one batch; returns how many rows were sent. Exposed for tests. */
  async publishBatch(): Promise<number> {
    const { pool, broker } = this.options;
    if (!broker.isConnected) return 0;
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<OutboxRow>(
        `select id, routing_key, payload, headers from outbox
          where published_at is null order by created_at, id limit $1 for update skip locked`,
        [this.options.batchSize ?? 100],
      );
      // Publish the whole batch, then wait for the broker's confirms once: a nack or a lost
      // connection fails the batch, which stays unpublished and is retried (consumers are
      // idempotent, so a message confirmed twice is harmless).
      for (const row of rows) {
        const parent = propagation.extract(ROOT_CONTEXT, row.headers ?? {});
        context.with(parent, () => {
          const span = trace.getTracer('storecast-outbox').startSpan(`publish ${row.routing_key}`, { kind: SpanKind.PRODUCER });
          const headers: Record<string, string> = {};
          propagation.inject(trace.setSpan(context.active(), span), headers);
          try {
            broker.publish(row.routing_key, Buffer.from(JSON.stringify(row.payload)), {
              messageId: row.id,
              type: row.routing_key,
              contentType: 'application/json',
              timestamp: Math.floor(Date.now() / 1000),
              headers,
            });
          } finally {
            span.end();
          }
        });
      }
      if (rows.length > 0) {
        await broker.waitForConfirms();
        await client.query('update outbox set published_at = now(), attempts = attempts + 1 where id = any($1::uuid[])', [
          rows.map((r) => r.id),
        ]);
      }
      await client.query('commit');
      return rows.length;
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  private async tick(): Promise<void> {
    if (this.stopped || this.running) return;
    this.running = true;
    this.kicked = false;
    let next = this.options.pollMs ?? 500;
    try {
      const sent = await this.publishBatch();
      this.failures = 0;
      if (sent === (this.options.batchSize ?? 100)) next = 0;
    } catch (err) {
      this.failures++;
      next = Math.min(this.options.maxBackoffMs ?? 10_000, 200 * 2 ** this.failures);
      this.options.logger.warn({ err: (err as Error).message, retryInMs: next }, 'outbox publish failed');
    } finally {
      this.running = false;
    }
    this.schedule(this.kicked ? 0 : next);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.options.broker.off('connected', this.onConnected);
    if (this.timer) clearTimeout(this.timer);
    if (this.listenTimer) clearTimeout(this.listenTimer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    while (this.running) await new Promise((r) => setTimeout(r, 10));
  }
}
