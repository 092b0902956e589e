import { emit, newId, writeAudit, type Principal } from '@storecast/service-kit';
import type { DeviceRow, HqRow, StoreRow } from '../db/schema';
import { findStore } from '../db/store.repository';
import type { StorePatch } from '../domain/store-patch';
import { countActiveDevices, findActiveDevice, findActiveDeviceByKey, insertDevice, listActiveDevices, updateDevice } from '../db/device.repository';
import { decideRegistration } from '../domain/devices';
import { effectiveSettings, type EffectiveSettings } from '../domain/effective-settings';
import type { AppContext } from './context';
import type { PlaylistRef } from './ports';
import { errors } from './errors';
import { patchStore } from './patch-store';

export const settingsOf = (store: StoreRow, hq: HqRow): EffectiveSettings =>
  effectiveSettings(
    { commercialCycleSongs: hq.commercialCycleSongs, duckEnabled: hq.duckEnabled, duckVolumePercent: hq.duckVolumePercent, duckFadeMs: hq.duckFadeMs, plan: hq.plan },
    {
      commercialCycleSongs: store.commercialCycleSongs,
      duckEnabled: store.duckEnabled,
      duckVolumePercent: store.duckVolumePercent,
      duckFadeMs: store.duckFadeMs,
      plan: store.plan,
    },
  );

export interface StoreMe {
  store: StoreRow;
  hq: HqRow;
  settings: EffectiveSettings;
  activeDeviceCount: number;
}

export const getStoreMe = async (ctx: AppContext, found: { store: StoreRow; hq: HqRow }): Promise<StoreMe> => ({
  ...found,
  settings: settingsOf(found.store, found.hq),
  activeDeviceCount: await countActiveDevices(ctx.db, found.store.id),
});

/**
 * Store profile PATCH by the store's manager: only managerName, managerEmail, managerPhone.
 * Without differences a 200 no-op (no audit, no event, updatedAt kept); otherwise audit
 * STORE_PROFILE_UPDATED with before/after per changed field and organization.store.updated.
 */
export const updateStoreMe = async (
  ctx: AppContext,
  actor: Principal,
  found: { store: StoreRow; hq: HqRow },
  patch: Pick<StorePatch, 'managerName' | 'managerEmail' | 'managerPhone'>,
): Promise<StoreMe> => {
  const store = await patchStore(
    ctx,
    actor,
    { hqId: found.hq.id, storeId: found.store.id, action: 'STORE_PROFILE_UPDATED', missing: errors.scopeMismatch },
    patch,
  );
  return getStoreMe(ctx, { store, hq: found.hq });
};

export interface DeviceWithPlaylist {
  device: DeviceRow;
  /** The device's own playlist; null: it follows the store (or catalog-search did not answer). */
  playlist: PlaylistRef | null;
}

/**
 * Active devices with their own playlists from catalog-search (a device it does not list follows
 * the store). The list is organization's: when catalog-search is unreachable it still answers,
 * every playlist null, and the failure is logged.
 */
export const listDevices = async (ctx: AppContext, store: StoreRow): Promise<DeviceWithPlaylist[]> => {
  const devices = await listActiveDevices(ctx.db, store.id);
  let own = new Map<string, PlaylistRef>();
  if (devices.length > 0) {
    try {
      own = new Map((await ctx.catalog.storePlaylists(store.hqId, store.id)).devices.map((d) => [d.deviceId, d.playlist]));
    } catch (err) {
      ctx.logger.warn({ err, storeId: store.id }, 'catalog-search did not answer GetStorePlaylists; device playlists shown as null');
    }
  }
  return devices.map((device) => ({ device, playlist: own.get(device.id) ?? null }));
};

/** One active device's own playlist (null: follows the store); 503 when catalog-search is unreachable. */
export const getDevicePlaylist = async (ctx: AppContext, store: StoreRow, deviceId: string): Promise<DeviceWithPlaylist> => {
  const device = await findActiveDevice(ctx.db, store.id, deviceId);
  if (!device) throw errors.deviceNotFound();
  const { devices } = await ctx.catalog.storePlaylists(store.hqId, store.id);
  return { device, playlist: devices.find((d) => d.deviceId === device.id)?.playlist ?? null };
};

/**
 * Sets (playlistId) or clears (null: follow the store) a device's own playlist. organization
 * checks the device (404 STORE_DEVICE_NOT_FOUND), catalog-search the playlist (404
 * PLAYLIST_NOT_FOUND: missing or of another HQ) and keeps the assignment; audit
 * STORE_DEVICE_PLAYLIST_UPDATED once catalog-search has accepted it.
 */
export const setDevicePlaylist = async (ctx: AppContext, actor: Principal, store: StoreRow, deviceId: string, playlistId: string | null): Promise<DeviceWithPlaylist> => {
  const device = await findActiveDevice(ctx.db, store.id, deviceId);
  if (!device) throw errors.deviceNotFound();
  const { devices } = await ctx.catalog.setDevicePlaylist({ hqId: store.hqId, storeId: store.id, deviceId: device.id, playlistId });
  const playlist = devices.find((d) => d.deviceId === device.id)?.playlist ?? null;
  await ctx.db.transaction(async (tx) => {
    await writeAudit(
      tx,
      actor,
      {
        action: 'STORE_DEVICE_PLAYLIST_UPDATED',
        targetType: 'DEVICE',
        targetId: device.id,
        targetLabel: device.label,
        hqId: store.hqId,
        storeId: store.id,
        detail: { playlistId: playlist?.id ?? null, playlistName: playlist?.name ?? null },
      },
      ctx.clock,
    );
  });
  return { device, playlist };
};

/**
 * Registers a device. Idempotent on the key (returns the active device with that key, label
 * updated, and does not count against the limit); at most 4 active devices per store. The store
 * row is locked FOR UPDATE so two concurrent registrations cannot both take the last place.
 */
export const registerDevice = async (
  ctx: AppContext,
  actor: Principal,
  storeId: string,
  input: { deviceKey: string; label: string },
): Promise<{ device: DeviceRow; created: boolean }> =>
  ctx.db.transaction(async (tx) => {
    const store = await findStore(tx, storeId, { lock: 'update' });
    if (!store) throw errors.scopeMismatch();
    const existing = await findActiveDeviceByKey(tx, storeId, input.deviceKey);
    const decision = decideRegistration({ keyAlreadyActive: existing !== undefined, activeCount: existing ? 0 : await countActiveDevices(tx, storeId) });
    if (decision === 'LIMIT_EXCEEDED') throw errors.deviceLimit();
    const now = ctx.clock.now();
    if (decision === 'EXISTING' && existing) {
      if (existing.label === input.label) return { device: existing, created: false };
      return { device: await updateDevice(tx, storeId, existing.id, { label: input.label, updatedAt: now }), created: false };
    }
    const device = await insertDevice(tx, { id: newId(), storeId, deviceKey: input.deviceKey, label: input.label, createdAt: now, updatedAt: now });
    await writeAudit(
      tx,
      actor,
      {
        action: 'STORE_DEVICE_REGISTERED',
        targetType: 'DEVICE',
        targetId: device.id,
        targetLabel: device.label,
        hqId: store.hqId,
        storeId,
        detail: { deviceKey: device.deviceKey },
      },
      ctx.clock,
    );
    await emit(tx, { type: 'organization.device.registered', data: { deviceId: device.id, storeId } }, ctx.clock);
    return { device, created: true };
  });

export const renameDevice = async (ctx: AppContext, actor: Principal, store: StoreRow, deviceId: string, label: string): Promise<DeviceRow> =>
  ctx.db.transaction(async (tx) => {
    const device = await findActiveDevice(tx, store.id, deviceId);
    if (!device) throw errors.deviceNotFound();
    if (device.label === label) return device;
    const row = await updateDevice(tx, store.id, device.id, { label, updatedAt: ctx.clock.now() });
    await writeAudit(
      tx,
      actor,
      {
        action: 'STORE_DEVICE_RENAMED',
        targetType: 'DEVICE',
        targetId: device.id,
        targetLabel: label,
        hqId: store.hqId,
        storeId: store.id,
        detail: { label: { before: device.label, after: label } },
      },
      ctx.clock,
    );
    return row;
  });

/** Soft delete: revoked devices disappear from lists and free a place under the limit. */
export const revokeDevice = async (ctx: AppContext, actor: Principal, store: StoreRow, deviceId: string): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    // The store row lock orders a revocation with concurrent registrations (the device limit).
    await findStore(tx, store.id, { lock: 'update' });
    const device = await findActiveDevice(tx, store.id, deviceId);
    if (!device) throw errors.deviceNotFound();
    const now = ctx.clock.now();
    await updateDevice(tx, store.id, device.id, { revokedAt: now, updatedAt: now });
    await writeAudit(
      tx,
      actor,
      { action: 'STORE_DEVICE_REVOKED', targetType: 'DEVICE', targetId: device.id, targetLabel: device.label, hqId: store.hqId, storeId: store.id },
      ctx.clock,
    );
    await emit(tx, { type: 'organization.device.revoked', data: { deviceId: device.id, storeId: store.id } }, ctx.clock);
  });
};
