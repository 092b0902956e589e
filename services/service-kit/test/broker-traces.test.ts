import path from 'node:path';
import { SpanKind, trace } from '@opentelemetry/api';
import pino from 'pino';
import { Broker, consumeMessages, createDatabase, enqueueEvent, OutboxRelay, runMigrations } from '../src';
import { createTestDatabase, eventually, recordSpans, testExchange, testInfra, type RecordedSpans } from '../src/testing';

const logger = pino({ level: 'silent' });

// No instrumentation runs here (none is registered), as amqplib is not instrumented in the
// services: the broker's part of a trace is the kit's own spans.
describe('a trace through the outbox and the broker, on the kit\'s own spans', () => {
  let spans: RecordedSpans;
  let dbHandle: { url: string; drop: () => Promise<void> };
  let database: ReturnType<typeof createDatabase<Record<string, never>>>;
  let broker: Broker;
  let relay: OutboxRelay;

  beforeAll(() => {
    spans = recordSpans();
  });
  afterAll(() => spans.stop());

  beforeEach(async () => {
    dbHandle = await createTestDatabase('kit_traces');
    database = createDatabase(dbHandle.url, {});
    await runMigrations(database.db as never, path.join(__dirname, 'fixtures', 'no-migrations'));
    broker = new Broker({ url: testInfra().amqpUrl, exchange: testExchange('kit'), logger });
    relay = new OutboxRelay({ pool: database.pool, broker, logger, pollMs: 20 });
  });

  afterEach(async () => {
    await relay.stop();
    await broker.stop();
    await database.close();
    await dbHandle.drop();
  });

  it('the request that emitted an event, the relay\'s publish and the consumer\'s handling are one trace, each span the child of the one before', async () => {
    const handled: number[] = [];
    broker.start();
    await consumeMessages<{ n: number }>({
      broker,
      db: database.db,
      logger,
      queue: 'kit.traces',
      bindings: ['kit.thing.created'],
      handle: async (event) => {
        handled.push(event.data.n);
      },
    });
    relay.start();

    await trace.getTracer('test').startActiveSpan('request', async (request) => {
      await database.db.transaction((tx) => enqueueEvent(tx, 'kit.thing.created', { n: 1 }));
      request.end();
    });
    await eventually(() => expect(handled).toEqual([1]));
    await eventually(() => expect(spans.finished().map((s) => s.name)).toContain('consume kit.thing.created'));

    const request = spans.one('request');
    const publish = spans.one('publish kit.thing.created');
    const consume = spans.one('consume kit.thing.created');
    expect(publish.kind).toBe(SpanKind.PRODUCER);
    expect(consume.kind).toBe(SpanKind.CONSUMER);
    const traceId = request.spanContext().traceId;
    expect([publish, consume].map((s) => s.spanContext().traceId)).toEqual([traceId, traceId]);
    expect(publish.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(consume.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
  });
});
