import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, newId, runMigrations } from '@storecast/service-kit';
import { createTestDatabase } from '@storecast/service-kit/testing';
import { MIGRATIONS_FOLDER } from '../src/server';

/** The migrations folder as an identity release before the move had it (0000 only). */
const olderMigrations = (): string => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.filter((e) => e.tag === '0000_init');
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  fs.copyFileSync(path.join(MIGRATIONS_FOLDER, '0000_init.sql'), path.join(dir, '0000_init.sql'));
  return dir;
};

describe('migration 0001_audit_to_kit', () => {
  it("copies identity's audit_log rows into the kit's audit_records (tenant scope from the detail) and drops audit_log", async () => {
    const handle = await createTestDatabase('identity_migration');
    const database = createDatabase(handle.url, {});
    const older = olderMigrations();
    try {
      await runMigrations(database.db as never, older);
      const operator = newId();
      const hqId = newId();
      const storeId = newId();
      const rows = [
        { id: newId(), action: 'STORE_MANAGER_SUSPENDED', targetId: newId(), detail: { reason: 'unpaid', hqId, storeId }, actor: operator, role: 'OPERATOR' },
        { id: newId(), action: 'OPERATOR_SEEDED', targetId: newId(), detail: null, actor: null, role: null },
      ];
      for (const r of rows) {
        await database.pool.query(
          `insert into audit_log (id, action, target_type, target_id, target_label, detail, actor_account_id, actor_role, impersonated_by, created_at)
           values ($1, $2, 'ACCOUNT', $3, 'x@example.com', $4, $5, $6, null, '2026-01-02T03:04:05.678Z')`,
          [r.id, r.action, r.targetId, r.detail === null ? null : JSON.stringify(r.detail), r.actor, r.role],
        );
      }

      await runMigrations(database.db as never, MIGRATIONS_FOLDER);

      const { rows: copied } = await database.pool.query(
        'select id, action, target_id, hq_id, store_id, detail, actor_account_id, actor_role, created_at from audit_records order by action',
      );
      expect(copied).toEqual([
        {
          id: rows[1]!.id, action: 'OPERATOR_SEEDED', target_id: rows[1]!.targetId, hq_id: null, store_id: null, detail: null,
          actor_account_id: null, actor_role: 'SYSTEM', created_at: new Date('2026-01-02T03:04:05.678Z'),
        },
        {
          id: rows[0]!.id, action: 'STORE_MANAGER_SUSPENDED', target_id: rows[0]!.targetId, hq_id: hqId, store_id: storeId, detail: rows[0]!.detail,
          actor_account_id: operator, actor_role: 'OPERATOR', created_at: new Date('2026-01-02T03:04:05.678Z'),
        },
      ]);
      const { rows: tables } = await database.pool.query("select to_regclass('public.audit_log') as t");
      expect(tables[0].t).toBeNull();
    } finally {
      fs.rmSync(older, { recursive: true, force: true });
      await database.close();
      await handle.drop();
    }
  });
});
