import path from 'node:path';
import {
  createS3Storage,
  createServiceRuntime,
  wireOrStop,
  ServiceApi,
  systemClock,
  uploadTicketSigner,
  type Clock,
  type Logger,
  type ObjectStorage,
  type ServiceRuntime,
} from '@storecast/service-kit';
import { createIdentityClient, createOrganizationClient, createOrganizationStatsClient } from '@storecast/proto';
import type { SupportConfig } from './config';
import { schema, type SupportSchema } from './db/schema';
import type { OperatorDirectory, OrganizationDirectory, SupportContext } from './app/ports';
import { organizationPeer } from './peers/organization.peer';
import { identityPeer } from './peers/identity.peer';
import { adminTicketsRouter } from './http/admin-tickets.routes';
import { hqTicketsRouter } from './http/hq-tickets.routes';
import { hqStoreTicketsRouter } from './http/hq-store-tickets.routes';
import { storeTicketsRouter } from './http/store-tickets.routes';
import { startOrganizationPurgesConsumer } from './events/organization-purges.consumer';

export const MIGRATIONS_FOLDER = path.resolve(__dirname, '..', 'migrations');

/** What tests (or another wiring) may replace; peers default to gRPC clients at the configured addresses. */
export interface SupportDeps {
  clock: Clock;
  logger: Logger;
  organization: OrganizationDirectory;
  operators: OperatorDirectory;
  storage: ObjectStorage;
}

export interface StartedSupport {
  httpUrl: string;
  httpPort: number;
  runtime: ServiceRuntime<SupportSchema>;
  api: ServiceApi;
  context: SupportContext;
  stop(): Promise<void>;
}

export const start = async (config: SupportConfig, deps: Partial<SupportDeps> = {}): Promise<StartedSupport> => {
  const runtime = await createServiceRuntime({ name: 'support', config, schema, migrationsFolder: MIGRATIONS_FOLDER, logger: deps.logger });
  return wireOrStop(runtime, async () => {
    const organization =
      deps.organization ??
      organizationPeer(runtime.peer(createOrganizationClient, config.ORGANIZATION_GRPC_ADDR), runtime.peer(createOrganizationStatsClient, config.ORGANIZATION_GRPC_ADDR));
    const operators = deps.operators ?? identityPeer(runtime.peer(createIdentityClient, config.IDENTITY_GRPC_ADDR));
    const storage = deps.storage ?? createS3Storage(config);
    if (!deps.storage) runtime.onStop(() => storage.close());
    if (config.NODE_ENV !== 'production') {
      // Local and test object storage: create the bucket (production buckets are provisioned).
      // Not fatal: without storage only uploads fail (503), everything else works.
      await storage.ensureBucket().catch((err: unknown) => runtime.logger.warn({ err }, 'attachment bucket not ready; uploads answer 503 until it is'));
    }

    const context: SupportContext = { db: runtime.db, clock: deps.clock ?? systemClock, logger: runtime.logger, organization, operators, storage };
    await startOrganizationPurgesConsumer({ broker: runtime.broker, context });
    const api = new ServiceApi({
      title: 'Storecast support',
      description: 'CS tickets of operators, HQs and stores: comments, attachments, unread signals, operator dashboard counts',
      verifier: runtime.verifier,
      // TICKET_ATTACHMENT_* tickets forwarded by the gateway's POST /api/v1/uploads/files.
      uploadTickets: uploadTicketSigner(config, context.clock),
    });
    const served = await runtime.serve({
      api,
      routers: [adminTicketsRouter(api, context), hqTicketsRouter(api, context), hqStoreTicketsRouter(api, context), storeTicketsRouter(api, context)],
    });
    return { httpUrl: served.http.url, httpPort: served.http.port, runtime, api, context, stop: () => runtime.stop() };
  });
};
