import path from 'node:path';
import { Client } from 'pg';
import { createDatabase, emit, emitAll, ManualClock, newId, outbox, OUTBOX_CHANNEL, runMigrations } from '../src';
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

  it('emitAll writes every envelope in order with one wake-up, and nothing for an empty list', async () => {
    const clock = new ManualClock(new Date('2026-11-23T02:00:00.000Z'));
    const storeIds = Array.from({ length: 1500 }, () => newId());
    notifications.length = 0;
    const ids = await database.db.transaction((tx) =>
      emitAll(tx, storeIds.map((storeId) => ({ type: 'organization.store.reactivated' as const, data: { storeId, hqId: storeId } })), clock),
    );
    expect(ids).toHaveLength(1500);
    const { rows } = await database.pool.query('select id, payload from outbox where id = any($1::uuid[])', [ids]);
    expect(rows).toHaveLength(1500);
    const byId = new Map(rows.map((r: { id: string; payload: { data: { storeId: string }; occurredAt: string } }) => [r.id, r.payload]));
    expect(ids.map((id) => (byId.get(id) as { data: { storeId: string } }).data.storeId)).toEqual(storeIds);
    expect((byId.get(ids[0]!) as { occurredAt: string }).occurredAt).toBe('2026-11-23T02:00:00.000Z');
    await eventually(() => expect(notifications).toEqual([OUTBOX_CHANNEL]));
    expect(await database.db.transaction((tx) => emitAll(tx, []))).toEqual([]);
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
