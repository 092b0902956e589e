import { callUnary, orMissing, orUnavailable } from '@storecast/service-kit';
import type { OrganizationServiceClient, StoreMessage } from '@storecast/proto';
import type { OrganizationPort, Plan, StoreRef } from '../app/ports';

const storeRef = (s: StoreMessage): StoreRef => ({ id: s.id, hqId: s.hqId, name: s.name, closed: Boolean(s.closedAt) });
const planOf = (plan: string | undefined): Plan | null => (plan === 'AI' || plan === 'TRUST' ? plan : null);

/** OrganizationPort over organization's OrganizationService. */
export const organizationPeer = (client: OrganizationServiceClient): OrganizationPort => ({
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
});
