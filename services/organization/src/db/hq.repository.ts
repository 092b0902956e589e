import { and, asc, count, eq, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { isUuid, type DbExecutor } from '@storecast/service-kit';
import { bulkImports, hqs, managerAccounts, stores, type HqRow } from './schema';
import { HQ_STATUS_PRIORITY } from '../domain/ordering';
import type { HqStatus, HqType, Plan } from '../domain/enums';

export type Lock = 'share' | 'update';

/** A live (not soft-deleted) HQ; undefined for unknown or malformed ids. */
export const findHq = async (db: DbExecutor, id: string, lock?: Lock): Promise<HqRow | undefined> => {
  if (!isUuid(id)) return undefined;
  const q = db.select().from(hqs).where(and(eq(hqs.id, id), isNull(hqs.deletedAt)));
  const rows = lock === 'update' ? await q.for('update') : lock === 'share' ? await q.for('share') : await q;
  return rows[0] as HqRow | undefined;
};

/** LIKE pattern for a user's text: wildcards in it match literally. */
export const containsPattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const rankSql = (column: SQL | typeof hqs.status | typeof stores.status, priority: readonly string[]): SQL =>
  sql`case ${column} ${sql.join(
    priority.map((s, i) => sql`when ${s} then ${i}`),
    sql` `,
  )} else ${priority.length} end`;

export interface HqListFilters {
  q?: string;
  status?: HqStatus;
  type?: HqType;
  plan?: Plan;
}

export const adminListHqs = async (db: DbExecutor, f: HqListFilters, limit: number, offset: number) => {
  const conds: SQL[] = [isNull(hqs.deletedAt)];
  if (f.q) {
    const p = containsPattern(f.q);
    conds.push(or(ilike(hqs.name, p), ilike(hqs.businessNumber, p))!);
  }
  if (f.status) conds.push(eq(hqs.status, f.status));
  if (f.type) conds.push(eq(hqs.type, f.type));
  if (f.plan) conds.push(eq(hqs.plan, f.plan));
  const where = and(...conds);
  const [rows, totals] = await Promise.all([
    db.select().from(hqs).where(where).orderBy(rankSql(hqs.status, HQ_STATUS_PRIORITY), asc(hqs.name), asc(hqs.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(hqs).where(where),
  ]);
  return { rows: rows as HqRow[], total: Number(totals[0]?.n ?? 0) };
};

export const listAllHqs = async (db: DbExecutor) =>
  db.select({ id: hqs.id, name: hqs.name }).from(hqs).where(isNull(hqs.deletedAt)).orderBy(asc(hqs.name), asc(hqs.id));

/**
 * storeCount of several HQs in one grouped query: live stores that are not closed.
 */
export const storeCounts = async (db: DbExecutor, hqIds: string[]): Promise<Map<string, number>> => {
  const result = new Map<string, number>(hqIds.map((id) => [id, 0]));
  if (hqIds.length === 0) return result;
  const rows = await db
    .select({ hqId: stores.hqId, n: count() })
    .from(stores)
    .where(and(inArray(stores.hqId, hqIds), isNull(stores.deletedAt), isNull(stores.closedAt)))
    .groupBy(stores.hqId);
  for (const r of rows) result.set(r.hqId, Number(r.n));
  return result;
};

/** Platform figures: HQs not soft-deleted (the virtual INDEPENDENT HQ left out), stores not soft-deleted nor closed. */
export const platformCounts = async (db: DbExecutor): Promise<{ hqCount: number; storeCount: number }> => {
  const [hqRows, storeRows] = await Promise.all([
    db
      .select({ n: count() })
      .from(hqs)
      .where(and(isNull(hqs.deletedAt), ne(hqs.type, 'INDEPENDENT'))),
    db
      .select({ n: count() })
      .from(stores)
      .where(and(isNull(stores.deletedAt), isNull(stores.closedAt))),
  ]);
  return { hqCount: Number(hqRows[0]?.n ?? 0), storeCount: Number(storeRows[0]?.n ?? 0) };
};

export const storeCountOf = async (db: DbExecutor, hqId: string): Promise<number> => (await storeCounts(db, [hqId])).get(hqId) ?? 0;

export const insertHq = async (db: DbExecutor, values: typeof hqs.$inferInsert): Promise<HqRow> => {
  const [row] = await db.insert(hqs).values(values).returning();
  return row as HqRow;
};

export const updateHq = async (db: DbExecutor, id: string, values: Partial<typeof hqs.$inferInsert>): Promise<HqRow> => {
  const [row] = await db.update(hqs).set(values).where(eq(hqs.id, id)).returning();
  return row as HqRow;
};

/**
 * HQs soft-deleted before `cutoff` that no longer have store rows, at most `limit`, locked FOR
 * UPDATE SKIP LOCKED (replicas take disjoint rows). The INDEPENDENT HQ is never deleted.
 */
export const claimHqsDeletedBefore = async (db: DbExecutor, cutoff: Date, limit: number) =>
  db
    .select({ id: hqs.id, deletedAt: hqs.deletedAt })
    .from(hqs)
    .where(and(lt(hqs.deletedAt, cutoff), ne(hqs.type, 'INDEPENDENT'), sql`not exists (select 1 from ${stores} where ${stores.hqId} = ${hqs.id})`))
    .orderBy(asc(hqs.deletedAt), asc(hqs.id))
    .limit(limit)
    .for('update', { skipLocked: true });

/** Deletes HQ rows for good (their manager copies and import summaries first). */
export const purgeHqs = async (db: DbExecutor, ids: string[]): Promise<void> => {
  if (ids.length === 0) return;
  await db.delete(managerAccounts).where(inArray(managerAccounts.hqId, ids));
  await db.delete(bulkImports).where(inArray(bulkImports.hqId, ids));
  await db.delete(hqs).where(inArray(hqs.id, ids));
};
