import path from 'node:path';
import { createLogger, createServiceRuntime, wireOrStop, ServiceApi, startPeriodicJob, systemClock, type Clock, type Logger, type ServiceRuntime } from '@storecast/service-kit';
import { createAccountClient, createCatalogClient, organizationProto } from '@storecast/proto';
import type { OrganizationConfig } from './config';
import { schema, type OrgSchema } from './db/schema';
import type { AppContext } from './app/context';
import { identityPeer } from './peers/identity.peer';
import { catalogPeer } from './peers/catalog.peer';
import { organizationHandlers } from './grpc/organization.handlers';
import { organizationStatsHandlers } from './grpc/organization-stats.handlers';
import { storeDeviceHandlers } from './grpc/store-device.handlers';
import { storeDeviceBatchHandlers } from './grpc/store-device-batch.handlers';
import { startIdentityAccountConsumer } from './events/identity-account.consumer';
import { startPlaybackSignalConsumer } from './events/playback-signal.consumer';
import { adminHqRoutes } from './http/admin-hq.routes';
import { adminStoresRoutes } from './http/admin-stores.routes';
import { hqRoutes } from './http/hq.routes';
import { storeRoutes } from './http/store.routes';
import { purgeDeleted, type PurgeResult } from './app/purge-deleted.use-case';

export const MIGRATIONS_FOLDER = path.resolve(__dirname, '..', 'migrations');

export interface OrganizationDeps {
  clock: Clock;
  logger: Logger;
}

export interface StartedOrganization {
  httpUrl: string;
  httpPort: number;
  grpcPort: number;
  runtime: ServiceRuntime<OrgSchema>;
  api: ServiceApi;
  /** One purge run now (what the periodic job does). */
  purgeDeleted(): Promise<PurgeResult>;
  stop(): Promise<void>;
}

export const start = async (config: OrganizationConfig, deps: Partial<OrganizationDeps> = {}): Promise<StartedOrganization> => {
  const logger = deps.logger ?? createLogger('organization', config.LOG_LEVEL);
  const runtime = await createServiceRuntime({ name: 'organization', config, schema, migrationsFolder: MIGRATIONS_FOLDER, logger });
  return wireOrStop(runtime, async () => {

    const ctx: AppContext = {
      db: runtime.db,
      clock: deps.clock ?? systemClock,
      identity: identityPeer(runtime.peer(createAccountClient, config.IDENTITY_GRPC_ADDR), logger),
      catalog: catalogPeer(runtime.peer(createCatalogClient, config.CATALOG_SEARCH_GRPC_ADDR)),
      logger,
    };

    const purgeNow = () => purgeDeleted(ctx);
    const purgeJob = startPeriodicJob({
      name: 'purge of HQs and stores deleted beyond the retention',
      intervalMs: config.PURGE_INTERVAL_MS,
      logger,
      run: purgeNow,
      describe: (r) => (r.purgedStoreIds.length + r.purgedHqIds.length > 0 ? { stores: r.purgedStoreIds.length, hqs: r.purgedHqIds.length } : undefined),
    });
    runtime.onStop(() => purgeJob.stop());

    await startIdentityAccountConsumer({ broker: runtime.broker, db: runtime.db, logger });
    await startPlaybackSignalConsumer({ broker: runtime.broker, db: runtime.db, logger });

    const api = new ServiceApi({
      title: 'Storecast organization',
      description: 'HQs, stores, managers (via identity), settings, regions, bulk import, devices',
      verifier: runtime.verifier,
    });
    const { http, grpc } = await runtime.serve({
      api,
      routers: [adminHqRoutes(api, ctx), adminStoresRoutes(api, ctx), hqRoutes(api, ctx, { bulkCsvMaxBytes: config.BULK_CSV_MAX_BYTES }), storeRoutes(api, ctx)],
      grpcServices: [
        { definition: organizationProto().OrganizationService.service, implementation: organizationHandlers(ctx, logger) },
        { definition: organizationProto().OrganizationStatsService.service, implementation: organizationStatsHandlers(ctx, logger) },
        { definition: organizationProto().StoreDeviceService.service, implementation: storeDeviceHandlers(ctx, logger) },
        { definition: organizationProto().StoreDeviceBatchService.service, implementation: storeDeviceBatchHandlers(ctx, logger) },
      ],
    });

    return { httpUrl: http.url, httpPort: http.port, grpcPort: grpc!.port, runtime, api, purgeDeleted: purgeNow, stop: () => runtime.stop() };
  });
};
