import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { createDatabase, newId, runMigrations, type Database } from '@storecast/service-kit';
import { createTestDatabase } from '@storecast/service-kit/testing';
import { MIGRATIONS_FOLDER } from '../src';

/** The service's migrations up to (not including) `tag`, as a folder the migrator can apply. */
const migrationsBefore = async (tag: string): Promise<string> => {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag));
  const folder = await mkdtemp(path.join(tmpdir(), 'dispatch-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) await copyFile(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  return folder;
};

describe('migration 0003_delivery_receipts', () => {
  let drop: () => Promise<void>;
  let database: Database<Record<string, unknown>>;
  let older: string;

  beforeAll(async () => {
    const created = await createTestDatabase('announcement_dispatch_migrations');
    drop = created.drop;
    database = createDatabase(created.url, {});
    older = await migrationsBefore('0003_delivery_receipts');
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
    if (older) await rm(older, { recursive: true, force: true });
  });

  it('gives rows PLAYED before it their first PLAYED ack and its started lag; unreadable or off-clock starts stay null', async () => {
    const db = database.db as unknown as NodePgDatabase<Record<string, unknown>>;
    await runMigrations(db, older);
    const announcement = newId();
    await database.pool.query(
      `insert into announcements (id, source, hq_id, title, text, voice, tone_preset, tempo, audio_key, created_at, updated_at)
       values ($1, 'HQ', $2, 't', 'x', 'SHEAN', 'NORMAL', 1, 'k', now(), now())`,
      [announcement, newId()],
    );
    const due = '2026-03-10T00:00:02.000Z';
    const row = (status: string) => ({ id: newId(), status });
    const rows = { slow: row('PLAYED'), junk: row('PLAYED'), ahead: row('PLAYED'), pending: row('PENDING') };
    for (const r of Object.values(rows)) {
      await database.pool.query(
        `insert into dispatches (id, batch_id, announcement_id, store_id, target, status, due_at, created_at) values ($1, $2, $3, $4, 'ALL', $5, $6, '2026-03-10T00:00:00.000Z')`,
        [r.id, newId(), announcement, newId(), r.status, due],
      );
    }
    const ack = async (dispatchId: string, outcome: string, startedAt: string | null, ackedAt: string) => {
      const id = newId();
      await database.pool.query(
        `insert into dispatch_acks (id, dispatch_id, store_id, outcome, started_at_raw, created_at) values ($1, $2, $3, $4, $5, $6)`,
        [id, dispatchId, newId(), outcome, startedAt, ackedAt],
      );
      return id;
    };
    await ack(rows.slow.id, 'FAILED', '2026-03-10T00:00:03.000Z', '2026-03-10T00:00:04.000Z');
    const slowPlayed = await ack(rows.slow.id, 'PLAYED', '2026-03-10T00:00:14.250Z', '2026-03-10T00:00:20.000Z');
    await ack(rows.slow.id, 'PLAYED', '2026-03-10T00:00:02.000Z', '2026-03-10T00:00:21.000Z');
    const junkPlayed = await ack(rows.junk.id, 'PLAYED', '2026-13-45T99:00:00Z', '2026-03-10T00:00:20.000Z');
    await ack(rows.ahead.id, 'PLAYED', '2026-03-10T00:01:00.000Z', '2026-03-10T00:00:10.000Z');
    await ack(rows.pending.id, 'FAILED', '2026-03-10T00:00:03.000Z', '2026-03-10T00:00:04.000Z');

    await runMigrations(db, MIGRATIONS_FOLDER);

    const { rows: after } = await database.pool.query('select id, played_ack_id, started_lag_ms from dispatches');
    const byId = new Map(after.map((r: { id: string }) => [r.id, r]));
    expect(byId.get(rows.slow.id)).toEqual({ id: rows.slow.id, played_ack_id: slowPlayed, started_lag_ms: 12_250 });
    expect(byId.get(rows.junk.id)).toEqual({ id: rows.junk.id, played_ack_id: junkPlayed, started_lag_ms: null });
    expect(byId.get(rows.ahead.id)).toMatchObject({ played_ack_id: expect.any(String), started_lag_ms: null });
    expect(byId.get(rows.pending.id)).toMatchObject({ played_ack_id: null, started_lag_ms: null });
  });
});
