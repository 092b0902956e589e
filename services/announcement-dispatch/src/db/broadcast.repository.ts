import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '@storecast/service-kit';
import { announcements, broadcastTemplates, dispatches, dispatchSchedules, type AnnouncementRow, type BroadcastTemplateRow, type DispatchRow, type DispatchScheduleRow } from './schema';

type NewTemplate = typeof broadcastTemplates.$inferInsert;

/** A store's own broadcast draft (never an HQ announcement, never another store's). */
export const findStoreDraft = async (db: DbExecutor, storeId: string, id: string, lock = false): Promise<AnnouncementRow | undefined> => {
  const q = db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), eq(announcements.storeId, storeId), eq(announcements.source, 'STORE_BROADCAST'), isNull(announcements.deletedAt)));
  return (lock ? await q.for('update') : await q)[0];
};

/**
 * Drafts past their lifetime that were never sent (no dispatch row refers to them), claimed with
 * FOR UPDATE SKIP LOCKED so replicas purging at once never take the same draft; a draft a send
 * holds locked is skipped (the send decides, the next run sees the outcome).
 */
export const lockExpiredDrafts = async (tx: DbExecutor, now: Date, limit: number): Promise<AnnouncementRow[]> =>
  tx
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.source, 'STORE_BROADCAST'),
        lte(announcements.expiresAt, now),
        sql`not exists (select 1 from dispatches d where d.announcement_id = ${announcements.id})`,
      ),
    )
    .orderBy(asc(announcements.expiresAt))
    .limit(limit)
    .for('update', { skipLocked: true });

/**
 * Purge of a store: its own announcements (store_id set: broadcast drafts, sent or not) of that HQ
 * or of none, after their dispatch rows; their audio keys.
 */
export const deleteAnnouncementsOfStore = async (tx: DbExecutor, storeId: string, hqId: string): Promise<string[]> =>
  (
    await tx
      .delete(announcements)
      .where(and(eq(announcements.storeId, storeId), or(eq(announcements.hqId, hqId), isNull(announcements.hqId))))
      .returning({ audioKey: announcements.audioKey })
  ).map((r) => r.audioKey);

export const deleteAnnouncementsForGood = async (tx: DbExecutor, ids: string[]): Promise<void> => {
  if (ids.length) await tx.delete(announcements).where(inArray(announcements.id, ids));
};

/** Due times of the store's HQ-originated reservations (SCHEDULED, hq_id set) within [start, end). */
export const hqReservationTimes = async (db: DbExecutor, storeId: string, window: { start: Date; end: Date }): Promise<Date[]> =>
  (
    await db
      .select({ dueAt: dispatches.dueAt })
      .from(dispatches)
      .where(
        and(
          eq(dispatches.storeId, storeId),
          eq(dispatches.status, 'SCHEDULED'),
          isNotNull(dispatches.hqId),
          gte(dispatches.dueAt, window.start),
          lt(dispatches.dueAt, window.end),
        ),
      )
  ).map((r) => r.dueAt);

/** ACTIVE recurring schedules of the HQ whose not yet materialized occurrences may reach [.., until). */
export const activeSchedulesOfHq = async (db: DbExecutor, hqId: string, until: Date): Promise<DispatchScheduleRow[]> =>
  db
    .select()
    .from(dispatchSchedules)
    .where(and(eq(dispatchSchedules.hqId, hqId), eq(dispatchSchedules.status, 'ACTIVE'), lt(dispatchSchedules.materializedUntil, until)));

export interface ReservationRow {
  dispatch: DispatchRow;
  announcement: AnnouncementRow;
}

/** The store's own reservations (SCHEDULED broadcasts, hq_id null), scheduled time ascending. */
export const listStoreReservations = async (db: DbExecutor, storeId: string, page: { limit: number; offset: number }): Promise<{ rows: ReservationRow[]; total: number }> => {
  const where = and(eq(dispatches.storeId, storeId), eq(dispatches.status, 'SCHEDULED'), isNull(dispatches.hqId));
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(dispatches).where(where);
  const rows = await db
    .select({ dispatch: dispatches, announcement: announcements })
    .from(dispatches)
    .innerJoin(announcements, eq(announcements.id, dispatches.announcementId))
    .where(where)
    .orderBy(asc(dispatches.dueAt), asc(dispatches.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: count?.n ?? 0 };
};

/** The store cancels its own reservation: SCHEDULED, hq_id null, its store; undefined when none matched. */
export const cancelStoreReservation = async (tx: DbExecutor, storeId: string, id: string, now: Date): Promise<DispatchRow | undefined> =>
  (
    await tx
      .update(dispatches)
      .set({ status: 'CANCELED', canceledAt: now })
      .where(and(eq(dispatches.id, id), eq(dispatches.storeId, storeId), isNull(dispatches.hqId), eq(dispatches.status, 'SCHEDULED')))
      .returning()
  )[0];

// ── templates ────────────────────────────────────────────────────────────────────────────────

const activeTemplate = (storeId: string) => and(eq(broadcastTemplates.storeId, storeId), isNull(broadcastTemplates.deletedAt));

/** Active templates of the store, most recently updated first. */
export const listStoreTemplates = async (db: DbExecutor, storeId: string): Promise<BroadcastTemplateRow[]> =>
  db.select().from(broadcastTemplates).where(activeTemplate(storeId)).orderBy(desc(broadcastTemplates.updatedAt), desc(broadcastTemplates.id));

/**
 * Serializes template creation per store for the rest of the transaction (a transaction-scoped
 * advisory lock), so two concurrent creates cannot both pass the limit check.
 */
export const lockStoreTemplates = async (tx: DbExecutor, storeId: string): Promise<void> => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`broadcast_templates:${storeId}`}, 0))`);
};

export const countActiveTemplates = async (db: DbExecutor, storeId: string): Promise<number> =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(broadcastTemplates).where(activeTemplate(storeId)))[0]?.n ?? 0;

export const insertTemplate = async (tx: DbExecutor, row: NewTemplate): Promise<BroadcastTemplateRow> => (await tx.insert(broadcastTemplates).values(row).returning())[0]!;

/** An active template of the store, locked when asked; undefined for a deleted or foreign one. */
export const findStoreTemplate = async (db: DbExecutor, storeId: string, id: string, lock = false): Promise<BroadcastTemplateRow | undefined> => {
  const q = db.select().from(broadcastTemplates).where(and(eq(broadcastTemplates.id, id), activeTemplate(storeId)));
  return (lock ? await q.for('update') : await q)[0];
};

export const updateTemplate = async (tx: DbExecutor, storeId: string, id: string, patch: Partial<NewTemplate>): Promise<BroadcastTemplateRow | undefined> =>
  (await tx.update(broadcastTemplates).set(patch).where(and(eq(broadcastTemplates.id, id), activeTemplate(storeId))).returning())[0];

/** Purge of a store: its templates, deleted or not (the table has no HQ column); how many. */
export const deleteTemplatesOfStore = async (tx: DbExecutor, storeId: string): Promise<number> =>
  (await tx.delete(broadcastTemplates).where(eq(broadcastTemplates.storeId, storeId)).returning({ id: broadcastTemplates.id })).length;
