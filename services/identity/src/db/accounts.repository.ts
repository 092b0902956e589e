import { and, asc, count, eq, ilike, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { accounts, type AccountRow, type IdentitySchema, linkTokens, refreshTokens } from './schema';

type Db = NodePgDatabase<IdentitySchema>;
type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** The account that signs in with this email (withdrawn accounts never do). */
export const findLiveByEmail = async (db: Executor, email: string): Promise<AccountRow | undefined> => {
  const rows = await db.select().from(accounts).where(and(eq(accounts.email, email), ne(accounts.status, 'WITHDRAWN'))).limit(1);
  return rows[0];
};

export const findById = async (db: Executor, id: string, options: { forUpdate?: boolean } = {}): Promise<AccountRow | undefined> => {
  const q = db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  const rows = options.forUpdate ? await q.for('update') : await q;
  return rows[0];
};

export const insertAccount = async (db: Executor, row: typeof accounts.$inferInsert): Promise<AccountRow> => {
  const [created] = await db.insert(accounts).values(row).returning();
  return created!;
};

export const updateAccount = async (db: Executor, id: string, patch: Partial<typeof accounts.$inferInsert>): Promise<AccountRow> => {
  const [row] = await db.update(accounts).set(patch).where(eq(accounts.id, id)).returning();
  return row!;
};

/** Ends sessions. `impersonatedBy`: undefined = all, null = the account's own sessions only, id = that operator's. */
export const deleteRefreshTokens = async (db: Executor, accountId: string, impersonatedBy?: string | null): Promise<void> => {
  const scope =
    impersonatedBy === undefined
      ? undefined
      : impersonatedBy === null
        ? isNull(refreshTokens.impersonatedBy)
        : eq(refreshTokens.impersonatedBy, impersonatedBy);
  await db.delete(refreshTokens).where(and(eq(refreshTokens.accountId, accountId), scope));
};

/** Invalidates open link tokens (all purposes, or one). */
export const consumeOpenLinks = async (db: Executor, accountId: string, at: Date, purpose?: 'SETUP' | 'PASSWORD_RESET' | 'EMAIL_CHANGE'): Promise<void> => {
  await db
    .update(linkTokens)
    .set({ consumedAt: at })
    .where(and(eq(linkTokens.accountId, accountId), isNull(linkTokens.consumedAt), purpose ? eq(linkTokens.purpose, purpose) : undefined));
};

export interface OperatorFilter {
  q?: string;
  status?: 'ACTIVE' | 'SUSPENDED' | 'WITHDRAWN';
  limit: number;
  offset: number;
}

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Operators, filtered by email or name (partial, case-insensitive) and status; created_at asc, id asc. */
export const listOperators = async (db: Executor, filter: OperatorFilter): Promise<{ rows: AccountRow[]; total: number }> => {
  const conditions: SQL[] = [eq(accounts.role, 'OPERATOR')];
  if (filter.status) conditions.push(eq(accounts.status, filter.status));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(or(ilike(accounts.email, pattern), ilike(accounts.name, pattern))!);
  }
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db.select().from(accounts).where(where).orderBy(asc(accounts.createdAt), asc(accounts.id)).limit(filter.limit).offset(filter.offset),
    db.select({ n: count() }).from(accounts).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
};

/** Manager accounts of the given stores and/or HQs; created_at asc, id asc. */
export const listManagers = async (
  db: Executor,
  filter: { role?: 'HQ_MANAGER' | 'STORE_MANAGER'; hqIds: string[]; storeIds: string[]; withinHqId?: string | null },
): Promise<AccountRow[]> => {
  const scopes: SQL[] = [];
  if (filter.hqIds.length) scopes.push(inArray(accounts.hqId, filter.hqIds));
  if (filter.storeIds.length) scopes.push(inArray(accounts.storeId, filter.storeIds));
  if (scopes.length === 0) return [];
  const roleCondition = filter.role ? eq(accounts.role, filter.role) : inArray(accounts.role, ['HQ_MANAGER', 'STORE_MANAGER']);
  return db
    .select()
    .from(accounts)
    .where(and(roleCondition, or(...scopes), filter.withinHqId ? eq(accounts.hqId, filter.withinHqId) : undefined))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
};

/** The HQ manager an operator enters when impersonating an HQ: its earliest ACTIVE one. */
export const firstActiveHqManager = async (db: Executor, hqId: string): Promise<AccountRow | undefined> => {
  const rows = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.hqId, hqId), eq(accounts.role, 'HQ_MANAGER'), eq(accounts.status, 'ACTIVE')))
    .orderBy(asc(accounts.createdAt), asc(accounts.id))
    .limit(1);
  return rows[0];
};
