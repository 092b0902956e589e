import path from 'node:path';
import {
  createS3Storage,
  createServiceRuntime,
  wireOrStop,
  ServiceApi,
  startPeriodicJob,
  systemClock,
  uploadTicketSigner,
  type Clock,
  type Logger,
  type ObjectStorage,
  type PeriodicJob,
  type ServiceRuntime,
} from '@storecast/service-kit';
import { commercialsProto, createIdentityClient, createOrganizationClient, createStoreDeviceClient } from '@storecast/proto';
import type { AnnouncementDispatchConfig } from './config';
import { schema, type DispatchSchema } from './db/schema';
import type { AppContext, IdentityPeer, OrganizationPeer, SpeechSynthesizer } from './app/ports';
import { localSpeech } from './adapters/local-speech';
import { noSpeech, vendorSpeech } from './adapters/vendor-speech';
import { organizationPeer } from './peers/organization.peer';
import { identityPeer } from './peers/identity.peer';
import { hqAnnouncementRoutes } from './http/hq-announcements.routes';
import { hqDispatchRoutes } from './http/hq-dispatches.routes';
import { storeDeliveryRoutes } from './http/store.routes';
import { adminTtsRoutes } from './http/admin-tts.routes';
import { storeBroadcastRoutes } from './http/store-broadcasts.routes';
import { hqCommercialRoutes } from './http/hq-commercials.routes';
import { commercialHandlers } from './grpc/commercial.handlers';
import { purgeDeletedCommercials } from './app/commercials.use-case';
import { purgeExpiredDrafts } from './app/purge-drafts.use-case';
import { minuteScheduler, type MinuteScheduler } from './scheduler/minute-scheduler';
import { startOrganizationStoresConsumer } from './events/organization-stores.consumer';
import { startOrganizationPurgesConsumer } from './events/organization-purges.consumer';

export const MIGRATIONS_FOLDER = path.resolve(__dirname, '..', 'migrations');

/** What tests (or another wiring) may replace; peers default to gRPC clients at the configured addresses. */
export interface AnnouncementDispatchDeps {
  clock: Clock;
  logger: Logger;
  storage: ObjectStorage;
  tts: SpeechSynthesizer;
  organization: OrganizationPeer;
  identity: IdentityPeer;
}

export interface StartedAnnouncementDispatch {
  httpUrl: string;
  httpPort: number;
  grpcPort: number;
  runtime: ServiceRuntime<DispatchSchema>;
  api: ServiceApi;
  context: AppContext;
  scheduler: MinuteScheduler;
  /** Expired drafts and commercial songs past retention (run() purges now). */
  purge: PeriodicJob<{ drafts: number; commercials: number }>;
  stop(): Promise<void>;
}

export const speechFor = (config: AnnouncementDispatchConfig): SpeechSynthesizer => {
  switch (config.TTS_PROVIDER) {
    case 'vendor':
      return vendorSpeech({ url: config.TTS_VENDOR_URL, token: config.TTS_VENDOR_TOKEN || undefined, timeoutMs: config.TTS_TIMEOUT_MS });
    case 'none':
      return noSpeech();
    default:
      return localSpeech({ espeakBin: config.ESPEAK_BIN, lameBin: config.LAME_BIN, timeoutMs: config.TTS_TIMEOUT_MS });
  }
};

export const start = async (config: AnnouncementDispatchConfig, deps: Partial<AnnouncementDispatchDeps> = {}): Promise<StartedAnnouncementDispatch> => {
  const runtime = await createServiceRuntime({ name: 'announcement-dispatch', config, schema, migrationsFolder: MIGRATIONS_FOLDER, logger: deps.logger });
  return wireOrStop(runtime, async () => {
    let storage = deps.storage;
    if (!storage) {
      const s3 = createS3Storage(config);
      runtime.onStop(() => s3.close());
      // Local and test servers get their bucket, in the background: a storage that is down must not
      // stop or slow the service's start (synthesis answers errors until it is back).
      if (config.NODE_ENV !== 'production') void s3.ensureBucket().catch((err) => runtime.logger.warn({ err }, 'object storage bucket not ensured'));
      storage = s3;
    }
    const context: AppContext = {
      db: runtime.db,
      settings: { draftTtlMs: config.BROADCAST_DRAFT_TTL_MINUTES * 60_000, commercialRetentionDays: config.COMMERCIAL_RETENTION_DAYS },
      clock: deps.clock ?? systemClock,
      logger: runtime.logger,
      storage,
      tts: deps.tts ?? speechFor(config),
      organization:
        deps.organization ??
        organizationPeer(
          runtime.peer(createOrganizationClient, config.ORGANIZATION_GRPC_ADDR),
          runtime.peer(createStoreDeviceClient, config.ORGANIZATION_GRPC_ADDR),
          runtime.logger,
        ),
      identity: deps.identity ?? identityPeer(runtime.peer(createIdentityClient, config.IDENTITY_GRPC_ADDR), runtime.logger),
    };
    // Stores organization closes or deletes receive nothing more (their open dispatches are canceled).
    await startOrganizationStoresConsumer({ broker: runtime.broker, context });
    // Stores and HQs organization purged for good: what is kept for them is deleted (audit records stay).
    await startOrganizationPurgesConsumer({ broker: runtime.broker, context });

    const api = new ServiceApi({
      title: 'Storecast announcement-dispatch',
      description: 'Announcements (TTS), dispatch, recurring schedules, store delivery, store broadcasts and commercial songs',
      verifier: runtime.verifier,
      // COMMERCIAL_CREATE / COMMERCIAL_REPLACE tickets forwarded by the gateway's POST /api/v1/uploads/files.
      uploadTickets: uploadTicketSigner(config, context.clock),
    });
    const router = api.router();
    hqAnnouncementRoutes(api, router, context);
    hqDispatchRoutes(api, router, context);
    storeDeliveryRoutes(api, router, context);
    adminTtsRoutes(api, router, context);
    storeBroadcastRoutes(api, router, context, { recordingMaxBytes: config.RECORDING_MAX_BYTES });
    hqCommercialRoutes(api, router, context, { maxBytes: config.COMMERCIAL_MAX_BYTES });

    const scheduler = minuteScheduler(context, {
      intervalMs: config.SCHEDULER_INTERVAL_MS,
      horizonMs: config.SCHEDULE_HORIZON_MINUTES * 60_000,
      logger: runtime.logger,
    });
    runtime.onStop(() => scheduler.stop());

    // Each purge on its own: object storage trouble with drafts does not hold back commercial songs.
    const purgeOne = (what: string, run: () => Promise<number>) =>
      run().catch((err: unknown) => {
        runtime.logger.warn({ err }, `${what} purge failed; retrying at the next run`);
        return 0;
      });
    const purge = startPeriodicJob({
      name: 'purge of expired broadcast drafts and deleted commercial songs',
      intervalMs: config.PURGE_INTERVAL_MS,
      logger: runtime.logger,
      run: async () => ({
        drafts: await purgeOne('broadcast draft', () => purgeExpiredDrafts(context, config.PURGE_BATCH_SIZE)),
        commercials: await purgeOne('commercial song', () => purgeDeletedCommercials(context, config.PURGE_BATCH_SIZE)),
      }),
      describe: (r) => (r.drafts || r.commercials ? r : undefined),
    });
    runtime.onStop(() => purge.stop());

    const served = await runtime.serve({
      api,
      routers: [router],
      grpcServices: [{ definition: commercialsProto().CommercialService.service, implementation: commercialHandlers(context, runtime.logger) }],
    });
    if (config.SCHEDULER_ENABLED) scheduler.start();
    return {
      httpUrl: served.http.url,
      httpPort: served.http.port,
      grpcPort: served.grpc!.port,
      runtime,
      api,
      context,
      scheduler,
      purge,
      stop: () => runtime.stop(),
    };
  });
};
