import { AppError, grpc, notFound, unary } from '@storecast/service-kit';
import type { HqMessage, OrganizationServiceClient } from '@storecast/proto';
import type { HqDirectory, HqSummary } from '../app/ports';

/** HqDirectory over OrganizationService.GetHq (deadline from the client's interceptor). */
export const organizationHqDirectory = (client: OrganizationServiceClient): HqDirectory => ({
  async getHq(hqId: string): Promise<HqSummary> {
    try {
      const hq = await unary<{ hqId: string }, HqMessage>(client.getHq.bind(client), { hqId });
      return { id: hq.id, name: hq.name, status: hq.status };
    } catch (err) {
      // A peer answering NOT_FOUND without the platform code still means the HQ does not exist.
      const cause = err instanceof AppError ? (err.cause as grpc.ServiceError | undefined) : undefined;
      if (err instanceof AppError && err.code !== 'HQ_NOT_FOUND' && cause?.code === grpc.status.NOT_FOUND) {
        throw notFound('HQ_NOT_FOUND', 'HQ not found');
      }
      throw err;
    }
  },
});
