import { AppError, callUnary, serviceUnavailable } from '@storecast/service-kit';
import type { OrganizationServiceClient } from '@storecast/proto';
import type { OrganizationDirectory } from '../app/ports';

/** A business answer of organization (404 HQ_NOT_FOUND, STORE_NOT_FOUND) passes; anything else is 503. */
const call = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && err.httpStatus === 404) throw err;
    throw serviceUnavailable('Organization is unavailable', err);
  }
};

export const organizationPeer = (client: OrganizationServiceClient): OrganizationDirectory => ({
  getHq: (hqId) =>
    call(async () => {
      const hq = await callUnary(client, 'getHq', { hqId });
      return { id: hq.id, name: hq.name, plan: hq.plan ?? null };
    }),
  getStore: (storeId) =>
    call(async () => {
      const store = await callUnary(client, 'getStore', { storeId });
      return { id: store.id, hqId: store.hqId, closed: Boolean(store.closedAt) };
    }),
  deviceExists: (storeId, deviceId) => call(async () => (await callUnary(client, 'getDevice', { storeId, deviceId })).valid),
});
