import { hostname } from 'node:os';
import { context, propagation, ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';
import type { DomainEventMap, DomainEventType } from '@storecast/proto';
import { randomToken, type Broker, type EventEnvelope, type Logger } from '@storecast/service-kit';

/** A handler of one event type; fan-out changes no state, so it runs outside any transaction. */
export type InstanceHandler<K extends DomainEventType> = (event: EventEnvelope<DomainEventMap[K]>) => void;
export type InstanceHandlers = { [K in DomainEventType]?: InstanceHandler<K> };

export interface InstanceQueueOptions {
  broker: Broker;
  logger: Logger;
  /** `<service>.<purpose>`; each replica's queue is this name plus the host and a random suffix. */
  queue: string;
  handlers: InstanceHandlers;
  /** Messages the queue holds while this replica lags; the oldest are dropped beyond it. */
  maxLength?: number;
}

/**
 * Subscribes THIS replica to events: an exclusive, auto-deleted queue of its own bound to the
 * exchange, so every replica sees every store's events (a shared queue would hand each event to
 * one replica only, and the streams of the store on the others would miss it). Unlike the kit's
 * consumeEvents there is no processed-messages table: delivering to open streams changes no
 * state, and a stream that missed something recovers by reloading the pending list. The queue dies
 * with the connection; after a reconnect a new one is declared (events in between are not replayed).
 *
 * Messages are consumed without acknowledgements (noAck): an exclusive queue's unacknowledged
 * message could never go to another consumer, and dies with the connection either way, so an ack
 * would only cost a frame (a socket write) per event and the broker's bookkeeping of it. A replica
 * that lags still holds back the broker: RabbitMQ stops delivering while the connection's socket
 * is full, and the waiting messages stay in the queue, bounded by `x-max-length`.
 */
const tracer = trace.getTracer('storecast-fanout');

export const subscribeInstanceQueue = async (options: InstanceQueueOptions): Promise<void> => {
  const { broker, logger, handlers } = options;
  const bindings = Object.keys(handlers) as DomainEventType[];
  const base = `${broker.queueName(options.queue)}.${hostname()}`;
  await broker.addConsumerSetup(async (channel) => {
    const queue = `${base}.${randomToken(6)}`;
    await channel.assertQueue(queue, {
      exclusive: true,
      autoDelete: true,
      durable: false,
      arguments: { 'x-max-length': options.maxLength ?? 10_000, 'x-overflow': 'drop-head' },
    });
    for (const key of bindings) await channel.bindQueue(queue, broker.exchange, key);
    await channel.consume(
      queue,
      (message) => {
        if (!message) return;
        // The fan-out continues the trace the message carries (the relay's publish span), as the
        // kit's consumers do.
        const parent = propagation.extract(ROOT_CONTEXT, (message.properties.headers ?? {}) as Record<string, string>);
        const span = tracer.startSpan(`fan-out ${message.fields.routingKey}`, { kind: SpanKind.CONSUMER }, parent);
        try {
          const event = JSON.parse(message.content.toString('utf8')) as EventEnvelope<never>;
          const handler = handlers[message.fields.routingKey as DomainEventType] as InstanceHandler<DomainEventType> | undefined;
          if (handler) context.with(trace.setSpan(parent, span), () => handler(event));
        } catch (err) {
          logger.warn({ err, queue, routingKey: message.fields.routingKey }, 'event not fanned out');
        } finally {
          span.end();
        }
      },
      { noAck: true },
    );
    logger.info({ queue, bindings }, 'instance queue subscribed');
  });
};
