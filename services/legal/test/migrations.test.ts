import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, newId, runMigrations, type Database } from '@storecast/service-kit';
import { createTestDatabase } from '@storecast/service-kit/testing';
import { MIGRATIONS_FOLDER } from '../src/server';

/** The service's migrations up to (not including) `tag`, as a folder drizzle can run. */
const migrationsBefore = (tag: string): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'legal-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  if (cut < 0) throw new Error(`no migration ${tag}`);
  const entries = journal.entries.slice(0, cut);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
};

describe('moving audit records to the kit (migration 0002_audit_to_kit)', () => {
  let handle: { url: string; drop: () => Promise<void> };
  let database: Database<Record<string, never>>;
  let oldFolder: string;

  beforeAll(async () => {
    handle = await createTestDatabase('legal');
    database = createDatabase(handle.url, {});
    oldFolder = migrationsBefore('0002_audit_to_kit');
  });

  afterAll(async () => {
    await database.close();
    await handle.drop();
    fs.rmSync(oldFolder, { recursive: true, force: true });
  });

  it('copies every audit_log row into audit_records (ids that are not UUIDs become null) and drops audit_log', async () => {
    await runMigrations(database.db as never, oldFolder);
    const operatorId = newId();
    const impersonatorId = newId();
    const published = newId();
    const canceled = newId();
    const legacy = newId();
    const insert = `insert into audit_log (id, action, target_type, target_id, target_label, detail, actor_account_id, actor_role, impersonated_by, created_at)
                    values ($1, $2, 'LEGAL_DOCUMENT', $3, $4, $5, $6, $7, $8, $9)`;
    await database.pool.query(insert, [published, 'TERMS_PUBLISHED', newId(), 'v1', { kind: 'TERMS' }, operatorId, 'OPERATOR', null, '2026-05-01T03:00:00.123Z']);
    await database.pool.query(insert, [canceled, 'TERMS_SCHEDULE_CANCELED', newId(), 'v2', null, operatorId, 'OPERATOR_IMPERSONATING', impersonatorId, '2026-05-01T03:00:01.000Z']);
    await database.pool.query(insert, [legacy, 'PRIVACY_POLICY_PUBLISHED', newId(), 'p1', null, 'operator-1', null, 'someone', '2026-05-01T03:00:02.000Z']);

    await runMigrations(database.db as never, MIGRATIONS_FOLDER);

    const { rows } = await database.pool.query(
      'select id, action, target_label, hq_id, store_id, detail, actor_account_id, actor_role, impersonated_by, created_at from audit_records order by created_at',
    );
    expect(rows).toEqual([
      { id: published, action: 'TERMS_PUBLISHED', target_label: 'v1', hq_id: null, store_id: null, detail: { kind: 'TERMS' }, actor_account_id: operatorId, actor_role: 'OPERATOR', impersonated_by: null, created_at: new Date('2026-05-01T03:00:00.123Z') },
      { id: canceled, action: 'TERMS_SCHEDULE_CANCELED', target_label: 'v2', hq_id: null, store_id: null, detail: null, actor_account_id: operatorId, actor_role: 'OPERATOR_IMPERSONATING', impersonated_by: impersonatorId, created_at: new Date('2026-05-01T03:00:01.000Z') },
      { id: legacy, action: 'PRIVACY_POLICY_PUBLISHED', target_label: 'p1', hq_id: null, store_id: null, detail: null, actor_account_id: null, actor_role: 'SYSTEM', impersonated_by: null, created_at: new Date('2026-05-01T03:00:02.000Z') },
    ]);
    expect((await database.pool.query("select to_regclass('audit_log') as t")).rows).toEqual([{ t: null }]);
  });
});
