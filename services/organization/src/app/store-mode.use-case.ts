import { emit, newId, writeAudit, type Principal } from '@storecast/service-kit';
import type { DeviceRow, HqRow, StoreRow } from '../db/schema';
import { findStore } from '../db/store.repository';
import { countActiveDevices, findActiveDevice, findActiveDeviceByKey, insertDevice, listActiveDevices, updateDevice } from '../db/device.repository';
import { decideRegistration } from '../domain/devices';
import { effectiveSettings, type EffectiveSettings } from '../domain/effective-settings';
import type { AppContext } from './context';
import { errors } from './errors';

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

export const listDevices = (ctx: AppContext, storeId: string) => listActiveDevices(ctx.db, storeId);

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
