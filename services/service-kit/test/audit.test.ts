import path from 'node:path';
import { eq } from 'drizzle-orm';
import { auditActorOf, auditRecords, createDatabase, ManualClock, newId, runMigrations, SYSTEM_ACTOR, writeAudit } from '../src';
import { createTestDatabase } from '../src/testing';

describe('audit records', () => {
  const clock = new ManualClock(new Date('2026-11-22T10:00:00.000Z'));
  let dbHandle: { url: string; drop: () => Promise<void> };
  let database: ReturnType<typeof createDatabase<{ auditRecords: typeof auditRecords }>>;

  beforeAll(async () => {
    dbHandle = await createTestDatabase('kit_audit');
    database = createDatabase(dbHandle.url, { auditRecords });
    await runMigrations(database.db as never, path.join(__dirname, 'fixtures', 'no-migrations'));
  });

  afterAll(async () => {
    await database.close();
    await dbHandle.drop();
  });

  it('name the token holder as actor', () => {
    expect(auditActorOf({ accountId: 'hq-mgr', role: 'HQ_MANAGER' })).toEqual({ accountId: 'hq-mgr', role: 'HQ_MANAGER', impersonatedBy: null });
  });

  it('while an operator impersonates, the role is OPERATOR_IMPERSONATING and the operator is kept', () => {
    expect(auditActorOf({ accountId: 'hq-mgr', role: 'HQ_MANAGER', impersonatedBy: 'op-1' })).toEqual({
      accountId: 'hq-mgr',
      role: 'OPERATOR_IMPERSONATING',
      impersonatedBy: 'op-1',
    });
  });

  it('are written into the kit table with the entry, the actor from the principal, the scope and the clock time', async () => {
    const accountId = newId();
    const operatorId = newId();
    const hqId = newId();
    const principal = { accountId, role: 'HQ_MANAGER' as const, hqId, passwordMustChange: false, impersonatedBy: operatorId, token: 't' };
    const id = await database.db.transaction((tx) =>
      writeAudit(tx, principal, { action: 'HQ_STORE_CREATED', targetType: 'STORE', targetId: 'store-1', targetLabel: 'Gangnam', hqId, detail: { a: 1 } }, clock),
    );
    const [row] = await database.db.select().from(auditRecords).where(eq(auditRecords.id, id));
    expect(row).toEqual({
      id,
      action: 'HQ_STORE_CREATED',
      targetType: 'STORE',
      targetId: 'store-1',
      targetLabel: 'Gangnam',
      hqId,
      storeId: null,
      detail: { a: 1 },
      actorAccountId: accountId,
      actorRole: 'OPERATOR_IMPERSONATING',
      impersonatedBy: operatorId,
      createdAt: new Date('2026-11-22T10:00:00.000Z'),
    });
  });

  it('the system acts with no account', async () => {
    const id = await database.db.transaction((tx) => writeAudit(tx, SYSTEM_ACTOR, { action: 'ACCOUNT_WITHDRAWN', targetType: 'ACCOUNT' }));
    const [row] = await database.db.select().from(auditRecords).where(eq(auditRecords.id, id));
    expect(row).toMatchObject({ actorAccountId: null, actorRole: 'SYSTEM', targetId: null });
  });

  it('a rolled-back action leaves no audit record behind', async () => {
    const targetId = newId();
    await expect(
      database.db.transaction(async (tx) => {
        await writeAudit(tx, SYSTEM_ACTOR, { action: 'X', targetType: 'T', targetId });
        throw new Error('the action failed after its audit');
      }),
    ).rejects.toThrow('the action failed');
    expect(await database.db.select().from(auditRecords).where(eq(auditRecords.targetId, targetId))).toEqual([]);
  });
});
