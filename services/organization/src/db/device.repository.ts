import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import { isUuid, type DbExecutor } from '@storecast/service-kit';
import { devices, stores, type DeviceRow } from './schema';

/** An active (not revoked) device of a store; undefined when missing, revoked or foreign. */
export const findActiveDevice = async (db: DbExecutor, storeId: string, deviceId: string): Promise<DeviceRow | undefined> => {
  if (!isUuid(deviceId) || !isUuid(storeId)) return undefined;
  const rows = await db
    .select()
    .from(devices)
    .where(and(eq(devices.id, deviceId), eq(devices.storeId, storeId), isNull(devices.revokedAt)));
  return rows[0] as DeviceRow | undefined;
};

export const findActiveDeviceByKey = async (db: DbExecutor, storeId: string, deviceKey: string): Promise<DeviceRow | undefined> => {
  const rows = await db
    .select()
    .from(devices)
    .where(and(eq(devices.storeId, storeId), eq(devices.deviceKey, deviceKey), isNull(devices.revokedAt)));
  return rows[0] as DeviceRow | undefined;
};

export const countActiveDevices = async (db: DbExecutor, storeId: string): Promise<number> => {
  const rows = await db.select({ n: count() }).from(devices).where(and(eq(devices.storeId, storeId), isNull(devices.revokedAt)));
  return Number(rows[0]?.n ?? 0);
};

export const listActiveDevices = async (db: DbExecutor, storeId: string): Promise<DeviceRow[]> =>
  (await db
    .select()
    .from(devices)
    .where(and(eq(devices.storeId, storeId), isNull(devices.revokedAt)))
    .orderBy(asc(devices.createdAt), asc(devices.id))) as DeviceRow[];

/**
 * Devices of the given stores of one HQ, revoked ones too, by store then oldest first: the join on
 * stores keeps another HQ's (and soft-deleted) stores out, through devices_store_idx per store.
 */
export const listDevicesOfStoresOfHq = async (db: DbExecutor, hqId: string, storeIds: string[]): Promise<DeviceRow[]> => {
  const ids = [...new Set(storeIds.filter(isUuid).map((id) => id.toLowerCase()))];
  if (!isUuid(hqId) || ids.length === 0) return [];
  const rows = await db
    .select({ device: devices })
    .from(devices)
    .innerJoin(stores, eq(stores.id, devices.storeId))
    .where(and(eq(stores.hqId, hqId), isNull(stores.deletedAt), inArray(devices.storeId, ids)))
    .orderBy(asc(devices.storeId), asc(devices.createdAt), asc(devices.id));
  return rows.map((r) => r.device as DeviceRow);
};

export const insertDevice = async (db: DbExecutor, values: typeof devices.$inferInsert): Promise<DeviceRow> => {
  const [row] = await db.insert(devices).values(values).returning();
  return row as DeviceRow;
};

/** Updates a device of the store (label, revocation); the store id keeps the write in its tenant. */
export const updateDevice = async (db: DbExecutor, storeId: string, id: string, values: Partial<typeof devices.$inferInsert>): Promise<DeviceRow> => {
  const [row] = await db.update(devices).set(values).where(and(eq(devices.id, id), eq(devices.storeId, storeId))).returning();
  return row as DeviceRow;
};

/** Revokes every active device of the stores at `at`; answers the revoked devices. */
export const revokeDevicesOfStores = async (db: DbExecutor, storeIds: string[], at: Date): Promise<DeviceRow[]> => {
  if (storeIds.length === 0) return [];
  return (await db
    .update(devices)
    .set({ revokedAt: at, updatedAt: at })
    .where(and(inArray(devices.storeId, storeIds), isNull(devices.revokedAt)))
    .returning()) as DeviceRow[];
};
