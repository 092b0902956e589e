import { AppError, callUnary, grpc, notFound, serviceUnavailable } from '@storecast/service-kit';
import type { OrganizationServiceClient } from '@storecast/proto';
import { HQ_STATUSES, type HqStatus, type HqSummary, type OrganizationPeer } from '../app/ports';

const isHqStatus = (s: string): s is HqStatus => (HQ_STATUSES as readonly string[]).includes(s);

/**
 * OrganizationPeer over OrganizationService.GetHq (deadline from the runtime's peer client).
 * NOT_FOUND (with or without the platform code) is 404 HQ_NOT_FOUND; any other failure, or an
 * answer outside the contract (an unknown HQ status), means organization gave no usable answer:
 * 503 SERVICE_UNAVAILABLE.
 */
export const organizationPeer = (client: OrganizationServiceClient): OrganizationPeer => ({
  async getHq(hqId: string): Promise<HqSummary> {
    let hq;
    try {
      hq = await callUnary(client, 'getHq', { hqId });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'HQ_NOT_FOUND' || (err.cause as grpc.ServiceError | undefined)?.code === grpc.status.NOT_FOUND) {
        throw notFound('HQ_NOT_FOUND', 'HQ not found');
      }
      throw serviceUnavailable('Organization did not answer', err);
    }
    if (!isHqStatus(hq.status)) throw serviceUnavailable(`Organization answered an unknown HQ status ${JSON.stringify(hq.status)}`);
    return { id: hq.id, name: hq.name, status: hq.status };
  },
});
