import { AppError, callUnary, grpc, notFound, serviceUnavailable } from '@storecast/service-kit';
import type { OrganizationServiceClient } from '@storecast/proto';
import type { HqSummary, OrganizationPeer } from '../app/ports';

/**
 * OrganizationPeer over OrganizationService.GetHq (deadline from the runtime's peer client).
 * NOT_FOUND (with or without the platform code) is 404 HQ_NOT_FOUND; any other failure means
 * organization did not give an answer: 503 SERVICE_UNAVAILABLE.
 */
export const organizationPeer = (client: OrganizationServiceClient): OrganizationPeer => ({
  async getHq(hqId: string): Promise<HqSummary> {
    try {
      const hq = await callUnary(client, 'getHq', { hqId });
      return { id: hq.id, name: hq.name, status: hq.status };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'HQ_NOT_FOUND' || (err.cause as grpc.ServiceError | undefined)?.code === grpc.status.NOT_FOUND) {
        throw notFound('HQ_NOT_FOUND', 'HQ not found');
      }
      throw serviceUnavailable('Organization did not answer', err);
    }
  },
});
