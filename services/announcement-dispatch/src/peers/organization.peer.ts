import { AppError, callUnary, mapLimit, serviceUnavailable, type Logger } from '@storecast/service-kit';
import type { OrganizationServiceClient, StoreDeviceServiceClient } from '@storecast/proto';
import type { OrganizationPeer } from '../app/ports';

/** Any failure of organization is "unavailable" for the caller: no business answer here maps elsewhere. */
const unavailable = (err: unknown): never => {
  if (err instanceof AppError && err.httpStatus === 503) throw err;
  throw serviceUnavailable('organization is unavailable', err);
};

/** Stores asked for their devices at once (organization has no batch query of devices by id). */
const DEVICE_LOOKUP_CONCURRENCY = 16;

export const organizationPeer = (org: OrganizationServiceClient, devices: StoreDeviceServiceClient, logger: Logger): OrganizationPeer => ({
  async storesOfHq(hqId, filter) {
    const res = await callUnary(org, 'listStoresOfHq', {
      hqId,
      storeIds: filter.storeIds ?? [],
      region: filter.region,
      includeClosed: false,
    }).catch(unavailable);
    return res.stores.map((s) => ({ id: s.id, name: s.name, region: s.region ?? null }));
  },
  async isActiveDevice(storeId, deviceId) {
    const res = await callUnary(org, 'getDevice', { storeId, deviceId }).catch(unavailable);
    return res.valid;
  },
  async activeDeviceIds(storeId) {
    const res = await callUnary(devices, 'listStoreDevices', { storeId }).catch(unavailable);
    return res.devices.map((d) => d.deviceId);
  },
  async deviceLabels(storeIds) {
    const labels = new Map<string, string>();
    await mapLimit([...new Set(storeIds)], DEVICE_LOOKUP_CONCURRENCY, async (storeId) => {
      try {
        const res = await callUnary(devices, 'listStoreDevices', { storeId });
        for (const d of res.devices) labels.set(d.deviceId, d.label);
      } catch (err) {
        logger.warn({ err, storeId }, 'device labels not resolved');
      }
    });
    return labels;
  },
});
