import { badRequest, isUuid } from '@storecast/service-kit';
import type { HqRow, StoreRow } from '../db/schema';
import { findHq, platformCounts } from '../db/hq.repository';
import { findStoreWithHq, storesOfHq } from '../db/store.repository';
import { findActiveDevice, listActiveDevices, listDevicesOfStoresOfHq } from '../db/device.repository';
import { isRegion } from '../domain/regions';
import type { AppContext } from './context';
import { errors } from './errors';
import { settingsOf } from './store-mode.use-case';

/** Reads other services make (gRPC OrganizationService). */
export const queryHq = async (ctx: AppContext, hqId: string): Promise<HqRow> => {
  const hq = await findHq(ctx.db, hqId);
  if (!hq) throw errors.hqNotFound();
  return hq;
};

export const queryStore = async (ctx: AppContext, storeId: string, hqId?: string): Promise<{ store: StoreRow; hq: HqRow }> => {
  const found = await findStoreWithHq(ctx.db, storeId, hqId);
  if (!found) throw errors.storeNotFound();
  return found;
};

export const queryStoresOfHq = async (ctx: AppContext, input: { hqId: string; storeIds: string[]; region?: string; includeClosed: boolean }) => {
  if (input.region !== undefined && input.region !== '' && !isRegion(input.region)) return [];
  return storesOfHq(ctx.db, input.hqId, {
    storeIds: input.storeIds,
    region: input.region && isRegion(input.region) ? input.region : undefined,
    includeClosed: input.includeClosed,
  });
};

export const queryDevice = async (ctx: AppContext, storeId: string, deviceId: string) => findActiveDevice(ctx.db, storeId, deviceId);

/** Active devices of a store, oldest first; an unknown or malformed store id has none. */
export const queryStoreDevices = async (ctx: AppContext, storeId: string) => (isUuid(storeId) ? listActiveDevices(ctx.db, storeId) : []);

/** Most store ids one ListDevicesOfStores call takes: a bounded statement, whatever a caller sends. */
export const MAX_STORES_PER_DEVICE_BATCH = 1000;

/**
 * Devices (revoked ones too) of several stores of one HQ at once; stores of another HQ and
 * malformed ids have none. More than MAX_STORES_PER_DEVICE_BATCH ids is 400 VALIDATION_FAILED.
 */
export const queryDevicesOfStores = async (ctx: AppContext, hqId: string, storeIds: string[]) => {
  if (storeIds.length > MAX_STORES_PER_DEVICE_BATCH) throw badRequest('VALIDATION_FAILED', `At most ${MAX_STORES_PER_DEVICE_BATCH} store ids`);
  return listDevicesOfStoresOfHq(ctx.db, hqId, storeIds);
};

/** Platform-wide figures for the operator dashboard (OrganizationStatsService). */
export const queryOrganizationCounts = (ctx: AppContext) => platformCounts(ctx.db);

export const queryEffectiveSettings = async (ctx: AppContext, storeId: string) => {
  const found = await queryStore(ctx, storeId);
  return { ...found, settings: settingsOf(found.store, found.hq) };
};

/** HQ and store facts identity needs to allow or block sign-in, refresh and impersonation. */
export const querySignInStatus = async (ctx: AppContext, input: { hqId?: string; storeId?: string }) => {
  let store: StoreRow | undefined;
  let hq: HqRow | undefined;
  if (input.storeId) {
    const found = await findStoreWithHq(ctx.db, input.storeId);
    store = found?.store;
    hq = found?.hq;
  }
  if (input.hqId) {
    const byId = await findHq(ctx.db, input.hqId);
    // An explicit hqId wins; with a store of another HQ the store is reported as not found.
    if (store && store.hqId !== input.hqId) store = undefined;
    hq = byId;
  }
  return { hq, store };
};
