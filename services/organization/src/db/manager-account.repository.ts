import { and, eq, lte } from 'drizzle-orm';
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
