import { sql } from 'drizzle-orm';
import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createDatabase, newId, readInstant, timestamptz } from '../src';
import { createTestDatabase } from '../src/testing';

const instants = pgTable('instants', {
  id: uuid('id').primaryKey(),
  at: timestamptz('at', { precision: 3 }),
  // Drizzle's own column, kept beside it to show what the kit's column is for.
  drizzleAt: timestamp('drizzle_at', { withTimezone: true, mode: 'date', precision: 3 }),
});

describe('timestamptz columns', () => {
  let handle: { url: string; drop: () => Promise<void> };
  let database: ReturnType<typeof createDatabase<{ instants: typeof instants }>>;

  beforeAll(async () => {
    handle = await createTestDatabase('kit_columns');
    database = createDatabase(handle.url, { instants });
    await database.db.execute(sql`create table instants (id uuid primary key, at timestamp (3) with time zone, drizzle_at timestamp (3) with time zone)`);
  });
  afterAll(async () => {
    await database.close();
    await handle.drop();
  });

  it('read back every instant a client may send, years 0001–0099 included (Drizzle\'s own column reads 0004 as 2029)', async () => {
    const sent = ['0001-01-01T00:00:00.000Z', '0004-02-29T03:00:00.123Z', '0050-06-01T12:00:00.000Z', '0099-12-31T23:59:59.999Z', '0100-03-01T00:00:00.000Z', '2026-11-28T14:00:00.456Z', '9999-12-31T23:59:59.999Z'];
    const rows = sent.map((iso) => ({ id: newId(), at: new Date(iso), drizzleAt: new Date(iso) }));
    await database.db.insert(instants).values(rows);
    const read = await database.db.select().from(instants).orderBy(instants.at);
    expect(read.map((r) => r.at?.toISOString())).toEqual(sent);
    expect(read.find((r) => r.id === rows[1]!.id)?.drizzleAt?.toISOString()).toBe('2029-04-02T03:00:00.123Z');
  });

  it('compare as instants in queries, and keep null', async () => {
    const id = newId();
    await database.db.insert(instants).values({ id, at: null });
    const early = await database.db.select({ id: instants.id }).from(instants).where(sql`${instants.at} < ${new Date('0002-01-01T00:00:00.000Z')}`);
    expect(early).toHaveLength(1);
    expect((await database.db.select().from(instants).where(sql`${instants.id} = ${id}`))[0]?.at).toBeNull();
  });

  it('read raw selections (an aggregate, a RETURNING row) as the column does, years 0001–0099 included', async () => {
    const raw = await database.db.execute<{ earliest: string }>(sql`select min(at) as earliest from instants`);
    const earliest = raw.rows[0]!.earliest;
    expect(new Date(earliest).toISOString()).not.toBe('0001-01-01T00:00:00.000Z');
    expect(readInstant(earliest).toISOString()).toBe('0001-01-01T00:00:00.000Z');
    const [selected] = await database.db.select({ m: sql<string>`min(${instants.at}) filter (where ${instants.at} > '0004-01-01Z')` }).from(instants);
    expect(readInstant(selected!.m).toISOString()).toBe('0004-02-29T03:00:00.123Z');
    const parsed = new Date('2026-11-28T14:00:00.456Z');
    expect(readInstant(parsed)).toBe(parsed);
    expect(() => readInstant('infinity')).toThrow(/not a finite timestamp/);
  });
});
