import path from 'node:path';
import pino from 'pino';
import { createDatabase, ManualClock, ProcessedMessagesPruner, runMigrations } from '../src';
import { createTestDatabase } from '../src/testing';

const logger = pino({ level: 'silent' });
const DAY = 24 * 3600 * 1000;

describe('pruning processed message ids', () => {
  let dbHandle: { url: string; drop: () => Promise<void> };
  let database: ReturnType<typeof createDatabase<Record<string, never>>>;
  const now = new Date('2026-06-15T12:00:00.000Z');
  let clock: ManualClock;

  beforeEach(async () => {
    dbHandle = await createTestDatabase('kit_pruning');
    database = createDatabase(dbHandle.url, {});
    await runMigrations(database.db as never, path.join(__dirname, 'fixtures', 'no-migrations'));
    clock = new ManualClock(now);
  });

  afterEach(async () => {
    await database.close();
    await dbHandle.drop();
  });

  /** Ids handled `ageDays` before the test's now, one per consumer queue given. */
  const handled = async (ageDays: number, count: number, consumer = 'svc.purpose') => {
    for (let i = 0; i < count; i++) {
      await database.pool.query('insert into processed_messages (consumer, message_id, handled_at) values ($1, $2, $3)', [
        consumer,
        `m-${ageDays}-${i}`,
        new Date(now.getTime() - ageDays * DAY),
      ]);
    }
  };
  const remaining = async () =>
    (await database.pool.query<{ message_id: string }>('select message_id from processed_messages order by message_id')).rows.map((r) => r.message_id);

  it('deletes ids older than the retention (7 days by default) and keeps the younger ones', async () => {
    await handled(30, 2);
    await handled(8, 1, 'other.purpose');
    await handled(6, 2);
    const pruner = new ProcessedMessagesPruner({ pool: database.pool, logger, clock });
    expect(pruner.retentionMs).toBe(7 * DAY);
    expect(await pruner.pruneOnce()).toBe(3);
    expect(await remaining()).toEqual(['m-6-0', 'm-6-1']);

    // Two days later the six-day-old ids are past the retention too.
    clock.advance(2 * DAY);
    expect(await pruner.pruneOnce()).toBe(2);
    expect(await remaining()).toEqual([]);
  });

  it('deletes in bounded batches, at most maxBatchesPerRun per run, oldest first', async () => {
    await handled(20, 3);
    await handled(10, 4);
    const pruner = new ProcessedMessagesPruner({ pool: database.pool, logger, clock, batchSize: 2, maxBatchesPerRun: 2 });
    expect(await pruner.pruneOnce()).toBe(4);
    expect(await remaining()).toEqual(['m-10-1', 'm-10-2', 'm-10-3']);
    expect(await pruner.pruneOnce()).toBe(3);
    expect(await remaining()).toEqual([]);
  });

  it('takes its retention from configuration', async () => {
    await handled(2, 1);
    await handled(1, 1);
    const pruner = new ProcessedMessagesPruner({ pool: database.pool, logger, clock, retentionMs: 1.5 * DAY });
    expect(await pruner.pruneOnce()).toBe(1);
    expect(await remaining()).toEqual(['m-1-0']);
  });

  it('several replicas pruning at once delete each id once and never fail', async () => {
    await handled(9, 60);
    const replicas = Array.from({ length: 3 }, () => new ProcessedMessagesPruner({ pool: database.pool, logger, clock, batchSize: 5 }));
    const deleted = await Promise.all(replicas.map((p) => p.pruneOnce()));
    expect(deleted.reduce((a, b) => a + b, 0)).toBe(60);
    expect(await remaining()).toEqual([]);
  });
});
