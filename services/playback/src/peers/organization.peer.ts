import { callUnary, orMissing, orUnavailable } from '@storecast/service-kit';
import type { OrganizationServiceClient, StoreDeviceBatchServiceClient, StoreMessage } from '@storecast/proto';
import type { OrganizationPort, Plan, StoreRef } from '../app/ports';

/** Store ids per ListDevicesOfStores call: organization takes at most 1000. */
const DEVICE_BATCH = 1000;

const instantOrNull = (iso: string | undefined): Date | null => {
  const at = iso ? new Date(iso) : null;
  return at && !Number.isNaN(at.getTime()) ? at : null;
};
const storeRef = (s: StoreMessage): StoreRef => ({ id: s.id, hqId: s.hqId, name: s.name, closed: Boolean(s.closedAt), createdAt: instantOrNull(s.createdAt) });
const planOf = (plan: string | undefined): Plan | null => (plan === 'AI' || plan === 'TRUST' ? plan : null);

/** OrganizationPort over organization's OrganizationService and StoreDeviceBatchService. */
export const organizationPeer = (client: OrganizationServiceClient, devices: StoreDeviceBatchServiceClient): OrganizationPort => ({
  getStore: (storeId) => orMissing('organization', async () => storeRef(await callUnary(client, 'getStore', { storeId }))),
  isValidDevice: (storeId, deviceId) => orUnavailable('organization', async () => (await callUnary(client, 'getDevice', { storeId, deviceId })).valid),
  effectiveSettings: (storeId) =>
    orMissing('organization', async () => {
      const s = await callUnary(client, 'getEffectiveStoreSettings', { storeId });
      return {
        hqId: s.hqId,
        commercialCycleSongs: s.commercialCycleSongs,
        duckEnabled: s.duckEnabled,
        duckVolumePercent: s.duckVolumePercent,
        duckFadeMs: s.duckFadeMs,
        plan: planOf(s.plan),
      };
    }),
  storesOfHq: (hqId, includeClosed) =>
    orUnavailable('organization', async () => (await callUnary(client, 'listStoresOfHq', { hqId, storeIds: [], includeClosed })).stores.map(storeRef)),
  deviceLabels: (hqId, storeIds) =>
    orUnavailable('organization', async () => {
      const ids = [...new Set(storeIds)];
      const chunks = Array.from({ length: Math.ceil(ids.length / DEVICE_BATCH) }, (_, i) => ids.slice(i * DEVICE_BATCH, (i + 1) * DEVICE_BATCH));
      const answers = await Promise.all(chunks.map((chunk) => callUnary(devices, 'listDevicesOfStores', { hqId, storeIds: chunk })));
      return new Map(answers.flatMap((a) => a.devices.map((d): [string, string] => [d.deviceId.toLowerCase(), d.label])));
    }),
});
