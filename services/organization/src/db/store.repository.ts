import { and, asc, count, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { isUuid, type DbExecutor } from '@storecast/service-kit';
import { devices, hqs, managerAccounts, stores, type HqRow, type StoreRow } from './schema';
import { containsPattern, rankSql, type Lock } from './hq.repository';
import { STORE_STATUS_PRIORITY } from '../domain/ordering';
import type { Plan, StoreStatus, StoreType } from '../domain/enums';
import type { Region } from '../domain/regions';

/** A live store, optionally only within one HQ (tenant filter); undefined for malformed ids. */
export const findStore = async (db: DbExecutor, id: string, opts: { hqId?: string; lock?: Lock } = {}): Promise<StoreRow | undefined> => {
  if (!isUuid(id) || (opts.hqId !== undefined && !isUuid(opts.hqId))) return undefined;
  const conds = [eq(stores.id, id), isNull(stores.deletedAt)];
  if (opts.hqId !== undefined) conds.push(eq(stores.hqId, opts.hqId));
  const q = db.select().from(stores).where(and(...conds));
  const rows = opts.lock === 'update' ? await q.for('update') : opts.lock === 'share' ? await q.for('share') : await q;
  return rows[0] as StoreRow | undefined;
};

/** A store with its (live) HQ. */
export const findStoreWithHq = async (db: DbExecutor, id: string, hqId?: string): Promise<{ store: StoreRow; hq: HqRow } | undefined> => {
  if (!isUuid(id) || (hqId !== undefined && !isUuid(hqId))) return undefined;
  const conds = [eq(stores.id, id), isNull(stores.deletedAt), isNull(hqs.deletedAt)];
  if (hqId !== undefined) conds.push(eq(stores.hqId, hqId));
  const rows = await db.select({ store: stores, hq: hqs }).from(stores).innerJoin(hqs, eq(hqs.id, stores.hqId)).where(and(...conds));
  return rows[0] as { store: StoreRow; hq: HqRow } | undefined;
};

export const insertStore = async (db: DbExecutor, values: typeof stores.$inferInsert): Promise<StoreRow> => {
  const [row] = await db.insert(stores).values(values).returning();
  return row as StoreRow;
};

export const updateStore = async (db: DbExecutor, id: string, values: Partial<typeof stores.$inferInsert>): Promise<StoreRow> => {
  const [row] = await db.update(stores).set(values).where(eq(stores.id, id)).returning();
  return row as StoreRow;
};

/** Accounts with status WITHDRAWN do not count (spec 02 § Store administration). */
export const hasManagerSql = sql<boolean>`exists (select 1 from ${managerAccounts} where ${managerAccounts.storeId} = ${stores.id} and ${managerAccounts.status} <> 'WITHDRAWN')`;

export interface AdminStoreFilters {
  q?: string;
  status?: StoreStatus;
  type?: StoreType;
  plan?: Plan;
  hqId?: string;
}

export const adminListStores = async (db: DbExecutor, f: AdminStoreFilters, limit: number, offset: number) => {
  const conds: SQL[] = [isNull(stores.deletedAt)];
  if (f.q) {
    const p = containsPattern(f.q);
    conds.push(or(ilike(stores.name, p), ilike(hqs.name, p), ilike(stores.address, p))!);
  }
  // With a status filter closed stores are left out; without one they are included (spec 02).
  if (f.status) conds.push(eq(stores.status, f.status), isNull(stores.closedAt));
  if (f.type) conds.push(eq(stores.type, f.type));
  if (f.plan) conds.push(sql`coalesce(${stores.plan}, ${hqs.plan}) = ${f.plan}`);
  if (f.hqId) conds.push(isUuid(f.hqId) ? eq(stores.hqId, f.hqId) : sql`false`);
  const where = and(...conds);
  const [rows, totals] = await Promise.all([
    db
      .select({ store: stores, hq: hqs, hasManagerAccount: hasManagerSql })
      .from(stores)
      .innerJoin(hqs, eq(hqs.id, stores.hqId))
      .where(where)
      .orderBy(rankSql(stores.status, STORE_STATUS_PRIORITY), asc(stores.name), asc(stores.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(stores).innerJoin(hqs, eq(hqs.id, stores.hqId)).where(where),
  ]);
  return { rows: rows as Array<{ store: StoreRow; hq: HqRow; hasManagerAccount: boolean }>, total: Number(totals[0]?.n ?? 0) };
};

export interface HqStoreFilters {
  q?: string;
  status?: StoreStatus;
  type?: StoreType;
  hasManagerAccount?: boolean;
}

export const hqListStores = async (db: DbExecutor, hqId: string, f: HqStoreFilters, limit: number, offset: number) => {
  const conds: SQL[] = [eq(stores.hqId, hqId), isNull(stores.deletedAt)];
  if (f.q) {
    const p = containsPattern(f.q);
    conds.push(or(ilike(stores.name, p), ilike(stores.address, p))!);
  }
  if (f.status) conds.push(eq(stores.status, f.status));
  if (f.type) conds.push(eq(stores.type, f.type));
  if (f.hasManagerAccount !== undefined) conds.push(f.hasManagerAccount ? hasManagerSql : sql`not ${hasManagerSql}`);
  const where = and(...conds);
  const [rows, totals] = await Promise.all([
    db
      .select({ store: stores, hasManagerAccount: hasManagerSql })
      .from(stores)
      .where(where)
      .orderBy(rankSql(stores.status, STORE_STATUS_PRIORITY), asc(stores.name), asc(stores.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(stores).where(where),
  ]);
  return { rows: rows as Array<{ store: StoreRow; hasManagerAccount: boolean }>, total: Number(totals[0]?.n ?? 0) };
};

type StoresOfHqStatement = { execute(params: Record<string, unknown>): Promise<unknown[]> };
const storesOfHqStatements = new WeakMap<DbExecutor, Map<number, StoresOfHqStatement>>();

/**
 * The statement of one shape of storesOfHq (by ids? by region? closed too?), built once per
 * database and prepared by name: every dispatch "now" asks organization for its stores, and
 * building the query through drizzle on each call cost more CPU than PostgreSQL spent answering it
 * (the server also parses and plans a named statement once per connection).
 */
const storesOfHqStatement = (db: DbExecutor, byIds: boolean, byRegion: boolean, includeClosed: boolean): StoresOfHqStatement => {
  let shapes = storesOfHqStatements.get(db);
  if (!shapes) storesOfHqStatements.set(db, (shapes = new Map()));
  const shape = (byIds ? 1 : 0) | (byRegion ? 2 : 0) | (includeClosed ? 4 : 0);
  let statement = shapes.get(shape);
  if (!statement) {
    const conds: SQL[] = [eq(stores.hqId, sql.placeholder('hqId')), isNull(stores.deletedAt), isNull(hqs.deletedAt)];
    if (byIds) conds.push(sql`${stores.id} = any(${sql.placeholder('ids')}::uuid[])`);
    if (byRegion) conds.push(eq(stores.region, sql.placeholder('region')));
    if (!includeClosed) conds.push(isNull(stores.closedAt));
    statement = db
      .select({ store: stores, hq: hqs })
      .from(stores)
      .innerJoin(hqs, eq(hqs.id, stores.hqId))
      .where(and(...conds))
      .orderBy(asc(stores.name), asc(stores.id))
      .prepare(`organization_stores_of_hq_${shape}`);
    shapes.set(shape, statement);
  }
  return statement;
};

/** Stores of an HQ for other services: all, by ids, or by region; closed ones only when asked. */
export const storesOfHq = async (
  db: DbExecutor,
  hqId: string,
  opts: { storeIds: string[]; region?: Region; includeClosed: boolean },
): Promise<Array<{ store: StoreRow; hq: HqRow }>> => {
  if (!isUuid(hqId)) return [];
  const ids = opts.storeIds.filter(isUuid);
  if (opts.storeIds.length > 0 && ids.length === 0) return [];
  const statement = storesOfHqStatement(db, ids.length > 0, Boolean(opts.region), opts.includeClosed);
  const rows = await statement.execute({ hqId, ids, region: opts.region });
  return rows as Array<{ store: StoreRow; hq: HqRow }>;
};

/** Live stores of an HQ, locked FOR UPDATE (the HQ deletion takes them with it). */
export const liveStoresOfHqForUpdate = async (db: DbExecutor, hqId: string): Promise<StoreRow[]> =>
  (await db
    .select()
    .from(stores)
    .where(and(eq(stores.hqId, hqId), isNull(stores.deletedAt)))
    .orderBy(asc(stores.id))
    .for('update')) as StoreRow[];

/** Soft-deletes stores of one HQ (tenant filter) at `at`. */
export const softDeleteStores = async (db: DbExecutor, hqId: string, ids: string[], at: Date): Promise<void> => {
  if (ids.length === 0) return;
  await db
    .update(stores)
    .set({ deletedAt: at, updatedAt: at })
    .where(and(eq(stores.hqId, hqId), inArray(stores.id, ids), isNull(stores.deletedAt)));
};

/**
 * Stores soft-deleted before `cutoff`, at most `limit`, locked FOR UPDATE SKIP LOCKED: replicas
 * purging at once take disjoint rows and never wait for each other.
 */
export const claimStoresDeletedBefore = async (db: DbExecutor, cutoff: Date, limit: number) =>
  db
    .select({ id: stores.id, hqId: stores.hqId, deletedAt: stores.deletedAt })
    .from(stores)
    .where(lt(stores.deletedAt, cutoff))
    .orderBy(asc(stores.deletedAt), asc(stores.id))
    .limit(limit)
    .for('update', { skipLocked: true });

/** Deletes store rows for good (their devices and manager copies first). */
export const purgeStores = async (db: DbExecutor, ids: string[]): Promise<void> => {
  if (ids.length === 0) return;
  await db.delete(devices).where(inArray(devices.storeId, ids));
  await db.delete(managerAccounts).where(inArray(managerAccounts.storeId, ids));
  await db.delete(stores).where(inArray(stores.id, ids));
};

/**
 * A player's signal (playback.store.signal): the store was online then. Newest fact wins, so a
 * late or redelivered event never moves the times back.
 */
export const recordStoreSignal = async (db: DbExecutor, storeId: string, at: Date): Promise<number> => {
  const result = await db
    .update(stores)
    .set({
      lastOnlineAt: sql`greatest(coalesce(${stores.lastOnlineAt}, ${at}), ${at})`,
      lastHeartbeatAt: sql`greatest(coalesce(${stores.lastHeartbeatAt}, ${at}), ${at})`,
    })
    .where(eq(stores.id, storeId))
    .returning({ id: stores.id });
  return result.length;
};
