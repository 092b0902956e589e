import { callUnary, lookupAll, orMissing, orUnavailable } from '@storecast/service-kit';
import type { OrganizationServiceClient, OrganizationStatsServiceClient } from '@storecast/proto';
import type { HqRef, OrganizationDirectory, StoreRef } from '../app/ports';

/** OrganizationDirectory over organization's gRPC contract (OrganizationService, OrganizationStatsService). */
export const organizationPeer = (client: OrganizationServiceClient, stats: OrganizationStatsServiceClient): OrganizationDirectory => {
  const getStore = (storeId: string) =>
    orMissing('organization', async (): Promise<StoreRef> => {
      const store = await callUnary(client, 'getStore', { storeId });
      return { id: store.id, hqId: store.hqId, name: store.name, closed: Boolean(store.closedAt) };
    });
  const getHq = (hqId: string) =>
    orMissing('organization', async (): Promise<HqRef> => {
      const hq = await callUnary(client, 'getHq', { hqId });
      return { id: hq.id, name: hq.name };
    });
  return {
    getStore,
    getHq,
    async names({ hqIds, storeIds }) {
      const [hqs, stores] = await Promise.all([lookupAll(hqIds, getHq), lookupAll(storeIds, getStore)]);
      return {
        hqs: new Map([...hqs].map(([id, hq]) => [id, hq.name])),
        stores: new Map([...stores].map(([id, store]) => [id, store.name])),
      };
    },
    counts: () =>
      orUnavailable('organization', async () => {
        const counts = await callUnary(stats, 'getOrganizationCounts', {});
        return { hqCount: counts.hqCount, storeCount: counts.storeCount };
      }),
  };
};
