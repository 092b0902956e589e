import { mkdtemp, readFile, rm, writeFile, copyFile, mkdir } from 'node:fs/promises';
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
  const folder = await mkdtemp(path.join(tmpdir(), 'org-migrations-'));
  await mkdir(path.join(folder, 'meta'));
  await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) await copyFile(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  return folder;
};

describe('migration 0002_audit_to_kit', () => {
  let drop: () => Promise<void>;
  let database: Database<Record<string, unknown>>;
  let older: string;

  beforeAll(async () => {
    const created = await createTestDatabase('organization_migrations');
    drop = created.drop;
    database = createDatabase(created.url, {});
    older = await migrationsBefore('0002_audit_to_kit');
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
    if (older) await rm(older, { recursive: true, force: true });
  });

  it('copies the rows of audit_log into the kit audit_records (ids that are not UUIDs become null), then drops audit_log', async () => {
    const db = database.db as unknown as NodePgDatabase<Record<string, unknown>>;
    await runMigrations(db, older);
    const person = { id: newId(), actor: newId(), operator: newId(), hq: newId(), store: newId() };
    const system = newId();
    await database.pool.query(
      `insert into audit_log (id, action, target_type, target_id, target_label, hq_id, store_id, detail, actor_account_id, actor_role, impersonated_by, created_at)
       values ($1, 'HQ_STORE_CREATED', 'STORE', $5::text, 'Gangnam', $4, $5::uuid, '{"name":"Gangnam"}', $2, 'OPERATOR_IMPERSONATING', $3, '2026-01-02T03:04:05.678Z'),
              ($6, 'STORE_CLOSED', 'STORE', $5::text, null, $4, $5::uuid, null, 'system', 'SYSTEM', 'not-a-uuid', '2026-01-02T03:04:06.000Z')`,
      [person.id, person.actor, person.operator, person.hq, person.store, system],
    );

    await runMigrations(db, MIGRATIONS_FOLDER);

    const { rows } = await database.pool.query('select * from audit_records order by created_at');
    expect(rows).toEqual([
      {
        id: person.id,
        action: 'HQ_STORE_CREATED',
        target_type: 'STORE',
        target_id: person.store,
        target_label: 'Gangnam',
        hq_id: person.hq,
        store_id: person.store,
        detail: { name: 'Gangnam' },
        actor_account_id: person.actor,
        actor_role: 'OPERATOR_IMPERSONATING',
        impersonated_by: person.operator,
        created_at: new Date('2026-01-02T03:04:05.678Z'),
      },
      expect.objectContaining({ id: system, action: 'STORE_CLOSED', actor_account_id: null, actor_role: 'SYSTEM', impersonated_by: null }),
    ]);
    const { rows: tables } = await database.pool.query("select to_regclass('audit_log') as t");
    expect(tables[0].t).toBeNull();
  });
});
