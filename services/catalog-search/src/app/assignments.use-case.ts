import { emit, type Clock, type DbExecutor, type Logger } from '@storecast/service-kit';
import {
  clearDefaultPlaylist,
  deleteAssignmentsOfStore,
  deleteDevicePlaylist,
  deleteDevicePlaylistOfStore,
  deleteStorePlaylist,
  devicePlaylistsOfStore,
  findActivePlaylist,
  findActivePlaylistsByIds,
  findDefaultPlaylist,
  findDevicePlaylist,
  findStorePlaylist,
  lockHqAssignments,
  updatePlaylist,
  upsertDevicePlaylist,
  upsertStorePlaylist,
} from '../db/playlist.repository';
import type { PlaylistRow } from '../db/schema';
import type { PlaylistSource } from '../domain/enums';
import { resolvePlaylist as resolve } from '../domain/playlist-rules';
import { deviceNotFound, playlistNotFound, storeClosed } from './errors';
import type { CatalogContext } from './ports';

export interface PlaylistRef {
  id: string;
  name: string;
}

export interface StorePlaylists {
  storeId: string;
  hqId: string;
  /** The store's own active playlist; null: it follows the HQ default. */
  activePlaylist: PlaylistRef | null;
  hqDefault: PlaylistRef | null;
  /** Devices with an own playlist; the others follow the store. */
  devices: Array<{ deviceId: string; playlist: PlaylistRef }>;
}

const ref = (p: PlaylistRow | undefined | null): PlaylistRef | null => (p ? { id: p.id, name: p.name } : null);

/** Explicit assignments of a store and its devices, and the HQ default they fall back to. */
export const storePlaylists = async (db: DbExecutor, hqId: string, storeId: string): Promise<StorePlaylists> => {
  const store = await findStorePlaylist(db, storeId);
  const devices = await devicePlaylistsOfStore(db, storeId);
  const lists = new Map((await findActivePlaylistsByIds(db, [...(store ? [store.playlistId] : []), ...devices.map((d) => d.playlistId)])).map((p) => [p.id, p]));
  return {
    storeId,
    hqId,
    activePlaylist: store && store.hqId === hqId ? ref(lists.get(store.playlistId)) : null,
    hqDefault: ref(await findDefaultPlaylist(db, hqId)),
    devices: devices
      .filter((d) => d.hqId === hqId && lists.has(d.playlistId))
      .map((d) => ({ deviceId: d.deviceId, playlist: ref(lists.get(d.playlistId))! })),
  };
};

/** The playlist a store's (or a device's) queue plays and where it comes from. */
export const resolveQueuePlaylist = async (
  ctx: CatalogContext,
  input: { hqId: string; storeId: string; deviceId?: string },
): Promise<{ playlist: PlaylistRef | null; source: PlaylistSource }> => {
  const store = await findStorePlaylist(ctx.db, input.storeId);
  const device = input.deviceId ? await findDevicePlaylist(ctx.db, input.deviceId, input.storeId) : undefined;
  const candidates = await findActivePlaylistsByIds(ctx.db, [device?.playlistId, store?.playlistId].filter((x): x is string => Boolean(x)));
  const of = (id: string | undefined) => candidates.find((p) => p.id === id && p.hqId === input.hqId) ?? null;
  const result = resolve({ device: of(device?.playlistId), store: of(store?.playlistId), hqDefault: (await findDefaultPlaylist(ctx.db, input.hqId)) ?? null });
  return { playlist: ref(result.playlist), source: result.source };
};

/** GET for operators: the store must exist in organization (404 STORE_NOT_FOUND). */
export const getStorePlaylists = async (ctx: CatalogContext, storeId: string): Promise<StorePlaylists> => {
  const store = await ctx.organization.getStore(storeId);
  return storePlaylists(ctx.db, store.hqId, store.id);
};

const playlistOfHq = async (tx: DbExecutor, playlistId: string, hqId: string): Promise<PlaylistRow> => {
  const playlist = await findActivePlaylist(tx, playlistId, hqId);
  if (!playlist) throw playlistNotFound();
  return playlist;
};

/** Sets (playlistId) or clears (null) the HQ default; at most one per HQ. Operator only. */
export const setHqDefaultPlaylist = async (ctx: CatalogContext, hqId: string, playlistId: string | null): Promise<PlaylistRef | null> =>
  ctx.db.transaction(async (tx) => {
    await lockHqAssignments(tx, hqId);
    const previous = await findDefaultPlaylist(tx, hqId);
    const next = playlistId ? await playlistOfHq(tx, playlistId, hqId) : null;
    if (previous?.id === next?.id) return ref(next);
    const now = ctx.clock.now();
    await clearDefaultPlaylist(tx, hqId, now);
    if (next) await updatePlaylist(tx, next.id, { isDefault: true, updatedAt: now });
    await emit(
      tx,
      { type: 'catalog.playlist-assignment.changed', data: { hqId, scope: 'HQ_DEFAULT', storeId: null, deviceId: null, playlistId: next?.id ?? null, previousPlaylistId: previous?.id ?? null } },
      ctx.clock,
    );
    return ref(next);
  });

export const getHqDefaultPlaylist = async (ctx: CatalogContext, hqId: string): Promise<PlaylistRef | null> => ref(await findDefaultPlaylist(ctx.db, hqId));

/**
 * Sets or clears (null: follow the HQ default) a store's active playlist. The store must exist
 * (404 STORE_NOT_FOUND) and not be closed when a playlist is set (409 STORE_ALREADY_CLOSED); the
 * playlist must be one of the store's HQ (404 PLAYLIST_NOT_FOUND).
 */
export const setStorePlaylist = async (ctx: CatalogContext, storeId: string, playlistId: string | null): Promise<StorePlaylists> => {
  const store = await ctx.organization.getStore(storeId);
  if (playlistId && store.closed) throw storeClosed();
  return ctx.db.transaction(async (tx) => {
    await lockHqAssignments(tx, store.hqId);
    const next = playlistId ? await playlistOfHq(tx, playlistId, store.hqId) : null;
    const previous = await findStorePlaylist(tx, store.id);
    if ((previous?.playlistId ?? null) !== (next?.id ?? null)) {
      if (next) await upsertStorePlaylist(tx, { storeId: store.id, hqId: store.hqId, playlistId: next.id, updatedAt: ctx.clock.now() });
      else await deleteStorePlaylist(tx, store.id);
      await emit(
        tx,
        { type: 'catalog.playlist-assignment.changed', data: { hqId: store.hqId, scope: 'STORE', storeId: store.id, deviceId: null, playlistId: next?.id ?? null, previousPlaylistId: previous?.playlistId ?? null } },
        ctx.clock,
      );
    }
    return storePlaylists(tx, store.hqId, store.id);
  });
};

/** Device playlist for a store and device the caller already checked (organization over gRPC). */
export const assignDevicePlaylist = async (
  ctx: CatalogContext,
  input: { hqId: string; storeId: string; deviceId: string; playlistId: string | null },
): Promise<StorePlaylists> =>
  ctx.db.transaction(async (tx) => {
    await lockHqAssignments(tx, input.hqId);
    const next = input.playlistId ? await playlistOfHq(tx, input.playlistId, input.hqId) : null;
    const previous = await findDevicePlaylist(tx, input.deviceId, input.storeId);
    if ((previous?.playlistId ?? null) !== (next?.id ?? null)) {
      if (next) await upsertDevicePlaylist(tx, { deviceId: input.deviceId, storeId: input.storeId, hqId: input.hqId, playlistId: next.id, updatedAt: ctx.clock.now() });
      else await deleteDevicePlaylist(tx, input.deviceId);
      await emit(
        tx,
        {
          type: 'catalog.playlist-assignment.changed',
          data: { hqId: input.hqId, scope: 'DEVICE', storeId: input.storeId, deviceId: input.deviceId, playlistId: next?.id ?? null, previousPlaylistId: previous?.playlistId ?? null },
        },
        ctx.clock,
      );
    }
    return storePlaylists(tx, input.hqId, input.storeId);
  });

/**
 * Operator: sets or clears (null: follow the store) a device's own playlist. Store and device are
 * checked with organization (404 STORE_NOT_FOUND, 404 STORE_DEVICE_NOT_FOUND).
 */
export const setDevicePlaylist = async (ctx: CatalogContext, storeId: string, deviceId: string, playlistId: string | null): Promise<StorePlaylists> => {
  const store = await ctx.organization.getStore(storeId);
  if (!(await ctx.organization.deviceExists(store.id, deviceId))) throw deviceNotFound();
  if (playlistId && store.closed) throw storeClosed();
  return assignDevicePlaylist(ctx, { hqId: store.hqId, storeId: store.id, deviceId, playlistId });
};

/**
 * A closed or deleted store (organization's events) keeps no assignment: its own playlist and its
 * devices' are removed in the consumer's transaction, each announced as cleared, so playlists it
 * used are no longer ACTIVE or counted in appliedStoreCount. A reopened store would start from the
 * HQ default (organization has no reopening; a closed store cannot get a playlist, 409).
 */
export const clearStoreAssignments = async (tx: DbExecutor, deps: { clock: Clock; logger: Logger }, store: { hqId: string; storeId: string; reason: string }): Promise<void> => {
  await lockHqAssignments(tx, store.hqId);
  const cleared = await deleteAssignmentsOfStore(tx, store.storeId);
  const changed = (scope: 'STORE' | 'DEVICE', hqId: string, deviceId: string | null, previousPlaylistId: string) =>
    emit(tx, { type: 'catalog.playlist-assignment.changed', data: { hqId, scope, storeId: store.storeId, deviceId, playlistId: null, previousPlaylistId } }, deps.clock);
  if (cleared.store) await changed('STORE', cleared.store.hqId, null, cleared.store.playlistId);
  // In device id order, so the announcements do not follow the table's physical order.
  for (const d of [...cleared.devices].sort((a, b) => (a.deviceId < b.deviceId ? -1 : 1))) await changed('DEVICE', d.hqId, d.deviceId, d.playlistId);
  if (cleared.store || cleared.devices.length) deps.logger.info({ storeId: store.storeId, reason: store.reason, store: Boolean(cleared.store), devices: cleared.devices.length }, 'assignments of a store cleared');
};

/** A revoked device keeps no own playlist (its store's stays); announced as cleared. */
export const clearDeviceAssignment = async (tx: DbExecutor, deps: { clock: Clock }, device: { storeId: string; deviceId: string }): Promise<void> => {
  const cleared = await deleteDevicePlaylistOfStore(tx, device.storeId, device.deviceId);
  if (!cleared) return;
  await emit(
    tx,
    { type: 'catalog.playlist-assignment.changed', data: { hqId: cleared.hqId, scope: 'DEVICE', storeId: device.storeId, deviceId: device.deviceId, playlistId: null, previousPlaylistId: cleared.playlistId } },
    deps.clock,
  );
};
