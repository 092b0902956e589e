import path from 'node:path';
import { Client } from 'pg';
import { createDatabase, emit, ManualClock, newId, outbox, OUTBOX_CHANNEL, runMigrations } from '../src';
import { createTestDatabase, eventually } from '../src/testing';

describe('emit: typed domain events into the outbox', () => {
  let dbHandle: { url: string; drop: () => Promise<void> };
  let database: ReturnType<typeof createDatabase<{ outbox: typeof outbox }>>;
  let listener: Client;
  const notifications: string[] = [];

  beforeAll(async () => {
    dbHandle = await createTestDatabase('kit_events');
    database = createDatabase(dbHandle.url, { outbox });
    await runMigrations(database.db as never, path.join(__dirname, 'fixtures', 'no-migrations'));
    listener = new Client({ connectionString: dbHandle.url });
    await listener.connect();
    listener.on('notification', (n) => notifications.push(n.channel));
    await listener.query(`listen ${OUTBOX_CHANNEL}`);
  });

  afterAll(async () => {
    await listener.end();
    await database.close();
    await dbHandle.drop();
  });

  it('writes the envelope with the clock time and wakes the relay when the transaction commits', async () => {
    const clock = new ManualClock(new Date('2026-11-23T01:02:03.456Z'));
    const storeId = newId();
    notifications.length = 0;
    const id = await database.db.transaction((tx) =>
      emit(tx, { type: 'organization.store.closed', data: { storeId, hqId: newId(), closedAt: '2026-11-23T01:02:03.456Z' } }, clock),
    );
    const { rows } = await database.pool.query('select routing_key, payload from outbox where id = $1', [id]);
    expect(rows[0].routing_key).toBe('organization.store.closed');
    expect(rows[0].payload).toEqual({ id, type: 'organization.store.closed', occurredAt: '2026-11-23T01:02:03.456Z', data: expect.objectContaining({ storeId }) });
    await eventually(() => expect(notifications).toContain(OUTBOX_CHANNEL));
  });

  it('a rolled-back transaction leaves no event and sends no wake-up', async () => {
    notifications.length = 0;
    const storeId = newId();
    await expect(
      database.db.transaction(async (tx) => {
        await emit(tx, { type: 'organization.store.reactivated', data: { storeId, hqId: newId() } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A committed marker after it: once its notification arrived, the rolled-back one would have too.
    await database.db.transaction((tx) => emit(tx, { type: 'organization.device.revoked', data: { deviceId: newId(), storeId } }));
    await eventually(() => expect(notifications).toHaveLength(1));
    const { rows } = await database.pool.query(`select 1 from outbox where payload->'data'->>'storeId' = $1 and routing_key = 'organization.store.reactivated'`, [storeId]);
    expect(rows).toEqual([]);
  });
});
