import { context, propagation, ROOT_CONTEXT, trace, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { Channel, ConsumeMessage } from 'amqplib';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Logger } from 'pino';
import type { Broker } from './broker';
import type { DbExecutor } from './db';
import type { EventEnvelope } from './outbox';

export interface ConsumerOptions<T> {
  broker: Broker;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: NodePgDatabase<any>;
  logger: Logger;
  /** Durable queue name, `<service>.<purpose>`; also the idempotence key of handled ids. */
  queue: string;
  /** Routing-key patterns bound to the topic exchange. */
  bindings: string[];
  /** Runs inside a transaction together with the record of the handled message id. */
  handle: (event: EventEnvelope<T>, tx: DbExecutor) => Promise<void>;
}

/**
 * Consumes events idempotently: the message id is recorded in the handler's own transaction,
 * and the message is acknowledged only after that transaction commits. A redelivered or
 * duplicated message finds its id recorded and is acknowledged without running the handler.
 * A handler failure is retried once (redelivery), then dead-lettered to `<queue>.dlq`.
 * The recorded ids are pruned after a retention (ProcessedMessagesPruner in retention.ts, run by the runtime).
 */
export const consumeMessages = async <T>(options: ConsumerOptions<T>): Promise<void> => {
  const { broker, logger } = options;
  const queue = broker.queueName(options.queue);
  const dlq = `${queue}.dlq`;
  const autoDelete = broker.isNamespaced;
  await broker.addConsumerSetup(async (channel) => {
    await channel.assertQueue(dlq, { durable: true, autoDelete: false, ...(autoDelete ? { expires: 60_000 } : {}) });
    await channel.assertQueue(queue, { durable: true, autoDelete, deadLetterExchange: '', deadLetterRoutingKey: dlq });
    for (const pattern of options.bindings) await channel.bindQueue(queue, broker.exchange, pattern);
    await channel.consume(queue, (message) => {
      if (message) void handleMessage({ ...options, queue }, message, channel);
    });
  });
  logger.info({ queue, bindings: options.bindings }, 'consumer registered');
};

// Acknowledged on the channel the message arrived on (a delivery tag belongs to its channel).
const handleMessage = async <T>(options: ConsumerOptions<T>, message: ConsumeMessage, channel: Channel): Promise<void> => {
  const { db, logger, queue } = options;
  const parent = propagation.extract(ROOT_CONTEXT, (message.properties.headers ?? {}) as Record<string, string>);
  await context.with(parent, () =>
    trace.getTracer('storecast-consumer').startActiveSpan(
      `consume ${message.fields.routingKey}`,
      { kind: SpanKind.CONSUMER },
      async (span) => {
        try {
          const event = JSON.parse(message.content.toString('utf8')) as EventEnvelope<T>;
          const messageId = message.properties.messageId ?? event.id;
          await db.transaction(async (tx) => {
            const inserted = await tx.execute(
              sql`insert into processed_messages (consumer, message_id) values (${queue}, ${messageId})
                  on conflict do nothing returning message_id`,
            );
            if (inserted.rows.length === 0) {
              logger.debug({ queue, messageId }, 'duplicate message skipped');
              return;
            }
            await options.handle(event, tx);
          });
          channel.ack(message);
        } catch (err) {
          span.setStatus({ code: SpanStatusCode.ERROR });
          logger.error({ err, queue, routingKey: message.fields.routingKey }, 'event handler failed');
          // First failure: redeliver once; second: dead-letter, so one poison message cannot
          // block the queue.
          channel.nack(message, false, !message.fields.redelivered);
        } finally {
          span.end();
        }
      },
    ),
  );
};

