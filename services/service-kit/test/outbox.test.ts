import amqp from 'amqplib';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { Broker, createDatabase, emit, enqueueEvent, enqueueEvents, newId, OUTBOX_CHANNEL, OUTBOX_LISTENER_APPLICATION_NAME, OutboxRelay, runMigrations, outbox } from '../src';
import { createTestDatabase, testExchange, testInfra, TcpProxy, eventually } from '../src/testing';
import path from 'node:path';
import { isNull } from 'drizzle-orm';

const logger = pino({ level: 'silent' });

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

/** A queue bound to the test exchange that collects what the relay publishes. */
const collect = async (exchange: string) => {
  const connection = await amqp.connect(testInfra().amqpUrl);
  const channel = await connection.createChannel();
  await channel.assertExchange(exchange, 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true });
  await channel.bindQueue(queue, exchange, '#');
  const received: Array<{ routingKey: string; messageId?: string; body: { id: string; type: string; data: unknown } }> = [];
  await channel.consume(queue, (m) => {
    if (!m) return;
    received.push({ routingKey: m.fields.routingKey, messageId: m.properties.messageId, body: JSON.parse(m.content.toString()) });
    channel.ack(m);
  });
  return { received, close: () => connection.close() };
};

describe('outbox relay', () => {
  let dbHandle: { url: string; drop: () => Promise<void> };
  let database: ReturnType<typeof createDatabase<{ outbox: typeof outbox }>>;
  let proxy: TcpProxy;
  let broker: Broker;
  let relay: OutboxRelay;
  let exchange: string;
  let sink: Awaited<ReturnType<typeof collect>>;

  beforeEach(async () => {
    dbHandle = await createTestDatabase('kit_outbox');
    database = createDatabase(dbHandle.url, { outbox });
    // No service migrations: an empty folder stands in for them.
    await runMigrations(database.db as never, path.join(__dirname, 'fixtures', 'no-migrations'));
    exchange = testExchange('kit');
    sink = await collect(exchange);
    const rabbit = new URL(testInfra().amqpUrl);
    proxy = new TcpProxy({ host: rabbit.hostname, port: Number(rabbit.port || 5672) });
    await proxy.start();
    const viaProxy = new URL(testInfra().amqpUrl);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    broker = new Broker({ url: viaProxy.toString(), exchange, logger, minDelayMs: 50, maxDelayMs: 200 });
    relay = new OutboxRelay({ pool: database.pool, broker, logger, pollMs: 50, maxBackoffMs: 200 });
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await relay.stop();
    await broker.stop();
    await proxy.cut();
    await sink.close();
    await database.close();
    await dbHandle.drop();
  });

  const unpublished = async () =>
    (await database.db.select().from(outbox).where(isNull(outbox.publishedAt))).length;

  /** Each row's relay state: published, claimed (a claim that has not run out), attempts, last error. */
  const rowStates = async () =>
    (
      await database.pool.query<{ published: boolean; claimed: boolean; attempts: number; last_error: string | null }>(
        `select published_at is not null as published, coalesce(claimed_until > now(), false) as claimed, attempts, last_error
           from outbox order by created_at, id`,
      )
    ).rows;

  const connected = async () => {
    broker.start();
    await eventually(() => expect(broker.isConnected).toBe(true));
  };

  it('publishes a committed event with its id as the message id and marks it sent', async () => {
    broker.start();
    relay.start();
    const id = await database.db.transaction((tx) => enqueueEvent(tx, 'kit.thing.created', { n: 1 }));
    await eventually(() => expect(sink.received).toHaveLength(1));
    expect(sink.received[0]).toMatchObject({ routingKey: 'kit.thing.created', messageId: id, body: { id, type: 'kit.thing.created', data: { n: 1 } } });
    await eventually(async () => expect(await unpublished()).toBe(0));
  });

  it('when the transaction rolls back, nothing is written and nothing is published', async () => {
    broker.start();
    relay.start();
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueEvent(tx, 'kit.thing.created', { n: 2 });
        throw new Error('rule violated');
      }),
    ).rejects.toThrow('rule violated');
    // A committed marker event proves the relay ran after the rolled-back one would have.
    await database.db.transaction((tx) => enqueueEvent(tx, 'kit.marker.sent', {}));
    await eventually(() => expect(sink.received.map((m) => m.routingKey)).toEqual(['kit.marker.sent']));
    expect(await database.db.select().from(outbox)).toHaveLength(1);
  });

  it('while the broker is unreachable a committed event waits in the outbox, unclaimed, and is delivered once it returns', async () => {
    await proxy.cut();
    broker.start();
    await database.db.transaction((tx) => enqueueEvent(tx, 'kit.thing.created', { n: 3 }));
    // Relay rounds with the broker down, run by hand (nothing to wait for): none claims or sends it.
    for (let i = 0; i < 3; i++) expect(await relay.publishBatch()).toBe(0);
    expect(await rowStates()).toEqual([{ published: false, claimed: false, attempts: 0, last_error: null }]);
    expect(sink.received).toHaveLength(0);

    relay.start();
    await proxy.restore();
    await eventually(() => expect(sink.received.map((m) => m.body.data)).toEqual([{ n: 3 }]), 10_000);
    await eventually(async () => expect(await unpublished()).toBe(0));
  });

  it('while the broker confirms a batch, the relay holds no transaction and no row lock, and another replica skips the claimed rows', async () => {
    await connected();
    await database.db.transaction((tx) => enqueueEvent(tx, 'kit.thing.created', { n: 5 }));
    const confirms = deferred<void>();
    jest.spyOn(broker, 'waitForConfirms').mockImplementationOnce(() => confirms.promise);
    const batch = relay.publishBatch();
    await eventually(() => expect(sink.received).toHaveLength(1)); // sent; the confirm is held back

    const open = await database.pool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
    );
    expect(open.rows[0]!.n).toBe(0);
    // Any writer can lock the row meanwhile (NOWAIT fails at once on a held lock).
    const probe = await database.pool.connect();
    try {
      await probe.query('begin');
      await expect(probe.query('select id from outbox for update nowait')).resolves.toMatchObject({ rowCount: 1 });
    } finally {
      await probe.query('rollback');
      probe.release();
    }
    const replica = new OutboxRelay({ pool: database.pool, broker, logger });
    expect(await replica.publishBatch()).toBe(0);
    expect(await rowStates()).toEqual([{ published: false, claimed: true, attempts: 1, last_error: null }]);

    confirms.resolve();
    expect(await batch).toBe(1);
    expect(await rowStates()).toEqual([{ published: true, claimed: false, attempts: 1, last_error: null }]);
    expect(sink.received).toHaveLength(1);
  });

  it('a batch the broker does not confirm is released at once, not left to its claim, and sent by the next round', async () => {
    await connected();
    const id = await database.db.transaction((tx) => enqueueEvent(tx, 'kit.thing.created', { n: 6 }));
    jest.spyOn(broker, 'waitForConfirms').mockRejectedValueOnce(new Error('nacked by the broker'));
    await expect(relay.publishBatch()).rejects.toThrow('nacked by the broker');
    expect(await rowStates()).toEqual([{ published: false, claimed: false, attempts: 1, last_error: 'nacked by the broker' }]);

    expect(await relay.publishBatch()).toBe(1);
    expect(await rowStates()).toEqual([{ published: true, claimed: false, attempts: 2, last_error: null }]);
    // At least once: the unconfirmed copy may have arrived too, under the same message id.
    await eventually(() => expect(sink.received.length).toBeGreaterThanOrEqual(1));
    expect(new Set(sink.received.map((m) => m.messageId))).toEqual(new Set([id]));
  });

  it('rows claimed by a relay that died mid-batch are published by another replica once the claim has run out', async () => {
    await connected();
    await database.db.transaction((tx) => enqueueEvent(tx, 'kit.thing.created', { n: 7 }));
    const dead = new OutboxRelay({ pool: database.pool, broker, logger, claimMs: 60_000 });
    jest.spyOn(broker, 'waitForConfirms').mockImplementationOnce(() => new Promise(() => undefined)); // never confirmed
    void dead.publishBatch();
    await eventually(async () => expect(await rowStates()).toMatchObject([{ claimed: true }]));
    expect(await relay.publishBatch()).toBe(0);

    // The minute passes (claims run on database time).
    await database.pool.query(`update outbox set claimed_until = claimed_until - interval '61 seconds'`);
    expect(await relay.publishBatch()).toBe(1);
    expect(await rowStates()).toEqual([{ published: true, claimed: false, attempts: 2, last_error: null }]);
  });

  /** The sizes of the relay's rounds, in order: rows marked published by one statement share its now(). */
  const roundSizes = async () =>
    (
      await database.pool.query<{ n: number }>(
        `select count(*)::int as n from outbox where published_at is not null group by published_at order by published_at`,
      )
    ).rows.map((r) => r.n);

  /** `count` events committed at once, as one dispatch to many stores does. */
  const burst = (count: number) =>
    database.db.transaction((tx) =>
      enqueueEvents(
        tx,
        Array.from({ length: count }, (_, n) => ({ routingKey: 'kit.thing.created', data: { n } })),
      ),
    );

  it('a burst is published in one round of 100 first, then in rounds of the whole batch size (500) while rounds come back full, in commit order', async () => {
    await connected();
    await burst(1_250);
    relay.start();
    await eventually(async () => expect(await unpublished()).toBe(0), 10_000);
    expect(await roundSizes()).toEqual([100, 500, 500, 150]);
    await eventually(() => expect(sink.received).toHaveLength(1_250));
    expect(sink.received.map((m) => (m.body.data as { n: number }).n)).toEqual(Array.from({ length: 1_250 }, (_, n) => n));

    // After a round that was not full (a quiet spell), the next burst starts small again.
    await burst(120);
    await eventually(async () => expect(await unpublished()).toBe(0), 10_000);
    expect((await roundSizes()).slice(4)).toEqual([100, 20]);
  });

  it('takes its batch size from the options; the first round never claims more than it', async () => {
    await relay.stop();
    relay = new OutboxRelay({ pool: database.pool, broker, logger, pollMs: 50, batchSize: 30 });
    await connected();
    await burst(70);
    relay.start();
    await eventually(async () => expect(await unpublished()).toBe(0), 10_000);
    expect(await roundSizes()).toEqual([30, 30, 10]);
  });

  it('when the connection drops after start, later events are published after reconnecting', async () => {
    broker.start();
    relay.start();
    await eventually(() => expect(broker.isConnected).toBe(true));
    await proxy.cut();
    await eventually(() => expect(broker.isConnected).toBe(false));
    await database.db.transaction((tx) => enqueueEvent(tx, 'kit.thing.updated', { n: 4 }));
    await proxy.restore();
    await eventually(() => expect(sink.received.map((m) => m.routingKey)).toEqual(['kit.thing.updated']), 10_000);
  });

  it('a commit that emitted an event wakes the relay (NOTIFY) without waiting for the poll', async () => {
    await relay.stop();
    relay = new OutboxRelay({ pool: database.pool, broker, logger, pollMs: 600_000, maxBackoffMs: 200, channel: OUTBOX_CHANNEL });
    broker.start();
    relay.start();
    await database.db.transaction((tx) => emit(tx, { type: 'organization.device.revoked', data: { deviceId: newId(), storeId: newId() } }));
    await eventually(() => expect(sink.received).toHaveLength(1));
    // The start-up rounds are over; with a ten-minute poll only the commit's notification publishes this one.
    await database.db.transaction((tx) => emit(tx, { type: 'organization.device.revoked', data: { deviceId: newId(), storeId: newId() } }));
    await eventually(() => expect(sink.received).toHaveLength(2));
    await eventually(async () => expect(await unpublished()).toBe(0));
  });

  it('when its LISTEN connection is cut, the relay reconnects and commits wake it again', async () => {
    await relay.stop();
    relay = new OutboxRelay({ pool: database.pool, broker, logger, pollMs: 600_000, channel: OUTBOX_CHANNEL, listenRetryMinMs: 20 });
    const listeners = async () =>
      (
        await database.pool.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database() and application_name = $1',
          [OUTBOX_LISTENER_APPLICATION_NAME],
        )
      ).rows.map((r) => r.pid);
    broker.start();
    relay.start();
    await eventually(() => expect(relay.isListening && broker.isConnected).toBe(true));
    const [first] = await listeners();
    await database.pool.query('select pg_terminate_backend($1)', [first]);
    await eventually(async () => {
      const now = await listeners();
      expect(now).toHaveLength(1);
      expect(now[0]).not.toBe(first);
      expect(relay.isListening).toBe(true);
    });
    // With a ten-minute poll, only the commit's notification on the new connection publishes this.
    await database.db.transaction((tx) => emit(tx, { type: 'organization.device.revoked', data: { deviceId: newId(), storeId: newId() } }));
    await eventually(() => expect(sink.received).toHaveLength(1));
  });

  it('publishes many events in commit order, each exactly once', async () => {
    broker.start();
    relay.start();
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 250; i++) await enqueueEvent(tx, 'kit.bulk.item', { i });
    });
    await eventually(() => expect(sink.received).toHaveLength(250), 10_000);
    expect(new Set(sink.received.map((m) => m.messageId)).size).toBe(250);
    expect(sink.received.map((m) => (m.body.data as { i: number }).i)).toEqual([...Array(250).keys()]);
    await eventually(async () => {
      const count = await database.db.execute(sql`select count(*)::int as n from outbox where published_at is null`);
      expect(count.rows[0]).toEqual({ n: 0 });
    });
  });
});
