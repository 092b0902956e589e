import { emit, newId, type DbExecutor, type Paging } from '@storecast/service-kit';
import { findActiveLibrariesByIds } from '../db/library.repository';
import {
  deleteAssignmentsOfPlaylist,
  findActivePlaylist,
  insertPlaylist,
  librariesOfPlaylist,
  listActivePlaylists,
  lockHqAssignments,
  playlistUsage,
  replacePlaylistLibraries,
  softDeletePlaylist,
  updatePlaylist as storeUpdate,
  type PlaylistLibraryItem,
} from '../db/playlist.repository';
import type { PlaylistRow } from '../db/schema';
import type { PlaylistStatus } from '../domain/enums';
import { playlistStatus } from '../domain/playlist-rules';
import { libraryNotFound, playlistNotFound } from './errors';
import type { CatalogContext } from './ports';

export interface PlaylistSummary extends PlaylistRow {
  libraryCount: number;
  appliedStoreCount: number;
  status: PlaylistStatus;
}

export interface PlaylistDetail extends PlaylistSummary {
  libraries: PlaylistLibraryItem[];
}

export const summarize = async (db: DbExecutor, rows: PlaylistRow[]): Promise<PlaylistSummary[]> => {
  const usage = await playlistUsage(db, rows);
  return rows.map((r) => {
    const u = usage.get(r.id)!;
    return { ...r, libraryCount: u.libraryCount, appliedStoreCount: u.appliedStoreCount, status: playlistStatus(u) };
  });
};

const detail = async (db: DbExecutor, row: PlaylistRow): Promise<PlaylistDetail> => ({
  ...(await summarize(db, [row]))[0]!,
  libraries: await librariesOfPlaylist(db, row.id),
});

/** Playlists of an HQ (HQ views) or of every HQ (operator, optionally filtered by hqId). */
export const listPlaylists = async (ctx: CatalogContext, filter: { hqId?: string; q?: string }, paging: Paging) => {
  const { rows, total } = await listActivePlaylists(ctx.db, filter, paging);
  return { items: await summarize(ctx.db, rows), total };
};

/** A playlist of another HQ (when hqId is given) is missing: 404 PLAYLIST_NOT_FOUND. */
export const getPlaylist = async (ctx: CatalogContext, id: string, hqId?: string): Promise<PlaylistDetail> => {
  const row = await findActivePlaylist(ctx.db, id, hqId);
  if (!row) throw playlistNotFound();
  return detail(ctx.db, row);
};

/** A playlist belongs to an HQ organization knows (404 HQ_NOT_FOUND otherwise). */
export const createPlaylist = async (ctx: CatalogContext, input: { hqId: string; name: string }): Promise<PlaylistDetail> => {
  await ctx.organization.getHq(input.hqId);
  const now = ctx.clock.now();
  const row = await insertPlaylist(ctx.db, { id: newId(), hqId: input.hqId, name: input.name, createdAt: now, updatedAt: now });
  return detail(ctx.db, row);
};

export const renamePlaylist = async (ctx: CatalogContext, id: string, input: { name: string }): Promise<PlaylistDetail> => {
  const row = await storeUpdate(ctx.db, id, { name: input.name, updatedAt: ctx.clock.now() });
  if (!row) throw playlistNotFound();
  return detail(ctx.db, row);
};

/**
 * Sets the ordered libraries of a playlist (positions 0..n-1 in the given order): adding,
 * removing and reordering are one full replace. Missing or deleted libraries → 404 LIBRARY_NOT_FOUND.
 */
export const setPlaylistLibraries = async (ctx: CatalogContext, id: string, libraryIds: string[]): Promise<PlaylistDetail> =>
  ctx.db.transaction(async (tx) => {
    const row = await findActivePlaylist(tx, id);
    if (!row) throw playlistNotFound();
    const found = new Set((await findActiveLibrariesByIds(tx, libraryIds)).map((l) => l.id));
    const missing = libraryIds.filter((l) => !found.has(l));
    if (missing.length) throw libraryNotFound({ missingLibraryIds: missing.join(',') });
    await replacePlaylistLibraries(tx, id, libraryIds);
    const updated = (await storeUpdate(tx, id, { updatedAt: ctx.clock.now() }))!;
    return detail(tx, updated);
  });

/**
 * Soft delete. Stores and devices that used it follow their fallback again (store → HQ default,
 * device → store), an HQ default is cleared; each cleared assignment is announced.
 */
export const deletePlaylist = async (ctx: CatalogContext, id: string): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    const row = await findActivePlaylist(tx, id);
    if (!row) throw playlistNotFound();
    await lockHqAssignments(tx, row.hqId);
    await softDeletePlaylist(tx, id, ctx.clock.now());
    const cleared = await deleteAssignmentsOfPlaylist(tx, id);
    const base = { hqId: row.hqId, playlistId: null, previousPlaylistId: id };
    if (row.isDefault) await emit(tx, { type: 'catalog.playlist-assignment.changed', data: { ...base, scope: 'HQ_DEFAULT', storeId: null, deviceId: null } }, ctx.clock);
    for (const s of cleared.stores) {
      await emit(tx, { type: 'catalog.playlist-assignment.changed', data: { ...base, scope: 'STORE', storeId: s.storeId, deviceId: null } }, ctx.clock);
    }
    for (const d of cleared.devices) {
      await emit(tx, { type: 'catalog.playlist-assignment.changed', data: { ...base, scope: 'DEVICE', storeId: d.storeId, deviceId: d.deviceId } }, ctx.clock);
    }
  });
};
