import path from 'node:path';
import pino from 'pino';
import { createDatabase, ManualClock, OutboxPruner, ProcessedMessagesPruner, runMigrations, uuidv7Floor } from '../src';
import { v7 as uuidv7 } from 'uuid';
import { createTestDatabase } from '../src/testing';

const logger = pino({ level: 'silent' });
const DAY = 24 * 3600 * 1000;

describe('pruning the kit\'s tables after their retention', () => {
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

  it('deletes handled message ids older than the retention (7 days by default) and keeps the younger ones', async () => {
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

  it('deletes handled message ids in bounded batches, at most maxBatchesPerRun per run, oldest first', async () => {
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

  it('several replicas pruning handled message ids at once delete each id once and never fail', async () => {
    await handled(9, 60);
    const replicas = Array.from({ length: 3 }, () => new ProcessedMessagesPruner({ pool: database.pool, logger, clock, batchSize: 5 }));
    const deleted = await Promise.all(replicas.map((p) => p.pruneOnce()));
    expect(deleted.reduce((a, b) => a + b, 0)).toBe(60);
    expect(await remaining()).toEqual([]);
  });

  describe('published outbox events', () => {
    let seq = 0;
    /**
     * Outbox rows as enqueueEvent makes them (a v7 id of their creation time), created
     * `createdDaysAgo` and published `publishedDaysAgo` before now (null: not yet).
     */
    const events = async (publishedDaysAgo: number | null, count: number, options: { claimedUntil?: Date; createdDaysAgo?: number } = {}) => {
      const createdAt = new Date(now.getTime() - (options.createdDaysAgo ?? 30) * DAY);
      for (let i = 0; i < count; i++) {
        await database.pool.query(
          `insert into outbox (id, routing_key, payload, created_at, published_at, claimed_until) values ($1, $2, '{}', $3, $4, $5)`,
          [
            uuidv7({ msecs: createdAt.getTime() + i }),
            `e-${publishedDaysAgo ?? 'unsent'}-${seq++}`,
            createdAt,
            publishedDaysAgo === null ? null : new Date(now.getTime() - publishedDaysAgo * DAY),
            options.claimedUntil ?? null,
          ],
        );
      }
    };
    const remainingEvents = async () =>
      (await database.pool.query<{ routing_key: string }>('select routing_key from outbox order by routing_key')).rows.map((r) => r.routing_key);

    beforeEach(() => {
      seq = 0;
    });

    it('deletes events published before the retention (7 days by default); younger ones and every unpublished one stay, however old or claimed', async () => {
      await events(9, 2);
      await events(5, 1);
      await events(null, 1);
      await events(null, 1, { claimedUntil: new Date(now.getTime() + 10_000) });
      const pruner = new OutboxPruner({ pool: database.pool, logger, clock });
      expect(pruner.retentionMs).toBe(7 * DAY);
      expect(await pruner.pruneOnce()).toBe(2);
      expect(await remainingEvents()).toEqual(['e-5-2', 'e-unsent-3', 'e-unsent-4']);

      // A year later the unpublished events are still owed to the broker: they stay.
      clock.advance(365 * DAY);
      expect(await pruner.pruneOnce()).toBe(1);
      expect(await remainingEvents()).toEqual(['e-unsent-3', 'e-unsent-4']);
    });

    it('several replicas pruning at once delete each event once, in bounded batches', async () => {
      await events(8, 40, { createdDaysAgo: 9 });
      await events(1, 3, { createdDaysAgo: 2 });
      const replicas = Array.from({ length: 3 }, () => new OutboxPruner({ pool: database.pool, logger, clock, batchSize: 4 }));
      const deleted = await Promise.all(replicas.map((p) => p.pruneOnce()));
      expect(deleted.reduce((a, b) => a + b, 0)).toBe(40);
      expect(await remainingEvents()).toEqual(['e-1-40', 'e-1-41', 'e-1-42']);
    });

    it('a millisecond\'s floor id sorts, in PostgreSQL, above every id made before that millisecond and below every id made in it', async () => {
      const ms = now.getTime();
      const floor = uuidv7Floor(ms);
      const before = Array.from({ length: 50 }, () => uuidv7({ msecs: ms - 1 }));
      const within = Array.from({ length: 50 }, () => uuidv7({ msecs: ms }));
      const { rows } = await database.pool.query<{ below: number; above: number }>(
        `select count(*) filter (where b < $1::uuid)::int as below, (select count(*) from unnest($3::uuid[]) w where w >= $1::uuid)::int as above from unnest($2::uuid[]) b`,
        [floor, before, within],
      );
      expect(rows[0]).toEqual({ below: 50, above: 50 });
      expect(uuidv7Floor(0)).toBe('00000000-0000-7000-8000-000000000000');
    });

    it('finds old events through the time-ordered primary key, not by reading the whole outbox', async () => {
      // 20,000 events made one a minute over the last 14 days, each published a second later.
      const minutes = 20_000;
      const ids = Array.from({ length: minutes }, (_, i) => uuidv7({ msecs: now.getTime() - (minutes - i) * 60_000 }));
      await database.pool.query(
        `insert into outbox (id, routing_key, payload, created_at, published_at)
         select id, 'bulk', '{}', to_timestamp(t / 1000.0), to_timestamp(t / 1000.0 + 1)
           from unnest($1::uuid[], $2::float8[]) as x(id, t)`,
        [ids, ids.map((_, i) => now.getTime() - (minutes - i) * 60_000)],
      );
      await database.pool.query('analyze outbox');
      const pruner = new OutboxPruner({ pool: database.pool, logger, clock, batchSize: 1000 });
      const cutoffMinutes = 7 * 24 * 60;
      const client = await database.pool.connect();
      try {
        await client.query('begin');
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `explain delete from outbox where id in (
             select id from outbox where id < $1::uuid and published_at < $2 order by id limit 1000 for update skip locked)`,
          [uuidv7Floor(now.getTime() - 7 * DAY), new Date(now.getTime() - 7 * DAY)],
        );
        expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index Scan using outbox_pkey/);
        await client.query('rollback');
      } finally {
        client.release();
      }
      expect(await pruner.pruneOnce()).toBe(minutes - cutoffMinutes);
      const { rows } = await database.pool.query<{ oldest: Date }>('select min(published_at) as oldest from outbox');
      expect(rows[0]!.oldest.getTime()).toBeGreaterThanOrEqual(now.getTime() - 7 * DAY);
    });
  });
});
