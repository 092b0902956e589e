import amqp from 'amqplib';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { Broker, consumeMessages, createDatabase, runMigrations, type EventEnvelope } from '../src';
import { createTestDatabase, testExchange, testInfra, eventually } from '../src/testing';

const logger = pino({ level: 'silent' });

describe('idempotent event consumer', () => {
  let dbHandle: { url: string; drop: () => Promise<void> };
  let database: ReturnType<typeof createDatabase<Record<string, never>>>;
  let broker: Broker;
  let exchange: string;
  let publisher: amqp.ChannelModel;
  let channel: amqp.ConfirmChannel;
  const handled: Array<EventEnvelope<{ n: number }>> = [];

  const publish = async (messageId: string, n: number, routingKey = 'kit.thing.created') => {
    const body: EventEnvelope<{ n: number }> = { id: messageId, type: routingKey, occurredAt: new Date().toISOString(), data: { n } };
    channel.publish(exchange, routingKey, Buffer.from(JSON.stringify(body)), { messageId });
    await channel.waitForConfirms();
  };

  beforeEach(async () => {
    handled.length = 0;
    dbHandle = await createTestDatabase('kit_consumer');
    database = createDatabase(dbHandle.url, {});
    await runMigrations(database.db as never, path.join(__dirname, 'fixtures', 'no-migrations'));
    await database.db.execute(sql`create table effects (n int not null)`);
    exchange = testExchange('kit');
    broker = new Broker({ url: testInfra().amqpUrl, exchange, logger });
    publisher = await amqp.connect(testInfra().amqpUrl);
    channel = await publisher.createConfirmChannel();
    await channel.assertExchange(exchange, 'topic', { durable: true });
  });

  afterEach(async () => {
    await broker.stop();
    const c = await publisher.createChannel();
    await c.deleteExchange(exchange).catch(() => undefined);
    await publisher.close();
    await database.close();
    await dbHandle.drop();
  });

  const start = async (queue: string, fail?: (n: number) => boolean) => {
    broker.start();
    await consumeMessages<{ n: number }>({
      broker,
      db: database.db,
      logger,
      queue,
      bindings: ['kit.thing.*'],
      handle: async (event, tx) => {
        await tx.execute(sql`insert into effects (n) values (${event.data.n})`);
        if (fail?.(event.data.n)) throw new Error('handler failed');
        handled.push(event);
      },
    });
    await eventually(() => expect(broker.isConnected).toBe(true));
  };

  const effects = async () => (await database.db.execute(sql`select n from effects order by n`)).rows.map((r) => r.n);

  it('handles each message id once, even when the same message arrives twice', async () => {
    await start('kit.q');
    const queue = broker.queueName('kit.q');
    await publish('m-1', 1);
    await publish('m-1', 1);
    await publish('m-2', 2);
    await eventually(async () => expect(await effects()).toEqual([1, 2]));
    // The duplicate was acknowledged too: nothing is left waiting in the queue.
    await eventually(async () => {
      const c = await publisher.createChannel();
      const { messageCount } = await c.checkQueue(queue);
      await c.close();
      expect(messageCount).toBe(0);
    });
    expect(handled.map((e) => e.id)).toEqual(['m-1', 'm-2']);
  });

  it('when the handler fails, its writes roll back and the message ends in the dead-letter queue after one retry', async () => {
    let attempts = 0;
    await start('kit.q', (n) => n === 7 && ++attempts > 0);
    const queue = broker.queueName('kit.q');
    await publish('m-7', 7);
    await publish('m-8', 8);
    await eventually(async () => expect(await effects()).toEqual([8]));
    await eventually(async () => {
      const c = await publisher.createChannel();
      const { messageCount } = await c.checkQueue(`${queue}.dlq`);
      await c.close();
      expect(messageCount).toBe(1);
    });
    expect(attempts).toBe(2);
    const recorded = await database.db.execute(sql`select message_id from processed_messages order by message_id`);
    expect(recorded.rows.map((r) => r.message_id)).toEqual(['m-8']);
    const c = await publisher.createChannel();
    await c.deleteQueue(`${queue}.dlq`);
    await c.close();
  });

  it('in a test namespace the queue is named after the exchange and is gone once its consumer stops', async () => {
    await start('kit.q');
    const queue = broker.queueName('kit.q');
    expect(queue).toBe(`${exchange}.kit.q`);
    await broker.stop();
    await eventually(async () => {
      const c = await publisher.createChannel();
      c.on('error', () => undefined);
      const gone = await c.checkQueue(queue).then(
        () => false,
        () => true,
      );
      expect(gone).toBe(true);
    });
  });
});
