import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { auditRecords, readInstant, type DbExecutor } from '@storecast/service-kit';
import { announcements, dispatchAcks, dispatches, goneStores, type AnnouncementRow, type DispatchRow, type GoneStoreRow } from './schema';

type NewDispatch = typeof dispatches.$inferInsert;
type NewAck = typeof dispatchAcks.$inferInsert;

/** What every row of one dispatch call (batch) shares. */
export interface DispatchBatch {
  batchId: string;
  announcementId: string;
  hqId: string | null;
  deviceId: string | null;
  scheduleId: string | null;
  target: string;
  status: 'SCHEDULED' | 'PENDING';
  isEmergency: boolean;
  scheduledAt: Date | null;
  playAt: Date | null;
  dueAt: Date;
  createdAt: Date;
  pendingAt: Date | null;
  auditId: string | null;
}

const dispatchColumns = Object.entries(getTableColumns(dispatches));

/** A row of `returning *` (column names, driver values) as drizzle would have mapped it. */
const dispatchFromColumns = (raw: Record<string, unknown>): DispatchRow =>
  Object.fromEntries(dispatchColumns.map(([key, column]) => [key, raw[column.name] == null ? null : column.mapFromDriverValue(raw[column.name])])) as DispatchRow;

/**
 * One row per target store in ONE statement (INSERT … SELECT FROM unnest, ARCHITECTURE § Performance:
 * 2,500 stores take ~80 ms where a multi-row VALUES built by the ORM took ~2.8 s). Rows already there
 * (an occurrence materialized twice) are skipped; the rows actually inserted are returned.
 */
/**
 * Advisory lock keys that order dispatch writes against a store's closure (markStoreGone): an HQ's
 * batches share its HQ key, a store's own broadcasts its store key; the closure takes both
 * exclusively. Either the closure waits for a writing transaction and then cancels its rows, or the
 * writer waits for the closure and then finds the store in gone_stores.
 */
const hqStoresLock = (hqId: string) => sql`hashtext(${`announcement-dispatch.hq-stores:${hqId}`})`;
const storeLock = (storeId: string) => sql`hashtext(${`announcement-dispatch.store:${storeId}`})`;

/**
 * Records a store as closed or deleted (idempotent), after waiting for every transaction writing
 * dispatch rows of its HQ or of the store itself; from then on insertDispatches skips it.
 */
export const markStoreGone = async (tx: DbExecutor, gone: { storeId: string; hqId: string; reason: GoneStoreRow['reason']; at: Date }): Promise<void> => {
  // HQ key first, then the store's: a writer holds only one of them, so no cycle can form.
  await tx.execute(sql`select pg_advisory_xact_lock(${hqStoresLock(gone.hqId)})`);
  await tx.execute(sql`select pg_advisory_xact_lock(${storeLock(gone.storeId)})`);
  await tx.insert(goneStores).values({ storeId: gone.storeId, hqId: gone.hqId, reason: gone.reason, goneAt: gone.at }).onConflictDoNothing();
};

/**
 * Serializes the purges of one HQ's tenant data (organization.store.purged / .hq.purged): a store
 * purge takes it shared (purges of different stores touch disjoint rows and run at once), the HQ
 * purge exclusive, so it never deletes the same rows as a purge of one of its stores concurrently
 * (the consumer handles several messages at a time: rows locked in different orders could deadlock).
 * A key of its own: dispatch writers never wait for it.
 */
export const lockTenantPurge = async (tx: DbExecutor, hqId: string, mode: 'shared' | 'exclusive'): Promise<void> => {
  const key = sql`hashtext(${`announcement-dispatch.purge:${hqId}`})`;
  await tx.execute(mode === 'shared' ? sql`select pg_advisory_xact_lock_shared(${key})` : sql`select pg_advisory_xact_lock(${key})`);
};

/** One row per target store, in the caller's transaction; stores recorded as gone get none. */
export const insertDispatches = async (tx: DbExecutor, batch: DispatchBatch, targets: Array<{ id: string; storeId: string }>): Promise<DispatchRow[]> => {
  if (!targets.length) return [];
  const ids = targets.map((t) => t.id);
  const storeIds = targets.map((t) => t.storeId);
  // Shared: writers do not wait for each other, only for (or before) a closure (markStoreGone). A
  // statement of its own: the insert below must take its snapshot after the wait, to see the closure.
  if (batch.hqId) await tx.execute(sql`select pg_advisory_xact_lock_shared(${hqStoresLock(batch.hqId)})`);
  else for (const storeId of new Set(storeIds)) await tx.execute(sql`select pg_advisory_xact_lock_shared(${storeLock(storeId)})`);
  // RETURNING instead of a second SELECT of the batch: one round trip less inside the dispatch
  // transaction (the headline path), same rows.
  const inserted = (await tx.execute(sql`
    insert into dispatches (id, batch_id, announcement_id, hq_id, store_id, device_id, schedule_id, target, status, is_emergency,
                            scheduled_at, play_at, due_at, created_at, pending_at, audit_id)
    select t.id, ${batch.batchId}, ${batch.announcementId}, ${batch.hqId}, t.store_id, ${batch.deviceId}, ${batch.scheduleId}, ${batch.target},
           ${batch.status}, ${batch.isEmergency}, ${batch.scheduledAt}, ${batch.playAt}, ${batch.dueAt}, ${batch.createdAt}, ${batch.pendingAt}, ${batch.auditId}
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(storeIds)}::uuid[]) as t(id, store_id)
    where not exists (select 1 from gone_stores g where g.store_id = t.store_id)
    on conflict do nothing
    returning *`)) as unknown as { rows: Array<Record<string, unknown>> };
  const rows: DispatchRow[] = inserted.rows.map(dispatchFromColumns);
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
};

export interface HistoryRow extends DispatchRow {
  actorAccountId: string | null;
  actorRole: string | null;
  /** Raw receivedAt / startedAt of the ack that made the row PLAYED (null otherwise). */
  playedReceivedAtRaw: string | null;
  playedStartedAtRaw: string | null;
}

/** Dispatch rows of one announcement of the HQ, newest first, with the actor of their audit record and their PLAYED ack's times. */
export const listDispatchHistory = async (
  db: DbExecutor,
  hqId: string,
  announcementId: string,
  filter: { status?: DispatchRow['status']; limit: number; offset: number },
): Promise<{ rows: HistoryRow[]; total: number }> => {
  const where = and(eq(dispatches.hqId, hqId), eq(dispatches.announcementId, announcementId), filter.status ? eq(dispatches.status, filter.status) : undefined);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(dispatches).where(where);
  const rows = await db
    .select({
      d: dispatches,
      actorAccountId: auditRecords.actorAccountId,
      actorRole: auditRecords.actorRole,
      playedReceivedAtRaw: dispatchAcks.receivedAtRaw,
      playedStartedAtRaw: dispatchAcks.startedAtRaw,
    })
    .from(dispatches)
    .leftJoin(auditRecords, eq(auditRecords.id, dispatches.auditId))
    .leftJoin(dispatchAcks, eq(dispatchAcks.id, dispatches.playedAckId))
    .where(where)
    .orderBy(desc(dispatches.createdAt), desc(dispatches.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return {
    total: count?.n ?? 0,
    rows: rows.map((r) => ({ ...r.d, actorAccountId: r.actorAccountId, actorRole: r.actorRole, playedReceivedAtRaw: r.playedReceivedAtRaw, playedStartedAtRaw: r.playedStartedAtRaw })),
  };
};

/**
 * Every row of the dispatch call (batch) the given row belongs to, when that row is the HQ's and of
 * an HQ announcement; with the announcement's title (also of a deleted one: its rows still played).
 */
export const batchOfHqDispatch = async (db: DbExecutor, hqId: string, dispatchId: string): Promise<{ title: string; rows: DispatchRow[] } | undefined> => {
  const batchId = db
    .select({ batchId: dispatches.batchId })
    .from(dispatches)
    .where(and(eq(dispatches.id, dispatchId), eq(dispatches.hqId, hqId)));
  const rows = await db
    .select({ d: dispatches, title: announcements.title })
    .from(dispatches)
    .innerJoin(announcements, and(eq(announcements.id, dispatches.announcementId), eq(announcements.source, 'HQ')))
    .where(and(eq(dispatches.hqId, hqId), inArray(dispatches.batchId, batchId)));
  if (!rows.length) return undefined;
  return { title: rows[0]!.title, rows: rows.map((r) => r.d) };
};

/** Every ack of those dispatch rows, oldest first. */
export const acksOfDispatches = async (db: DbExecutor, dispatchIds: string[]) => {
  if (!dispatchIds.length) return [];
  return db
    .select({
      id: dispatchAcks.id,
      dispatchId: dispatchAcks.dispatchId,
      deviceId: dispatchAcks.deviceId,
      outcome: dispatchAcks.outcome,
      signalSourceRaw: dispatchAcks.signalSource,
      receivedAtRaw: dispatchAcks.receivedAtRaw,
      startedAtRaw: dispatchAcks.startedAtRaw,
      createdAt: dispatchAcks.createdAt,
    })
    .from(dispatchAcks)
    .where(inArray(dispatchAcks.dispatchId, dispatchIds))
    .orderBy(asc(dispatchAcks.createdAt), asc(dispatchAcks.id));
};

export interface StoreDeliveryCounts {
  storeId: string;
  total: number;
  onTime: number;
  late: number;
  missed: number;
  pending: number;
  canceled: number;
}

/**
 * Per store of the HQ, its rows due within [from, to] counted by outcome in one aggregate: late is
 * PLAYED with started_lag_ms over lateAfterMs, pending includes SCHEDULED rows not made PENDING yet.
 * Only HQ announcements' rows (a store broadcast never has the HQ's id, the join says so anyway).
 */
export const deliveryCountsByStore = async (
  db: DbExecutor,
  hqId: string,
  window: { from: Date; to: Date },
  lateAfterMs: number,
): Promise<StoreDeliveryCounts[]> => {
  const late = sql`${dispatches.status} = 'PLAYED' and ${dispatches.startedLagMs} > ${lateAfterMs}`;
  return db
    .select({
      storeId: dispatches.storeId,
      total: sql<number>`count(*)::int`,
      onTime: sql<number>`(count(*) filter (where ${dispatches.status} = 'PLAYED' and not coalesce(${late}, false)))::int`,
      late: sql<number>`(count(*) filter (where ${late}))::int`,
      missed: sql<number>`(count(*) filter (where ${dispatches.status} = 'MISSED'))::int`,
      pending: sql<number>`(count(*) filter (where ${dispatches.status} in ('PENDING', 'SCHEDULED')))::int`,
      canceled: sql<number>`(count(*) filter (where ${dispatches.status} = 'CANCELED'))::int`,
    })
    .from(dispatches)
    .innerJoin(announcements, and(eq(announcements.id, dispatches.announcementId), eq(announcements.source, 'HQ')))
    .where(and(eq(dispatches.hqId, hqId), gte(dispatches.dueAt, window.from), lte(dispatches.dueAt, window.to)))
    .groupBy(dispatches.storeId);
};

/** HQ cancel: a PENDING or SCHEDULED row of the HQ becomes CANCELED; undefined when none matched. */
export const cancelHqDispatch = async (tx: DbExecutor, hqId: string, id: string, now: Date): Promise<DispatchRow | undefined> =>
  (
    await tx
      .update(dispatches)
      .set({ status: 'CANCELED', canceledAt: now })
      .where(and(eq(dispatches.id, id), eq(dispatches.hqId, hqId), inArray(dispatches.status, ['PENDING', 'SCHEDULED'])))
      .returning()
  )[0];

/** HQ remote stop: a PENDING row of the HQ due within the window (today, KST) becomes CANCELED and revoked. */
export const revokeHqDispatch = async (
  tx: DbExecutor,
  hqId: string,
  id: string,
  now: Date,
  window: { start: Date; end: Date },
): Promise<DispatchRow | undefined> =>
  (
    await tx
      .update(dispatches)
      .set({ status: 'CANCELED', canceledAt: now, revokedAt: now })
      .where(
        and(
          eq(dispatches.id, id),
          eq(dispatches.hqId, hqId),
          eq(dispatches.status, 'PENDING'),
          gte(dispatches.dueAt, window.start),
          lt(dispatches.dueAt, window.end),
        ),
      )
      .returning()
  )[0];

/** Deleting an announcement cancels its reservations (SCHEDULED); PENDING ones are kept. */
export const cancelScheduledOfAnnouncement = async (tx: DbExecutor, announcementId: string, now: Date): Promise<number> =>
  (
    await tx
      .update(dispatches)
      .set({ status: 'CANCELED', canceledAt: now })
      .where(and(eq(dispatches.announcementId, announcementId), eq(dispatches.status, 'SCHEDULED')))
      .returning({ id: dispatches.id })
  ).length;

/** Rows of the store that its HQ sent (hq_id = hqId) or the store itself (hq_id null); never another HQ's. */
const ofStoreUnderHq = (storeId: string, hqId: string) => and(eq(dispatches.storeId, storeId), or(eq(dispatches.hqId, hqId), isNull(dispatches.hqId)));

/** Store closed or deleted: its SCHEDULED rows (of the HQ, or its own) become CANCELED; how many. */
export const cancelScheduledOfStore = async (tx: DbExecutor, storeId: string, hqId: string, now: Date): Promise<number> =>
  (
    await tx
      .update(dispatches)
      .set({ status: 'CANCELED', canceledAt: now })
      .where(and(ofStoreUnderHq(storeId, hqId), eq(dispatches.status, 'SCHEDULED')))
      .returning({ id: dispatches.id })
  ).length;

/**
 * Store closed or deleted: its PENDING rows (of the HQ, or its own) become CANCELED and revoked,
 * as a remote stop marks them (listed in the store's revokedDispatchIds that KST day).
 */
export const revokePendingOfStore = async (tx: DbExecutor, storeId: string, hqId: string, now: Date): Promise<DispatchRow[]> =>
  tx
    .update(dispatches)
    .set({ status: 'CANCELED', canceledAt: now, revokedAt: now })
    .where(and(ofStoreUnderHq(storeId, hqId), eq(dispatches.status, 'PENDING')))
    .returning();

/**
 * Scheduler: SCHEDULED rows whose time has come become PENDING. Rows another replica holds are
 * skipped (SKIP LOCKED) and the status is re-checked in the UPDATE, so a row turns PENDING once.
 */
export const promoteDueDispatches = async (tx: DbExecutor, now: Date, limit: number): Promise<DispatchRow[]> => {
  const due = tx
    .select({ id: dispatches.id })
    .from(dispatches)
    .where(and(eq(dispatches.status, 'SCHEDULED'), lte(dispatches.dueAt, now)))
    .orderBy(asc(dispatches.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(dispatches)
    .set({ status: 'PENDING', pendingAt: now })
    .where(and(inArray(dispatches.id, due), eq(dispatches.status, 'SCHEDULED')))
    .returning();
};

/** Scheduler: PENDING rows past due + expiry without a result become MISSED (EXPIRED). */
export const expireOverdueDispatches = async (tx: DbExecutor, now: Date, expiryMs: number, limit: number): Promise<DispatchRow[]> => {
  const overdue = tx
    .select({ id: dispatches.id })
    .from(dispatches)
    .where(and(eq(dispatches.status, 'PENDING'), lte(dispatches.dueAt, new Date(now.getTime() - expiryMs))))
    .orderBy(asc(dispatches.dueAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(dispatches)
    .set({ status: 'MISSED', missedReason: 'EXPIRED', missedAt: now })
    .where(and(inArray(dispatches.id, overdue), eq(dispatches.status, 'PENDING')))
    .returning();
};

export interface PendingRow {
  dispatch: DispatchRow;
  announcement: AnnouncementRow;
}

/**
 * What a store's player reads: PENDING rows (store-wide ones, and with a device those addressed to
 * it, minus those it skipped), plus for a device PLAYED rows of the last window it has not
 * acknowledged. Oldest first (due time, then creation), at most PENDING_WINDOW rows with every
 * emergency row among them.
 */
export const pendingForStore = async (
  db: DbExecutor,
  storeId: string,
  deviceId: string | null,
  recentPlayedSince: Date,
): Promise<PendingRow[]> => {
  const deviceAck = (outcomes: string[]) =>
    sql`exists (select 1 from dispatch_acks k where k.dispatch_id = ${dispatches.id} and k.device_id = ${deviceId} and k.outcome in (${sql.join(
      outcomes.map((o) => sql`${o}`),
      sql`, `,
    )}))`;
  const where = deviceId
    ? and(
        eq(dispatches.storeId, storeId),
        or(isNull(dispatches.deviceId), eq(dispatches.deviceId, deviceId)),
        or(
          and(eq(dispatches.status, 'PENDING'), sql`not ${deviceAck(['SKIPPED', 'PLAYED'])}`),
          and(eq(dispatches.status, 'PLAYED'), gte(dispatches.playedAt, recentPlayedSince), sql`not ${deviceAck(['PLAYED', 'FAILED', 'SKIPPED'])}`),
        ),
      )
    : and(eq(dispatches.storeId, storeId), isNull(dispatches.deviceId), eq(dispatches.status, 'PENDING'));
  // Emergency rows are taken first into the bounded window, so a long backlog never pushes one
  // out (spec 03: emergency announcements survive the start-up backlog drain); answered oldest first.
  const rows = await db
    .select({ dispatch: dispatches, announcement: announcements })
    .from(dispatches)
    .innerJoin(announcements, eq(announcements.id, dispatches.announcementId))
    .where(where)
    .orderBy(desc(dispatches.isEmergency), asc(dispatches.dueAt), asc(dispatches.createdAt), asc(dispatches.id))
    .limit(PENDING_WINDOW);
  return rows.sort(
    (a, b) =>
      a.dispatch.dueAt.getTime() - b.dispatch.dueAt.getTime() ||
      a.dispatch.createdAt.getTime() - b.dispatch.createdAt.getTime() ||
      (a.dispatch.id < b.dispatch.id ? -1 : a.dispatch.id > b.dispatch.id ? 1 : 0),
  );
};

/** Most rows one pending read answers. */
export const PENDING_WINDOW = 200;

/** Ids of the store's dispatches HQ stopped remotely within the window (today, KST). */
export const revokedIdsForStore = async (db: DbExecutor, storeId: string, window: { start: Date; end: Date }): Promise<string[]> =>
  (
    await db
      .select({ id: dispatches.id })
      .from(dispatches)
      .where(and(eq(dispatches.storeId, storeId), gte(dispatches.revokedAt, window.start), lt(dispatches.revokedAt, window.end)))
      .orderBy(asc(dispatches.revokedAt), asc(dispatches.id))
  ).map((r) => r.id);

/** The store's dispatch, locked for the ack's transaction (racing acks serialize here). */
export const lockStoreDispatch = async (tx: DbExecutor, storeId: string, id: string): Promise<DispatchRow | undefined> =>
  (await tx.select().from(dispatches).where(and(eq(dispatches.id, id), eq(dispatches.storeId, storeId))).for('update'))[0];

export const findStoreDispatch = async (db: DbExecutor, storeId: string, id: string): Promise<DispatchRow | undefined> =>
  (await db.select().from(dispatches).where(and(eq(dispatches.id, id), eq(dispatches.storeId, storeId))))[0];

export const updateDispatch = async (tx: DbExecutor, id: string, patch: Partial<NewDispatch>): Promise<void> => {
  await tx.update(dispatches).set(patch).where(eq(dispatches.id, id));
};

export const insertAck = async (tx: DbExecutor, row: NewAck): Promise<void> => {
  await tx.insert(dispatchAcks).values(row);
};

/** The latest outcome each device reported for a dispatch. */
export const latestDeviceOutcomes = async (tx: DbExecutor, dispatchId: string): Promise<Map<string, string>> => {
  const rows = await tx
    .selectDistinctOn([dispatchAcks.deviceId], { deviceId: dispatchAcks.deviceId, outcome: dispatchAcks.outcome })
    .from(dispatchAcks)
    .where(and(eq(dispatchAcks.dispatchId, dispatchId), sql`${dispatchAcks.deviceId} is not null`))
    .orderBy(dispatchAcks.deviceId, desc(dispatchAcks.createdAt), desc(dispatchAcks.id));
  return new Map(rows.map((r) => [r.deviceId!, r.outcome]));
};

/** Distinct stores of the HQ with PENDING dispatches due within the window, with their counts. */
export const storesWithPending = async (
  db: DbExecutor,
  hqId: string,
  window: { start: Date; end: Date },
): Promise<Array<{ storeId: string; pendingCount: number; oldestDueAt: Date }>> => {
  const rows = await db
    .select({ storeId: dispatches.storeId, pendingCount: sql<number>`count(*)::int`, oldestDueAt: sql<string>`min(${dispatches.dueAt})` })
    .from(dispatches)
    .where(and(eq(dispatches.hqId, hqId), eq(dispatches.status, 'PENDING'), gte(dispatches.dueAt, window.start), lt(dispatches.dueAt, window.end)))
    .groupBy(dispatches.storeId);
  return rows.map((r) => ({ storeId: r.storeId, pendingCount: r.pendingCount, oldestDueAt: readInstant(r.oldestDueAt) }));
};

export const announcementsByIds = async (db: DbExecutor, ids: string[]): Promise<Map<string, AnnouncementRow>> => {
  if (!ids.length) return new Map();
  const rows = await db.select().from(announcements).where(inArray(announcements.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
};

// ── purge of a tenant (organization.store.purged / organization.hq.purged) ─────────────────────────

/**
 * A purged store's rows: those its HQ sent it (hq_id = hqId) and its own broadcasts (hq_id null) of
 * its own drafts of that HQ (or of none), i.e. exactly the rows whose draft the same purge deletes.
 * Never another HQ's row, never another store's.
 */
const ofPurgedStore = (storeId: string, hqId: string) =>
  and(
    eq(dispatches.storeId, storeId),
    or(
      eq(dispatches.hqId, hqId),
      and(
        isNull(dispatches.hqId),
        sql`${dispatches.announcementId} in (select a.id from announcements a where a.store_id = ${storeId} and (a.hq_id = ${hqId} or a.hq_id is null))`,
      ),
    ),
  );

/**
 * Ids of a purged HQ's rows: every row it sent (hq_id = hqId), and every row of an announcement of
 * it (a store broadcast draft carries its store's HQ), so its announcements can go after them. A
 * union, not an OR: each branch is read through its index (hq_id; announcement_id).
 */
const idsOfPurgedHq = (hqId: string) =>
  sql`select d.id from dispatches d where d.hq_id = ${hqId}
      union select d.id from dispatches d join announcements a on a.id = d.announcement_id where a.hq_id = ${hqId}`;

/** Acks of the purged store's rows (before the rows: they refer to them); how many. */
export const deleteAcksOfPurgedStore = async (tx: DbExecutor, storeId: string, hqId: string): Promise<number> =>
  (
    await tx
      .delete(dispatchAcks)
      .where(and(eq(dispatchAcks.storeId, storeId), inArray(dispatchAcks.dispatchId, tx.select({ id: dispatches.id }).from(dispatches).where(ofPurgedStore(storeId, hqId)))))
      .returning({ id: dispatchAcks.id })
  ).length;

/** The purged store's dispatch rows, whatever their status (acks deleted first); how many. */
export const deleteDispatchesOfPurgedStore = async (tx: DbExecutor, storeId: string, hqId: string): Promise<number> =>
  (await tx.delete(dispatches).where(ofPurgedStore(storeId, hqId)).returning({ id: dispatches.id })).length;

/** Acks of the purged HQ's rows; how many. */
export const deleteAcksOfPurgedHq = async (tx: DbExecutor, hqId: string): Promise<number> =>
  (
    await tx
      .delete(dispatchAcks)
      .where(sql`${dispatchAcks.dispatchId} in (${idsOfPurgedHq(hqId)})`)
      .returning({ id: dispatchAcks.id })
  ).length;

/** The purged HQ's dispatch rows (acks deleted first); how many. */
export const deleteDispatchesOfPurgedHq = async (tx: DbExecutor, hqId: string): Promise<number> =>
  (await tx.delete(dispatches).where(sql`${dispatches.id} in (${idsOfPurgedHq(hqId)})`).returning({ id: dispatches.id })).length;

/** The store's gone_stores row (of that HQ only); how many (0 or 1). */
export const deleteGoneStore = async (tx: DbExecutor, storeId: string, hqId: string): Promise<number> =>
  (await tx.delete(goneStores).where(and(eq(goneStores.storeId, storeId), eq(goneStores.hqId, hqId))).returning({ storeId: goneStores.storeId })).length;

/** Every gone_stores row of the HQ; how many. */
export const deleteGoneStoresOfHq = async (tx: DbExecutor, hqId: string): Promise<number> =>
  (await tx.delete(goneStores).where(eq(goneStores.hqId, hqId)).returning({ storeId: goneStores.storeId })).length;
