import { and, asc, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { DbExecutor, Paging } from '@storecast/service-kit';
import { offsetOf } from '@storecast/service-kit';
import type { MusicSource } from '../domain/enums';
import { likePattern } from './music.repository';
import { libraries, libraryMusic, music, playlistLibraries, playlists, type LibraryRow, type MusicRow } from './schema';

export interface LibraryCounts {
  /** Active (not soft-deleted) music of the library. */
  trackCount: number;
  /** Live playlists holding the library (of one HQ when asked for one). */
  playlistCount: number;
}

export const insertLibrary = async (tx: DbExecutor, row: typeof libraries.$inferInsert): Promise<LibraryRow> =>
  (await tx.insert(libraries).values(row).returning())[0]!;

export const findActiveLibrary = async (db: DbExecutor, id: string, options: { forUpdate?: boolean } = {}): Promise<LibraryRow | undefined> => {
  const query = db.select().from(libraries).where(and(eq(libraries.id, id), isNull(libraries.deletedAt)));
  return (options.forUpdate ? await query.for('update') : await query)[0];
};

export const findActiveLibrariesByIds = (db: DbExecutor, ids: readonly string[]): Promise<LibraryRow[]> =>
  ids.length ? db.select().from(libraries).where(and(inArray(libraries.id, [...ids]), isNull(libraries.deletedAt))) : Promise.resolve([]);

export const updateLibrary = async (tx: DbExecutor, id: string, values: { name: string; updatedAt: Date }): Promise<LibraryRow | undefined> =>
  (await tx.update(libraries).set(values).where(and(eq(libraries.id, id), isNull(libraries.deletedAt))).returning())[0];

export const softDeleteLibrary = async (tx: DbExecutor, id: string, at: Date): Promise<LibraryRow | undefined> =>
  (await tx.update(libraries).set({ deletedAt: at, updatedAt: at }).where(and(eq(libraries.id, id), isNull(libraries.deletedAt))).returning())[0];

/** Live libraries by name asc, id asc. */
export const listActiveLibraries = async (
  db: DbExecutor,
  filter: { q?: string; type?: MusicSource },
  paging: Paging,
): Promise<{ rows: LibraryRow[]; total: number }> => {
  const where = and(
    isNull(libraries.deletedAt),
    filter.q ? ilike(libraries.name, likePattern(filter.q)) : undefined,
    filter.type ? eq(libraries.type, filter.type) : undefined,
  );
  const rows = await db.select().from(libraries).where(where).orderBy(asc(libraries.name), asc(libraries.id)).limit(paging.size).offset(offsetOf(paging));
  const [total] = await db.select({ n: count() }).from(libraries).where(where);
  return { rows, total: total?.n ?? 0 };
};

/** Track and playlist counts of libraries; playlists of one HQ when hqId is given, else of all HQs. */
export const libraryCounts = async (db: DbExecutor, ids: readonly string[], hqId?: string): Promise<Map<string, LibraryCounts>> => {
  const result = new Map<string, LibraryCounts>(ids.map((id) => [id, { trackCount: 0, playlistCount: 0 }]));
  if (!ids.length) return result;
  const tracks = await db
    .select({ id: libraryMusic.libraryId, n: count() })
    .from(libraryMusic)
    .innerJoin(music, and(eq(music.id, libraryMusic.musicId), isNull(music.deletedAt)))
    .where(inArray(libraryMusic.libraryId, [...ids]))
    .groupBy(libraryMusic.libraryId);
  for (const t of tracks) result.get(t.id)!.trackCount = t.n;
  const lists = await db
    .select({ id: playlistLibraries.libraryId, n: count() })
    .from(playlistLibraries)
    .innerJoin(playlists, and(eq(playlists.id, playlistLibraries.playlistId), isNull(playlists.deletedAt), hqId ? eq(playlists.hqId, hqId) : undefined))
    .where(inArray(playlistLibraries.libraryId, [...ids]))
    .groupBy(playlistLibraries.libraryId);
  for (const l of lists) result.get(l.id)!.playlistCount = l.n;
  return result;
};

/** Adds music to a library; music already in it keeps its assignment time. Returns how many were new. */
export const addLibraryMusic = async (tx: DbExecutor, libraryId: string, musicIds: readonly string[], at: Date): Promise<number> => {
  if (!musicIds.length) return 0;
  const inserted = await tx
    .insert(libraryMusic)
    .values(musicIds.map((musicId) => ({ libraryId, musicId, createdAt: at })))
    .onConflictDoNothing()
    .returning({ musicId: libraryMusic.musicId });
  return inserted.length;
};

export const removeLibraryMusic = async (tx: DbExecutor, libraryId: string, musicId: string): Promise<boolean> =>
  (await tx.delete(libraryMusic).where(and(eq(libraryMusic.libraryId, libraryId), eq(libraryMusic.musicId, musicId))).returning()).length > 0;

/** Active music of a library, newest assignment first. */
export const listLibraryMusic = async (
  db: DbExecutor,
  libraryId: string,
  paging: Paging,
): Promise<{ rows: Array<{ music: MusicRow; assignedAt: Date }>; total: number }> => {
  const where = and(eq(libraryMusic.libraryId, libraryId), isNull(music.deletedAt));
  const rows = await db
    .select({ music, assignedAt: libraryMusic.createdAt })
    .from(libraryMusic)
    .innerJoin(music, eq(music.id, libraryMusic.musicId))
    .where(where)
    .orderBy(desc(libraryMusic.createdAt), desc(libraryMusic.musicId))
    .limit(paging.size)
    .offset(offsetOf(paging));
  const [total] = await db.select({ n: count() }).from(libraryMusic).innerJoin(music, eq(music.id, libraryMusic.musicId)).where(where);
  return { rows, total: total?.n ?? 0 };
};

/**
 * Takes a deleted library out of every playlist and closes the gaps it leaves in their
 * positions. Returns the playlists that changed.
 */
export const detachLibraryFromPlaylists = async (tx: DbExecutor, libraryId: string): Promise<string[]> => {
  const removed = await tx.delete(playlistLibraries).where(eq(playlistLibraries.libraryId, libraryId)).returning();
  for (const r of removed) {
    // Two steps so the (playlist, position) unique index never sees two rows on one position.
    await tx
      .update(playlistLibraries)
      .set({ position: sql`-${playlistLibraries.position}` })
      .where(and(eq(playlistLibraries.playlistId, r.playlistId), sql`${playlistLibraries.position} > ${r.position}`));
    await tx
      .update(playlistLibraries)
      .set({ position: sql`-${playlistLibraries.position} - 1` })
      .where(and(eq(playlistLibraries.playlistId, r.playlistId), sql`${playlistLibraries.position} < 0`));
  }
  return [...new Set(removed.map((r) => r.playlistId))];
};
