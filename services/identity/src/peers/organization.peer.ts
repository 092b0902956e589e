import { callUnary } from '@storecast/service-kit';
import type { OrganizationServiceClient } from '@storecast/proto';
import type { OrganizationPort } from '../app/ports';
import { opt, unavailableUnlessBusiness } from './peer-errors';

/** OrganizationPort over the OrganizationService contract (proto/storecast/organization/v1/organization.proto). */
export const organizationPeer = (client: OrganizationServiceClient): OrganizationPort => {
  const fail = unavailableUnlessBusiness('organization');
  return {
    async getSignInStatus(ids) {
      const res = await callUnary(client, 'getSignInStatus', { hqId: opt(ids.hqId), storeId: opt(ids.storeId) }).catch(fail);
      return {
        hqFound: res.hqFound === true,
        hqStatus: res.hqStatus || undefined,
        hqType: res.hqType || undefined,
        hqName: res.hqName || undefined,
        storeFound: res.storeFound === true,
        storeStatus: res.storeStatus || undefined,
        storeClosed: res.storeClosed === true,
      };
    },
    async getHqName(hqId) {
      const hq = await callUnary(client, 'getHq', { hqId }).catch(fail);
      return hq.name || undefined;
    },
  };
};
