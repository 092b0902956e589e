import { and, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import { readInstant, type DbExecutor } from '@storecast/service-kit';
import { announcements, dispatchSchedules, type AnnouncementRow } from './schema';

type NewAnnouncement = typeof announcements.$inferInsert;

const hqVisible = (hqId: string, id: string) =>
  and(eq(announcements.id, id), eq(announcements.hqId, hqId), eq(announcements.source, 'HQ'), isNull(announcements.deletedAt));

export const insertAnnouncement = async (tx: DbExecutor, row: NewAnnouncement): Promise<AnnouncementRow> => {
  const [created] = await tx.insert(announcements).values(row).returning();
  return created!;
};

/** An HQ's own, not deleted, HQ-sourced announcement (store broadcasts never match). */
export const findHqAnnouncement = async (db: DbExecutor, hqId: string, id: string, lock = false): Promise<AnnouncementRow | undefined> => {
  const q = db.select().from(announcements).where(hqVisible(hqId, id));
  const rows = lock ? await q.for('update') : await q;
  return rows[0];
};

export const findAnnouncementById = async (db: DbExecutor, id: string): Promise<AnnouncementRow | undefined> =>
  (await db.select().from(announcements).where(eq(announcements.id, id)))[0];

export const updateAnnouncement = async (tx: DbExecutor, id: string, patch: Partial<NewAnnouncement>): Promise<AnnouncementRow> => {
  const [row] = await tx.update(announcements).set(patch).where(eq(announcements.id, id)).returning();
  return row!;
};

export const activeScheduleCount = async (db: DbExecutor, announcementId: string): Promise<number> => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(dispatchSchedules)
    .where(and(eq(dispatchSchedules.announcementId, announcementId), eq(dispatchSchedules.status, 'ACTIVE')));
  return row?.n ?? 0;
};

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface AnnouncementListRow extends AnnouncementRow {
  dispatchCount: number;
  lastDispatchedAt: Date | null;
  lastDispatchStoreCount: number | null;
  activeScheduleCount: number;
}

/** An HQ's announcements, newest first, with their dispatch counters; q matches title or text. */
export const listHqAnnouncements = async (
  db: DbExecutor,
  hqId: string,
  filter: { q?: string; limit: number; offset: number },
): Promise<{ rows: AnnouncementListRow[]; total: number }> => {
  const where = and(
    eq(announcements.hqId, hqId),
    eq(announcements.source, 'HQ'),
    isNull(announcements.deletedAt),
    filter.q ? or(ilike(announcements.title, `%${escapeLike(filter.q)}%`), ilike(announcements.text, `%${escapeLike(filter.q)}%`)) : undefined,
  );
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(announcements).where(where);
  const rows = await db
    .select({
      a: announcements,
      dispatchCount: sql<number>`(select count(*)::int from dispatches d where d.announcement_id = "announcements"."id")`,
      lastDispatchedAt: sql<string | null>`(select max(d.created_at) from dispatches d where d.announcement_id = "announcements"."id")`,
      lastDispatchStoreCount: sql<number | null>`(
        select count(distinct d.store_id)::int from dispatches d
        where d.batch_id = (select d2.batch_id from dispatches d2 where d2.announcement_id = "announcements"."id"
                            order by d2.created_at desc, d2.id desc limit 1))`,
      activeScheduleCount: sql<number>`(select count(*)::int from dispatch_schedules s where s.announcement_id = "announcements"."id" and s.status = 'ACTIVE')`,
    })
    .from(announcements)
    .where(where)
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return {
    total: count?.n ?? 0,
    rows: rows.map((r) => ({
      ...r.a,
      dispatchCount: r.dispatchCount,
      lastDispatchedAt: r.lastDispatchedAt ? readInstant(r.lastDispatchedAt) : null,
      lastDispatchStoreCount: r.dispatchCount > 0 ? r.lastDispatchStoreCount : null,
      activeScheduleCount: r.activeScheduleCount,
    })),
  };
};

/**
 * Purge of an HQ: every announcement carrying its id (its HQ announcements, deleted or not, and
 * broadcast drafts of its stores), after their dispatch rows and schedules; their audio keys.
 */
export const deleteAnnouncementsOfHq = async (tx: DbExecutor, hqId: string): Promise<string[]> =>
  (await tx.delete(announcements).where(eq(announcements.hqId, hqId)).returning({ audioKey: announcements.audioKey })).map((r) => r.audioKey);
