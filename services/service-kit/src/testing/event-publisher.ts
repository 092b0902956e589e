import amqp from 'amqplib';
import type { DomainEventMap, DomainEventType } from '@storecast/proto';
import { newId } from '../ids';

/**
 * Publishes domain events on a test exchange as the outbox relay does (envelope, message id,
 * persistent, publisher confirms), so a service under test consumes them from real RabbitMQ.
 */
export const eventPublisher = async (target: { amqpUrl: string; exchange: string }) => {
  const connection = await amqp.connect(target.amqpUrl);
  const channel = await connection.createConfirmChannel();
  await channel.assertExchange(target.exchange, 'topic', { durable: true });
  return {
    /**
     * Resolves with the message id once the broker confirmed it. `id` publishes a message again
     * under the same id (a redelivery, as the relay may send after a crash). `headers`: message
     * headers, such as the trace context (`traceparent`) the relay adds.
     */
    async publish<K extends DomainEventType>(
      type: K,
      data: DomainEventMap[K],
      options: { occurredAt?: Date; id?: string; headers?: Record<string, string> } = {},
    ): Promise<string> {
      const id = options.id ?? newId();
      const envelope = { id, type, occurredAt: (options.occurredAt ?? new Date()).toISOString(), data };
      channel.publish(target.exchange, type, Buffer.from(JSON.stringify(envelope)), {
        messageId: id,
        persistent: true,
        contentType: 'application/json',
        ...(options.headers ? { headers: options.headers } : {}),
      });
      await channel.waitForConfirms();
      return id;
    },
    close: () => connection.close(),
  };
};

export type EventPublisher = Awaited<ReturnType<typeof eventPublisher>>;
