import { newId } from '@storecast/service-kit';
import { devices, type DeviceRow, type HqRow, type StoreRow } from '../db/schema';
import { findStore } from '../db/store.repository';
import { countActiveDevices, findActiveDevice, findActiveDeviceByKey, listActiveDevices } from '../db/device.repository';
import { decideRegistration } from '../domain/devices';
import { effectiveSettings, type EffectiveSettings } from '../domain/effective-settings';
import type { Actor } from './actor';
import type { AppContext } from './context';
import { writeAudit } from './audit';
import { emit } from './events';
import { errors } from './errors';
import { eq } from 'drizzle-orm';

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
  actor: Actor,
  storeId: string,
  input: { deviceKey: string; label: string },
): Promise<{ device: DeviceRow; created: boolean }> => {
  const result = await ctx.db.transaction(async (tx) => {
    const store = await findStore(tx, storeId, { lock: 'update' });
    if (!store) throw errors.scopeMismatch();
    const existing = await findActiveDeviceByKey(tx, storeId, input.deviceKey);
    const decision = decideRegistration({ keyAlreadyActive: existing !== undefined, activeCount: existing ? 0 : await countActiveDevices(tx, storeId) });
    const now = ctx.clock.now();
    if (decision === 'LIMIT_EXCEEDED') throw errors.deviceLimit();
    if (decision === 'EXISTING' && existing) {
      if (existing.label === input.label) return { device: existing, created: false };
      const [row] = await tx.update(devices).set({ label: input.label, updatedAt: now }).where(eq(devices.id, existing.id)).returning();
      return { device: row as DeviceRow, created: false };
    }
    const [row] = await tx
      .insert(devices)
      .values({ id: newId(), storeId, deviceKey: input.deviceKey, label: input.label, createdAt: now, updatedAt: now })
      .returning();
    const device = row as DeviceRow;
    await writeAudit(tx, ctx, actor, {
      action: 'STORE_DEVICE_REGISTERED',
      targetType: 'DEVICE',
      targetId: device.id,
      targetLabel: device.label,
      hqId: store.hqId,
      storeId,
      detail: { deviceKey: device.deviceKey },
    });
    await emit(tx, ctx.clock, 'organization.device.registered', { deviceId: device.id, storeId });
    return { device, created: true };
  });
  ctx.kickOutbox();
  return result;
};

export const renameDevice = async (ctx: AppContext, actor: Actor, storeId: string, deviceId: string, label: string): Promise<DeviceRow> =>
  ctx.db.transaction(async (tx) => {
    const device = await findActiveDevice(tx, storeId, deviceId);
    if (!device) throw errors.deviceNotFound();
    if (device.label === label) return device;
    const [row] = await tx.update(devices).set({ label, updatedAt: ctx.clock.now() }).where(eq(devices.id, device.id)).returning();
    await writeAudit(tx, ctx, actor, {
      action: 'STORE_DEVICE_RENAMED',
      targetType: 'DEVICE',
      targetId: device.id,
      targetLabel: label,
      storeId,
      detail: { label: { before: device.label, after: label } },
    });
    return row as DeviceRow;
  });

/** Soft delete: revoked devices disappear from lists and free a place under the limit. */
export const revokeDevice = async (ctx: AppContext, actor: Actor, storeId: string, deviceId: string): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    await findStore(tx, storeId, { lock: 'update' });
    const device = await findActiveDevice(tx, storeId, deviceId);
    if (!device) throw errors.deviceNotFound();
    const now = ctx.clock.now();
    await tx.update(devices).set({ revokedAt: now, updatedAt: now }).where(eq(devices.id, device.id));
    await writeAudit(tx, ctx, actor, {
      action: 'STORE_DEVICE_REVOKED',
      targetType: 'DEVICE',
      targetId: device.id,
      targetLabel: device.label,
      storeId,
    });
    await emit(tx, ctx.clock, 'organization.device.revoked', { deviceId: device.id, storeId });
  });
  ctx.kickOutbox();
};
