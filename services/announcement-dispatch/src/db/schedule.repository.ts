import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '@storecast/service-kit';
import { dispatchSchedules, scheduleOccurrences, type DispatchScheduleRow } from './schema';

type NewSchedule = typeof dispatchSchedules.$inferInsert;

export const insertSchedule = async (tx: DbExecutor, row: NewSchedule): Promise<DispatchScheduleRow> =>
  (await tx.insert(dispatchSchedules).values(row).returning())[0]!;

export const listHqSchedules = async (
  db: DbExecutor,
  hqId: string,
  filter: { announcementId?: string; status?: DispatchScheduleRow['status']; limit: number; offset: number },
): Promise<{ rows: DispatchScheduleRow[]; total: number }> => {
  const where = and(
    eq(dispatchSchedules.hqId, hqId),
    filter.announcementId ? eq(dispatchSchedules.announcementId, filter.announcementId) : undefined,
    filter.status ? eq(dispatchSchedules.status, filter.status) : undefined,
  );
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(dispatchSchedules).where(where);
  const rows = await db
    .select()
    .from(dispatchSchedules)
    .where(where)
    .orderBy(desc(dispatchSchedules.createdAt), desc(dispatchSchedules.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { rows, total: count?.n ?? 0 };
};

/** An ACTIVE schedule of the HQ becomes CANCELED; undefined when none matched. */
export const cancelHqSchedule = async (tx: DbExecutor, hqId: string, id: string, now: Date): Promise<DispatchScheduleRow | undefined> =>
  (
    await tx
      .update(dispatchSchedules)
      .set({ status: 'CANCELED', canceledAt: now })
      .where(and(eq(dispatchSchedules.id, id), eq(dispatchSchedules.hqId, hqId), eq(dispatchSchedules.status, 'ACTIVE')))
      .returning()
  )[0];

export const cancelActiveSchedulesOfAnnouncement = async (tx: DbExecutor, announcementId: string, now: Date): Promise<string[]> =>
  (
    await tx
      .update(dispatchSchedules)
      .set({ status: 'CANCELED', canceledAt: now })
      .where(and(eq(dispatchSchedules.announcementId, announcementId), eq(dispatchSchedules.status, 'ACTIVE')))
      .returning({ id: dispatchSchedules.id })
  ).map((r) => r.id);

/** ACTIVE schedules not yet materialized up to `until`, locked for this replica (others skip them). */
export const lockSchedulesToMaterialize = async (tx: DbExecutor, until: Date, limit: number): Promise<DispatchScheduleRow[]> =>
  tx
    .select()
    .from(dispatchSchedules)
    .where(and(eq(dispatchSchedules.status, 'ACTIVE'), lt(dispatchSchedules.materializedUntil, until)))
    .orderBy(asc(dispatchSchedules.materializedUntil))
    .limit(limit)
    .for('update', { skipLocked: true });

export const updateSchedule = async (tx: DbExecutor, id: string, patch: Partial<NewSchedule>): Promise<void> => {
  await tx.update(dispatchSchedules).set(patch).where(eq(dispatchSchedules.id, id));
};

/** Claims one occurrence; false when it was already materialized (it happens once, never twice). */
export const claimOccurrence = async (tx: DbExecutor, scheduleId: string, occursAt: Date, batchId: string, now: Date): Promise<boolean> =>
  (
    await tx
      .insert(scheduleOccurrences)
      .values({ scheduleId, occursAt, batchId, createdAt: now })
      .onConflictDoNothing()
      .returning({ scheduleId: scheduleOccurrences.scheduleId })
  ).length > 0;

// ── purge of a tenant ──────────────────────────────────────────────────────────────────────────

/**
 * Purge of a store: the HQ's schedules whose store list names it lose it (locked in id order first,
 * so purges of several stores of the HQ never deadlock on schedules naming them all, and a
 * scheduler replica materializing one is waited for). Returns the changed schedules.
 */
export const removeStoreFromSchedules = async (tx: DbExecutor, hqId: string, storeId: string): Promise<DispatchScheduleRow[]> => {
  const locked = await tx
    .select({ id: dispatchSchedules.id })
    .from(dispatchSchedules)
    .where(and(eq(dispatchSchedules.hqId, hqId), sql`${dispatchSchedules.storeIds} @> array[${storeId}]::uuid[]`))
    .orderBy(asc(dispatchSchedules.id))
    .for('update');
  if (!locked.length) return [];
  return tx
    .update(dispatchSchedules)
    .set({ storeIds: sql`array_remove(${dispatchSchedules.storeIds}, ${storeId}::uuid)` })
    .where(and(eq(dispatchSchedules.hqId, hqId), inArray(dispatchSchedules.id, locked.map((r) => r.id))))
    .returning();
};

/** ACTIVE schedules of the HQ among `ids` become ENDED; how many. */
export const endSchedules = async (tx: DbExecutor, hqId: string, ids: string[]): Promise<number> => {
  if (!ids.length) return 0;
  return (
    await tx
      .update(dispatchSchedules)
      .set({ status: 'ENDED' })
      .where(and(eq(dispatchSchedules.hqId, hqId), inArray(dispatchSchedules.id, ids), eq(dispatchSchedules.status, 'ACTIVE')))
      .returning({ id: dispatchSchedules.id })
  ).length;
};

/**
 * Purge of an HQ: its schedules, locked first (a scheduler replica materializing one is waited for,
 * and skips them from then on, so no occurrence is claimed for a schedule being deleted).
 */
export const lockSchedulesOfHq = async (tx: DbExecutor, hqId: string): Promise<number> =>
  (await tx.select({ id: dispatchSchedules.id }).from(dispatchSchedules).where(eq(dispatchSchedules.hqId, hqId)).orderBy(asc(dispatchSchedules.id)).for('update')).length;

/** Purge of an HQ: the occurrences of its schedules (before the schedules); how many. */
export const deleteOccurrencesOfHq = async (tx: DbExecutor, hqId: string): Promise<number> =>
  (
    await tx
      .delete(scheduleOccurrences)
      .where(inArray(scheduleOccurrences.scheduleId, tx.select({ id: dispatchSchedules.id }).from(dispatchSchedules).where(eq(dispatchSchedules.hqId, hqId))))
      .returning({ scheduleId: scheduleOccurrences.scheduleId })
  ).length;

/** Purge of an HQ: its schedules, whatever their status (occurrences deleted first); how many. */
export const deleteSchedulesOfHq = async (tx: DbExecutor, hqId: string): Promise<number> =>
  (await tx.delete(dispatchSchedules).where(eq(dispatchSchedules.hqId, hqId)).returning({ id: dispatchSchedules.id })).length;
