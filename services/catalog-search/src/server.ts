import path from 'node:path';
import { catalogProto, createOrganizationClient } from '@storecast/proto';
import { createS3Storage, createServiceRuntime, wireOrStop, ServiceApi, startPeriodicJob, systemClock, uploadTicketSigner, type Clock, type Logger, type ObjectStorage, type ServiceRuntime } from '@storecast/service-kit';
import type { CatalogSearchConfig } from './config';
import { schema, type CatalogSchema } from './db/schema';
import { CATALOG_DATABASE_SETTINGS } from './db/session-settings';
import type { CatalogContext, ImageAnalyzer, Mp3Files, OrganizationDirectory } from './app/ports';
import { purgeDeletedMusic } from './app/purge-deleted-music.use-case';
import { createMp3Files } from './adapters/mp3-files';
import { organizationPeer } from './peers/organization.peer';
import { catalogHandlers } from './grpc/catalog.handlers';
import { startOrganizationAssignmentsConsumer } from './events/organization-assignments.consumer';
import { startOrganizationPurgesConsumer } from './events/organization-purges.consumer';
import { musicRoutes } from './http/music.routes';
import { tagOptionRoutes } from './http/tag-options.routes';
import { libraryRoutes } from './http/libraries.routes';
import { playlistRoutes } from './http/playlists.routes';
import { publicCatalogRoutes } from './http/public-catalog.routes';
import { searchJsonBody, searchRoutes } from './http/search.routes';
import { createSharpImages } from './adapters/sharp-images';
import { createCatalogCountCache } from './adapters/catalog-count-cache';

export const MIGRATIONS_FOLDER = path.resolve(__dirname, '..', 'migrations');

/** What tests (or another wiring) may replace. */
export interface CatalogSearchDeps {
  clock: Clock;
  logger: Logger;
  organization: OrganizationDirectory;
  storage: ObjectStorage;
  mp3: Mp3Files;
  images: ImageAnalyzer;
}

export interface StartedCatalogSearch {
  httpUrl: string;
  httpPort: number;
  grpcPort: number;
  runtime: ServiceRuntime<CatalogSchema>;
  api: ServiceApi;
  ctx: CatalogContext;
  /** One purge run now (what the periodic job does). */
  purgeNow(): Promise<number>;
  stop(): Promise<void>;
}

export const start = async (config: CatalogSearchConfig, deps: Partial<CatalogSearchDeps> = {}): Promise<StartedCatalogSearch> => {
  const runtime = await createServiceRuntime({
    name: 'catalog-search',
    config,
    schema,
    migrationsFolder: MIGRATIONS_FOLDER,
    logger: deps.logger,
    databaseSettings: CATALOG_DATABASE_SETTINGS,
  });
  return wireOrStop(runtime, async () => {
    const logger = runtime.logger;

    let storage = deps.storage;
    if (!storage) {
      const s3 = createS3Storage(config);
      runtime.onStop(() => s3.close());
      // Local and test buckets are created here; a store that is not reachable yet must not stop
      // the service from starting (uploads answer 503 until it is).
      await s3.ensureBucket().catch((err: unknown) => logger.warn({ err: (err as Error).message }, 'object storage not reachable at start'));
      storage = s3;
    }

    const ctx: CatalogContext = {
      db: runtime.db,
      pool: runtime.database.pool,
      clock: deps.clock ?? systemClock,
      logger,
      storage,
      mp3: deps.mp3 ?? createMp3Files({ tmpDir: config.UPLOAD_TMP_DIR }),
      organization: deps.organization ?? organizationPeer(runtime.peer(createOrganizationClient, config.ORGANIZATION_GRPC_ADDR)),
      images: deps.images ?? createSharpImages(),
      catalogCounts: createCatalogCountCache(config.CATALOG_COUNT_CACHE_ENTRIES),
      settings: { brandName: config.BRAND_NAME, musicKeyPrefix: config.MUSIC_KEY_PREFIX, retentionDays: config.MUSIC_RETENTION_DAYS },
    };

    await startOrganizationAssignmentsConsumer({ broker: runtime.broker, db: runtime.db, clock: ctx.clock, logger });
    await startOrganizationPurgesConsumer({ broker: runtime.broker, db: runtime.db, logger });

    const api = new ServiceApi({
      title: 'Storecast catalog-search',
      description: 'Music catalog and files, tag options, libraries, playlists and their assignments; the public catalog and search API (spec 01)',
      verifier: runtime.verifier,
      // MUSIC_CREATE / MUSIC_REPLACE tickets forwarded by the gateway's POST /api/v1/uploads/files.
      uploadTickets: uploadTicketSigner(config, ctx.clock),
    });
    const router = api.router();
    musicRoutes(api, router, ctx, { maxBytes: config.MUSIC_MAX_BYTES });
    tagOptionRoutes(api, router, ctx);
    libraryRoutes(api, router, ctx);
    playlistRoutes(api, router, ctx);
    const sourceBaseUrl = (config.PUBLIC_SOURCE_BASE_URL ?? `${config.S3_ENDPOINT.replace(/\/+$/, '')}/${config.S3_BUCKET}`).replace(/\/+$/, '');
    publicCatalogRoutes(api, router, ctx, { sourceBaseUrl });
    searchRoutes(api, router, ctx, { sourceBaseUrl, imageMaxBytes: config.SEARCH_IMAGE_MAX_BYTES });

    const purgeNow = () => purgeDeletedMusic(ctx, config.PURGE_BATCH_SIZE);
    const purgeJob = startPeriodicJob({
      name: 'purge of music deleted beyond the retention',
      intervalMs: config.PURGE_INTERVAL_MS,
      logger,
      run: purgeNow,
      describe: (count) => (count > 0 ? { count } : undefined),
    });
    runtime.onStop(() => purgeJob.stop());

    const served = await runtime.serve({
      api,
      routers: [router],
      before: [searchJsonBody(logger)],
      grpcServices: [{ definition: catalogProto().CatalogService.service, implementation: catalogHandlers(ctx, logger) }],
    });
    return {
      httpUrl: served.http.url,
      httpPort: served.http.port,
      grpcPort: served.grpc!.port,
      runtime,
      api,
      ctx,
      purgeNow,
      stop: () => runtime.stop(),
    };
  });
};
