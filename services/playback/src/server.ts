import path from 'node:path';
import { createServiceRuntime, startPeriodicJob, wireOrStop, ServiceApi, systemClock, type Clock, type Logger, type ServiceRuntime } from '@storecast/service-kit';
import { createCatalogClient, createCommercialClient, createOrganizationClient, createStoreDeviceBatchClient } from '@storecast/proto';
import type { PlaybackConfig } from './config';
import { schema, type PlaybackSchema } from './db/schema';
import { cachedPeers } from './app/cached-peers';
import { RecentBatches } from './app/recent-batches';
import { pruneSignalHours } from './app/prune-signal-hours.use-case';
import type { CatalogPort, CommercialsPort, OrganizationPort, PlaybackContext } from './app/ports';
import { catalogPeer } from './peers/catalog.peer';
import { commercialsPeer } from './peers/commercials.peer';
import { organizationPeer } from './peers/organization.peer';
import { startCommercialCursorConsumer } from './events/commercial-cursors.consumer';
import { startOrganizationPurgesConsumer } from './events/organization-purges.consumer';
import { storePlaybackRouter } from './http/store-playback.routes';
import { hqPlaybackRouter } from './http/hq-playback.routes';
import { adminPlaybackRouter } from './http/admin-playback.routes';

export const MIGRATIONS_FOLDER = path.resolve(__dirname, '..', 'migrations');

/** What tests (or another wiring) may replace; peers default to gRPC clients at the configured addresses. */
export interface PlaybackDeps {
  clock: Clock;
  logger: Logger;
  organization: OrganizationPort;
  catalog: CatalogPort;
  commercials: CommercialsPort;
}

export interface StartedPlayback {
  httpUrl: string;
  httpPort: number;
  runtime: ServiceRuntime<PlaybackSchema>;
  api: ServiceApi;
  context: PlaybackContext;
  /** Deletes signal hours past PLAYBACK_SIGNAL_HOURS_RETENTION_DAYS now (the hourly job's run); answers how many. */
  pruneSignalHours(): Promise<number>;
  stop(): Promise<void>;
}

export const start = async (config: PlaybackConfig, deps: Partial<PlaybackDeps> = {}): Promise<StartedPlayback> => {
  const runtime = await createServiceRuntime({ name: 'playback', config, schema, migrationsFolder: MIGRATIONS_FOLDER, logger: deps.logger });
  return wireOrStop(runtime, async () => {
    const clock = deps.clock ?? systemClock;
    const peers = cachedPeers(
      deps.organization ??
        organizationPeer(runtime.peer(createOrganizationClient, config.ORGANIZATION_GRPC_ADDR), runtime.peer(createStoreDeviceBatchClient, config.ORGANIZATION_GRPC_ADDR)),
      deps.catalog ?? catalogPeer(runtime.peer(createCatalogClient, config.CATALOG_SEARCH_GRPC_ADDR)),
      clock,
      config.PLAYBACK_PEER_CACHE_TTL_MS,
    );
    const commercials = deps.commercials ?? commercialsPeer(runtime.peer(createCommercialClient, config.ANNOUNCEMENT_DISPATCH_GRPC_ADDR));

    const context: PlaybackContext = {
      db: runtime.db,
      clock,
      logger: runtime.logger,
      organization: peers.organization,
      catalog: peers.catalog,
      commercials,
      settings: {
        offlineAfterMs: config.PLAYBACK_OFFLINE_AFTER_SECONDS * 1000,
        signalEventIntervalMs: config.PLAYBACK_SIGNAL_EVENT_INTERVAL_MS,
        signalHoursRetentionDays: config.PLAYBACK_SIGNAL_HOURS_RETENTION_DAYS,
      },
      recentBatches: new RecentBatches(),
    };
    const pruneNow = () => pruneSignalHours(context);
    const pruneJob = startPeriodicJob({
      name: 'pruning playback signal hours past the retention',
      intervalMs: config.PLAYBACK_SIGNAL_HOURS_PRUNE_INTERVAL_MS,
      firstRunAfterMs: 60_000,
      logger: runtime.logger,
      run: pruneNow,
      describe: (deleted) => (deleted > 0 ? { deleted } : undefined),
    });
    runtime.onStop(() => pruneJob.stop());
    await startCommercialCursorConsumer({ broker: runtime.broker, db: runtime.db, logger: runtime.logger });
    await startOrganizationPurgesConsumer({ broker: runtime.broker, db: runtime.db, logger: runtime.logger, recentBatches: context.recentBatches });

    const api = new ServiceApi({
      title: 'Storecast playback',
      description: 'Store play queues with commercial overlays, playback reports, play logs, daily totals, HQ and operator views',
      verifier: runtime.verifier,
    });
    const served = await runtime.serve({
      api,
      routers: [storePlaybackRouter(api, context), hqPlaybackRouter(api, context), adminPlaybackRouter(api, context)],
    });
    return { httpUrl: served.http.url, httpPort: served.http.port, runtime, api, context, pruneSignalHours: pruneNow, stop: () => runtime.stop() };
  });
};
