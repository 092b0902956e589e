import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from '@storecast/service-kit';
import { commercialSongs, type CommercialSongRow } from './schema';

type NewCommercial = typeof commercialSongs.$inferInsert;

const hqVisible = (hqId: string) => and(eq(commercialSongs.hqId, hqId), isNull(commercialSongs.deletedAt));

export const insertCommercial = async (tx: DbExecutor, row: NewCommercial): Promise<CommercialSongRow> => (await tx.insert(commercialSongs).values(row).returning())[0]!;

/** A non-deleted song of the HQ (another HQ's is never found), locked when asked. */
export const findHqCommercial = async (db: DbExecutor, hqId: string, id: string, lock = false): Promise<CommercialSongRow | undefined> => {
  const q = db.select().from(commercialSongs).where(and(eq(commercialSongs.id, id), hqVisible(hqId)));
  return (lock ? await q.for('update') : await q)[0];
};

/** Non-deleted songs of the HQ, newest first. */
export const listHqCommercials = async (db: DbExecutor, hqId: string, page: { limit: number; offset: number }): Promise<{ rows: CommercialSongRow[]; total: number }> => {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(commercialSongs).where(hqVisible(hqId));
  const rows = await db
    .select()
    .from(commercialSongs)
    .where(hqVisible(hqId))
    .orderBy(desc(commercialSongs.createdAt), desc(commercialSongs.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: count?.n ?? 0 };
};

/** Active, non-deleted songs of the HQ in ascending id: the round-robin order playback walks. */
export const listActiveCommercials = async (db: DbExecutor, hqId: string): Promise<CommercialSongRow[]> =>
  db.select().from(commercialSongs).where(and(hqVisible(hqId), eq(commercialSongs.isActive, true))).orderBy(asc(commercialSongs.id));

export const updateCommercial = async (tx: DbExecutor, id: string, patch: Partial<NewCommercial>): Promise<CommercialSongRow> =>
  (await tx.update(commercialSongs).set(patch).where(eq(commercialSongs.id, id)).returning())[0]!;

/** Songs soft-deleted at or before `before`, claimed FOR UPDATE SKIP LOCKED (replicas never take the same). */
export const lockPurgeableCommercials = async (tx: DbExecutor, before: Date, limit: number): Promise<CommercialSongRow[]> =>
  tx
    .select()
    .from(commercialSongs)
    .where(lte(commercialSongs.deletedAt, before))
    .orderBy(asc(commercialSongs.deletedAt))
    .limit(limit)
    .for('update', { skipLocked: true });

export const deleteCommercialsForGood = async (tx: DbExecutor, ids: string[]): Promise<void> => {
  if (ids.length) await tx.delete(commercialSongs).where(inArray(commercialSongs.id, ids));
};

/** Purge of an HQ: all its songs, deleted or not; their ids and audio keys. */
export const deleteCommercialsOfHq = async (tx: DbExecutor, hqId: string): Promise<Array<{ id: string; audioKey: string }>> =>
  tx.delete(commercialSongs).where(eq(commercialSongs.hqId, hqId)).returning({ id: commercialSongs.id, audioKey: commercialSongs.audioKey });
