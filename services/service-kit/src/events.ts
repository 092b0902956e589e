import type { DomainEventMap, DomainEventType } from '@storecast/proto';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Logger } from 'pino';
import type { Broker } from './broker';
import type { Clock } from './clock';
import { systemClock } from './clock';
import { consumeMessages } from './consumer';
import type { DbExecutor } from './db';
import { enqueueEvents, type EventEnvelope } from './outbox';

/** PostgreSQL channel the outbox relay listens on: a NOTIFY is delivered only when the transaction commits. */
export const OUTBOX_CHANNEL = 'storecast_outbox';

/** One domain event: a routing key of the catalog in proto/src/events.ts and its payload. */
export type DomainEvent = { [K in DomainEventType]: { type: K; data: DomainEventMap[K] } }[DomainEventType];

/**
 * emit() for many events of one use case (one per store of a dispatch): one statement (INSERT and
 * the wake-up NOTIFY, delivered at commit). Nothing is written for an empty list.
 */
export const emitAll = async (tx: DbExecutor, events: readonly DomainEvent[], clock: Clock = systemClock): Promise<string[]> => {
  if (events.length === 0) return [];
  // The insert and the NOTIFY in one statement: one round trip inside the caller's transaction.
  return enqueueEvents(tx, events.map((e) => ({ routingKey: e.type, data: e.data })), clock, OUTBOX_CHANNEL);
};

/**
 * Writes a domain event into the outbox in the caller's transaction. A payload that does not match
 * its routing key does not compile. The relay is woken when the transaction commits (NOTIFY), so
 * no use case has to remember to kick it, and a rolled-back transaction publishes nothing.
 */
export const emit = async (tx: DbExecutor, event: DomainEvent, clock: Clock = systemClock): Promise<string> => {
  const ids = await emitAll(tx, [event], clock);
  return ids[0] as string;
};

/** A handler of one event type, run in the transaction that records the message as handled. */
export type EventHandler<K extends DomainEventType> = (event: EventEnvelope<DomainEventMap[K]>, tx: DbExecutor) => Promise<void>;
export type EventHandlers = { [K in DomainEventType]?: EventHandler<K> };

export interface ConsumeEventsOptions {
  broker: Broker;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: NodePgDatabase<any>;
  logger: Logger;
  /** `<service>.<purpose>`: the durable queue and the idempotence key of handled ids. */
  queue: string;
  /** Routing key → handler; the queue is bound to exactly these keys. */
  handlers: EventHandlers;
}

/**
 * Subscribes typed handlers (`onStoreClosed`-style functions in src/events/) to domain events:
 * bindings come from the handler keys, each handler receives its own payload type, no casts.
 */
export const consumeEvents = (options: ConsumeEventsOptions): Promise<void> => {
  const keys = Object.keys(options.handlers) as DomainEventType[];
  return consumeMessages<unknown>({
    broker: options.broker,
    db: options.db,
    logger: options.logger,
    queue: options.queue,
    bindings: keys,
    handle: async (event, tx) => {
      const handler = options.handlers[event.type as DomainEventType] as EventHandler<DomainEventType> | undefined;
      // A message under a key this queue is not bound to cannot arrive; ignore it if it ever does.
      if (handler) await handler(event as EventEnvelope<never>, tx);
    },
  });
};
