import { and, asc, eq, inArray, lte, ne, or } from 'drizzle-orm';
import { isUuid, type DbExecutor } from '@storecast/service-kit';
import { managerAccounts } from './schema';
import type { AccountStatus } from '../domain/enums';

export type ManagerProjection = typeof managerAccounts.$inferSelect;

export const recordManagerAccount = async (
  db: DbExecutor,
  row: { accountId: string; role: 'HQ_MANAGER' | 'STORE_MANAGER'; hqId: string; storeId: string | null; at: Date },
): Promise<void> => {
  await db
    .insert(managerAccounts)
    .values({ accountId: row.accountId, role: row.role, hqId: row.hqId, storeId: row.storeId, status: 'ACTIVE', statusChangedAt: row.at, createdAt: row.at })
    .onConflictDoNothing();
};

export const findManagerProjection = async (db: DbExecutor, accountId: string): Promise<ManagerProjection | undefined> => {
  if (!isUuid(accountId)) return undefined;
  const rows = await db.select().from(managerAccounts).where(eq(managerAccounts.accountId, accountId));
  return rows[0];
};

/** Applies a status fact unless a newer one was already applied (events may arrive out of order). */
export const applyAccountStatus = async (db: DbExecutor, accountId: string, status: AccountStatus, at: Date): Promise<number> => {
  if (!isUuid(accountId)) return 0;
  const res = await db
    .update(managerAccounts)
    .set({ status, statusChangedAt: at })
    .where(and(eq(managerAccounts.accountId, accountId), lte(managerAccounts.statusChangedAt, at)))
    .returning({ id: managerAccounts.accountId });
  return res.length;
};

/** Manager accounts in the copy that are not withdrawn: HQ managers of the HQ (when given) and managers of the stores. */
export const liveManagersOf = async (db: DbExecutor, scope: { hqId?: string; storeIds: string[] }): Promise<ManagerProjection[]> => {
  const of = [
    ...(scope.hqId ? [and(eq(managerAccounts.role, 'HQ_MANAGER'), eq(managerAccounts.hqId, scope.hqId))!] : []),
    ...(scope.storeIds.length ? [inArray(managerAccounts.storeId, scope.storeIds)] : []),
  ];
  if (of.length === 0) return [];
  return db
    .select()
    .from(managerAccounts)
    .where(and(ne(managerAccounts.status, 'WITHDRAWN'), or(...of)))
    .orderBy(asc(managerAccounts.createdAt), asc(managerAccounts.accountId));
};
