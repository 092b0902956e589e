import { badRequest, newId, type Paging } from '@storecast/service-kit';
import {
  addLibraryMusic,
  detachLibraryFromPlaylists,
  findActiveLibrary,
  insertLibrary,
  libraryCounts,
  listActiveLibraries,
  listLibraryMusic as listMusicOfLibrary,
  removeLibraryMusic as removeFromLibrary,
  softDeleteLibrary,
  updateLibrary as storeUpdate,
  type LibraryCounts,
} from '../db/library.repository';
import { findActiveMusicByIds } from '../db/music.repository';
import type { LibraryRow } from '../db/schema';
import type { MusicSource } from '../domain/enums';
import { typeMismatches } from '../domain/playlist-rules';
import { libraryNotFound, musicNotFound } from './errors';
import type { CatalogContext } from './ports';

export type LibraryView = LibraryRow & LibraryCounts;

const withCounts = async (ctx: CatalogContext, rows: LibraryRow[], hqId?: string): Promise<LibraryView[]> => {
  const counts = await libraryCounts(ctx.db, rows.map((r) => r.id), hqId);
  return rows.map((r) => ({ ...r, ...counts.get(r.id)! }));
};

/** playlistCount counts the playlists of `hqId` when given (HQ views), else of every HQ (operator). */
export const listLibraries = async (ctx: CatalogContext, filter: { q?: string; type?: MusicSource; hqId?: string }, paging: Paging) => {
  const { rows, total } = await listActiveLibraries(ctx.db, filter, paging);
  return { items: await withCounts(ctx, rows, filter.hqId), total };
};

export const getLibrary = async (ctx: CatalogContext, id: string, hqId?: string): Promise<LibraryView> => {
  const row = await findActiveLibrary(ctx.db, id);
  if (!row) throw libraryNotFound();
  return (await withCounts(ctx, [row], hqId))[0]!;
};

export const createLibrary = async (ctx: CatalogContext, input: { name: string; type: MusicSource }): Promise<LibraryView> => {
  const now = ctx.clock.now();
  const row = await insertLibrary(ctx.db, { id: newId(), name: input.name, type: input.type, createdAt: now, updatedAt: now });
  return { ...row, trackCount: 0, playlistCount: 0 };
};

/** The name changes; the type never does (its music would no longer match). */
export const updateLibrary = async (ctx: CatalogContext, id: string, input: { name: string }): Promise<LibraryView> => {
  const row = await storeUpdate(ctx.db, id, { name: input.name, updatedAt: ctx.clock.now() });
  if (!row) throw libraryNotFound();
  return (await withCounts(ctx, [row]))[0]!;
};

/** Soft delete; the library leaves every playlist (positions close up), its music stays. */
export const deleteLibrary = async (ctx: CatalogContext, id: string): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    const deleted = await softDeleteLibrary(tx, id, ctx.clock.now());
    if (!deleted) throw libraryNotFound();
    await detachLibraryFromPlaylists(tx, id);
  });
};

/**
 * Adds music to a library, idempotently (music already in it keeps its assignment time). Missing
 * or deleted music → 404 MUSIC_NOT_FOUND (fields.missingMusicIds); any music of the other type
 * rejects the whole request with 400 LIBRARY_TYPE_MISMATCH (fields.violatingMusicIds).
 */
export const addMusicToLibrary = async (ctx: CatalogContext, libraryId: string, musicIds: string[]) =>
  ctx.db.transaction(async (tx) => {
    const library = await findActiveLibrary(tx, libraryId, { forUpdate: true });
    if (!library) throw libraryNotFound();
    const ids = [...new Set(musicIds)];
    const found = await findActiveMusicByIds(tx, ids);
    const foundIds = new Set(found.map((m) => m.id));
    const missing = ids.filter((id) => !foundIds.has(id));
    if (missing.length) throw musicNotFound({ missingMusicIds: missing.join(',') });
    const violating = typeMismatches(library.type, found);
    if (violating.length) {
      throw badRequest('LIBRARY_TYPE_MISMATCH', `Music of another type than the library (${library.type})`, { fields: { violatingMusicIds: violating.join(',') } });
    }
    const addedCount = await addLibraryMusic(tx, library.id, ids, ctx.clock.now());
    const counts = await libraryCounts(tx, [library.id]);
    return { libraryId: library.id, addedCount, trackCount: counts.get(library.id)!.trackCount };
  });

/** Removing music that is not in the library is a no-op (204 either way). */
export const removeMusicFromLibrary = async (ctx: CatalogContext, libraryId: string, musicId: string): Promise<void> => {
  const library = await findActiveLibrary(ctx.db, libraryId);
  if (!library) throw libraryNotFound();
  await removeFromLibrary(ctx.db, libraryId, musicId);
};

/** Active music of a library, newest assignment first; createdAt of an item is its assignment time. */
export const listLibraryMusic = async (ctx: CatalogContext, libraryId: string, paging: Paging) => {
  const library = await findActiveLibrary(ctx.db, libraryId);
  if (!library) throw libraryNotFound();
  return listMusicOfLibrary(ctx.db, libraryId, paging);
};
