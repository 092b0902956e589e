import { and, asc, count, countDistinct, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { DbExecutor, Paging } from '@storecast/service-kit';
import { offsetOf } from '@storecast/service-kit';
import type { MusicSource } from '../domain/enums';
import type { PlaylistUsage } from '../domain/playlist-rules';
import { likePattern } from './music.repository';
import { devicePlaylists, libraries, libraryMusic, music, playlistLibraries, playlists, storePlaylists, type PlaylistRow } from './schema';

export interface PlaylistLibraryItem {
  libraryId: string;
  name: string;
  libraryType: MusicSource;
  musicCount: number;
  position: number;
}

export const insertPlaylist = async (tx: DbExecutor, row: typeof playlists.$inferInsert): Promise<PlaylistRow> =>
  (await tx.insert(playlists).values(row).returning())[0]!;

/** A live playlist; of one HQ when hqId is given (another HQ's playlist is then missing). */
export const findActivePlaylist = async (db: DbExecutor, id: string, hqId?: string): Promise<PlaylistRow | undefined> =>
  (await db.select().from(playlists).where(and(eq(playlists.id, id), isNull(playlists.deletedAt), hqId ? eq(playlists.hqId, hqId) : undefined)))[0];

export const findActivePlaylistsByIds = (db: DbExecutor, ids: readonly string[]): Promise<PlaylistRow[]> =>
  ids.length ? db.select().from(playlists).where(and(inArray(playlists.id, [...ids]), isNull(playlists.deletedAt))) : Promise.resolve([]);

export const updatePlaylist = async (tx: DbExecutor, id: string, values: Partial<Pick<PlaylistRow, 'name' | 'isDefault' | 'updatedAt'>>) =>
  (await tx.update(playlists).set(values).where(and(eq(playlists.id, id), isNull(playlists.deletedAt))).returning())[0];

export const softDeletePlaylist = async (tx: DbExecutor, id: string, at: Date): Promise<PlaylistRow | undefined> =>
  (await tx.update(playlists).set({ deletedAt: at, updatedAt: at, isDefault: false }).where(and(eq(playlists.id, id), isNull(playlists.deletedAt))).returning())[0];

/** Live playlists (of one HQ, or of all when hqId is absent) by created_at desc, id desc. */
export const listActivePlaylists = async (
  db: DbExecutor,
  filter: { hqId?: string; q?: string },
  paging: Paging,
): Promise<{ rows: PlaylistRow[]; total: number }> => {
  const where = and(
    isNull(playlists.deletedAt),
    filter.hqId ? eq(playlists.hqId, filter.hqId) : undefined,
    filter.q ? ilike(playlists.name, likePattern(filter.q)) : undefined,
  );
  const rows = await db.select().from(playlists).where(where).orderBy(desc(playlists.createdAt), desc(playlists.id)).limit(paging.size).offset(offsetOf(paging));
  const [total] = await db.select({ n: count() }).from(playlists).where(where);
  return { rows, total: total?.n ?? 0 };
};

/** Libraries of a playlist in position order, each with its active music count. */
export const librariesOfPlaylist = async (db: DbExecutor, playlistId: string): Promise<PlaylistLibraryItem[]> => {
  const rows = await db
    .select({
      libraryId: libraries.id,
      name: libraries.name,
      libraryType: libraries.type,
      position: playlistLibraries.position,
      musicCount: sql<number>`(select count(*)::int from ${libraryMusic} lm join ${music} m on m.id = lm.music_id and m.deleted_at is null where lm.library_id = ${libraries.id})`,
    })
    .from(playlistLibraries)
    .innerJoin(libraries, eq(libraries.id, playlistLibraries.libraryId))
    .where(eq(playlistLibraries.playlistId, playlistId))
    .orderBy(asc(playlistLibraries.position));
  return rows;
};

/** Replaces the ordered libraries of a playlist (positions 0..n-1 in the given order). */
export const replacePlaylistLibraries = async (tx: DbExecutor, playlistId: string, libraryIds: readonly string[]) => {
  await tx.delete(playlistLibraries).where(eq(playlistLibraries.playlistId, playlistId));
  if (libraryIds.length) await tx.insert(playlistLibraries).values(libraryIds.map((libraryId, position) => ({ playlistId, libraryId, position })));
};

/** What the status badge and the counts of playlists need, per playlist id. */
export const playlistUsage = async (db: DbExecutor, rows: readonly PlaylistRow[]): Promise<Map<string, PlaylistUsage & { libraryCount: number }>> => {
  const ids = rows.map((r) => r.id);
  const result = new Map(rows.map((r) => [r.id, { libraryCount: 0, playableMusicCount: 0, appliedStoreCount: 0, appliedDeviceCount: 0, isDefault: r.isDefault }]));
  if (!ids.length) return result;
  const libs = await db.select({ id: playlistLibraries.playlistId, n: count() }).from(playlistLibraries).where(inArray(playlistLibraries.playlistId, ids)).groupBy(playlistLibraries.playlistId);
  for (const l of libs) result.get(l.id)!.libraryCount = l.n;
  const playable = await db
    .select({ id: playlistLibraries.playlistId, n: countDistinct(libraryMusic.musicId) })
    .from(playlistLibraries)
    .innerJoin(libraryMusic, eq(libraryMusic.libraryId, playlistLibraries.libraryId))
    .innerJoin(music, and(eq(music.id, libraryMusic.musicId), isNull(music.deletedAt)))
    .where(inArray(playlistLibraries.playlistId, ids))
    .groupBy(playlistLibraries.playlistId);
  for (const p of playable) result.get(p.id)!.playableMusicCount = p.n;
  const stores = await db.select({ id: storePlaylists.playlistId, n: count() }).from(storePlaylists).where(inArray(storePlaylists.playlistId, ids)).groupBy(storePlaylists.playlistId);
  for (const s of stores) result.get(s.id)!.appliedStoreCount = s.n;
  const devices = await db.select({ id: devicePlaylists.playlistId, n: count() }).from(devicePlaylists).where(inArray(devicePlaylists.playlistId, ids)).groupBy(devicePlaylists.playlistId);
  for (const d of devices) result.get(d.id)!.appliedDeviceCount = d.n;
  return result;
};

/** Active music of a playlist whose source is one of `sources`, in library position then newest-assignment order, once each. */
export const playableMusicOfPlaylist = async (db: DbExecutor, playlistId: string, sources: readonly MusicSource[]) => {
  const rows = await db
    .select({ music, libraryId: playlistLibraries.libraryId })
    .from(playlistLibraries)
    .innerJoin(libraryMusic, eq(libraryMusic.libraryId, playlistLibraries.libraryId))
    .innerJoin(music, and(eq(music.id, libraryMusic.musicId), isNull(music.deletedAt), inArray(music.musicSource, [...sources])))
    .where(eq(playlistLibraries.playlistId, playlistId))
    .orderBy(asc(playlistLibraries.position), desc(libraryMusic.createdAt), desc(libraryMusic.musicId));
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.music.id) && seen.add(r.music.id));
};

/** Serializes default and assignment changes of one HQ (two operators at once, several replicas). */
export const lockHqAssignments = (tx: DbExecutor, hqId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalog.assignments.${hqId}`}))`);

export const findDefaultPlaylist = async (db: DbExecutor, hqId: string): Promise<PlaylistRow | undefined> =>
  (await db.select().from(playlists).where(and(eq(playlists.hqId, hqId), eq(playlists.isDefault, true), isNull(playlists.deletedAt))))[0];

export const clearDefaultPlaylist = (tx: DbExecutor, hqId: string, at: Date) =>
  tx.update(playlists).set({ isDefault: false, updatedAt: at }).where(and(eq(playlists.hqId, hqId), eq(playlists.isDefault, true))).returning();

export const findStorePlaylist = async (db: DbExecutor, storeId: string) =>
  (await db.select().from(storePlaylists).where(eq(storePlaylists.storeId, storeId)))[0];

export const upsertStorePlaylist = (tx: DbExecutor, row: typeof storePlaylists.$inferInsert) =>
  tx.insert(storePlaylists).values(row).onConflictDoUpdate({ target: storePlaylists.storeId, set: { playlistId: row.playlistId, hqId: row.hqId, updatedAt: row.updatedAt } });

export const deleteStorePlaylist = async (tx: DbExecutor, storeId: string) =>
  (await tx.delete(storePlaylists).where(eq(storePlaylists.storeId, storeId)).returning())[0];

export const devicePlaylistsOfStore = (db: DbExecutor, storeId: string) =>
  db.select().from(devicePlaylists).where(eq(devicePlaylists.storeId, storeId)).orderBy(asc(devicePlaylists.deviceId));

export const findDevicePlaylist = async (db: DbExecutor, deviceId: string, storeId: string) =>
  (await db.select().from(devicePlaylists).where(and(eq(devicePlaylists.deviceId, deviceId), eq(devicePlaylists.storeId, storeId))))[0];

export const upsertDevicePlaylist = (tx: DbExecutor, row: typeof devicePlaylists.$inferInsert) =>
  tx.insert(devicePlaylists).values(row).onConflictDoUpdate({ target: devicePlaylists.deviceId, set: { playlistId: row.playlistId, storeId: row.storeId, hqId: row.hqId, updatedAt: row.updatedAt } });

export const deleteDevicePlaylist = async (tx: DbExecutor, deviceId: string) =>
  (await tx.delete(devicePlaylists).where(eq(devicePlaylists.deviceId, deviceId)).returning())[0];

export const deleteDevicePlaylistsOfStore = (tx: DbExecutor, storeId: string) => tx.delete(devicePlaylists).where(eq(devicePlaylists.storeId, storeId)).returning();

/** Store and device assignments of a playlist, removed (the playlist is deleted). */
export const deleteAssignmentsOfPlaylist = async (tx: DbExecutor, playlistId: string) => ({
  stores: await tx.delete(storePlaylists).where(eq(storePlaylists.playlistId, playlistId)).returning(),
  devices: await tx.delete(devicePlaylists).where(eq(devicePlaylists.playlistId, playlistId)).returning(),
});

/** The store's own assignment and its devices', removed (the store is closed or deleted). */
export const deleteAssignmentsOfStore = async (tx: DbExecutor, storeId: string) => ({
  store: await deleteStorePlaylist(tx, storeId),
  devices: await deleteDevicePlaylistsOfStore(tx, storeId),
});

/** A device's own assignment in its store, removed (the device is revoked); undefined when it had none. */
export const deleteDevicePlaylistOfStore = async (tx: DbExecutor, storeId: string, deviceId: string) =>
  (await tx.delete(devicePlaylists).where(and(eq(devicePlaylists.deviceId, deviceId), eq(devicePlaylists.storeId, storeId))).returning())[0];

/**
 * A purged store's device assignments and its own (store_id and hq_id both match), through
 * device_playlists_store_idx and the primary key; answers how many rows each lost.
 */
export const deleteAssignmentsOfPurgedStore = async (tx: DbExecutor, store: { storeId: string; hqId: string }) => ({
  device_playlists: (
    await tx
      .delete(devicePlaylists)
      .where(and(eq(devicePlaylists.storeId, store.storeId), eq(devicePlaylists.hqId, store.hqId)))
      .returning({ deviceId: devicePlaylists.deviceId })
  ).length,
  store_playlists: (
    await tx
      .delete(storePlaylists)
      .where(and(eq(storePlaylists.storeId, store.storeId), eq(storePlaylists.hqId, store.hqId)))
      .returning({ storeId: storePlaylists.storeId })
  ).length,
});

/**
 * A purged HQ's playlists, soft-deleted ones included, with what refers to them, children first
 * (foreign keys): the HQ's device and store assignments still pointing at them, their library
 * links, then the playlists. Libraries stay (the operator's). Every statement names the HQ: an
 * assignment of another HQ pointing at one of these playlists cannot be made (assignments check
 * the playlist's HQ); were there one, the playlist delete fails on its foreign key rather than
 * clear another tenant's assignment. Answers how many rows each table lost.
 * Plans (EXPLAIN ANALYZE, 40,000 playlists): the store assignments go through
 * store_playlists_hq_idx, the links through an index leading with playlist_id, per playlist; the
 * playlists themselves and the device assignments are a sequential scan (both hq indexes of
 * playlists are partial, live rows only; device_playlists has none on hq_id): a few milliseconds,
 * once per purged HQ, not worth an index.
 */
export const deletePlaylistsOfPurgedHq = async (tx: DbExecutor, hqId: string) => {
  const ofHq = () => tx.select({ id: playlists.id }).from(playlists).where(eq(playlists.hqId, hqId));
  const devices = await tx
    .delete(devicePlaylists)
    .where(and(eq(devicePlaylists.hqId, hqId), inArray(devicePlaylists.playlistId, ofHq())))
    .returning({ deviceId: devicePlaylists.deviceId });
  const stores = await tx
    .delete(storePlaylists)
    .where(and(eq(storePlaylists.hqId, hqId), inArray(storePlaylists.playlistId, ofHq())))
    .returning({ storeId: storePlaylists.storeId });
  const links = await tx.delete(playlistLibraries).where(inArray(playlistLibraries.playlistId, ofHq())).returning({ playlistId: playlistLibraries.playlistId });
  const deleted = await tx.delete(playlists).where(eq(playlists.hqId, hqId)).returning({ id: playlists.id });
  return { device_playlists: devices.length, store_playlists: stores.length, playlist_libraries: links.length, playlists: deleted.length };
};
