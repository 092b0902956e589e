import { z } from 'zod';
import { grpcAddr, loadConfig, serviceEnv } from '@storecast/service-kit';

// Ports, database, broker, token keys, GRPC_DEADLINE_MS and OUTBOX_POLL_MS come from serviceEnv.
// No S3: audio URLs in the queue are the presigned URLs catalog-search and announcement-dispatch
// answer with (README § Audio URLs).
export const configSchema = serviceEnv('playback', { http: 8086, grpc: 50056 }).extend({
  /**
   * Reports are the hot write path: many stores at once, each report one statement. 20 measured
   * better than the kit's 10 under 50 concurrent stores (bench/README.md § Playback reports).
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
  /** Organization: a store's HQ, devices, effective settings (plan, commercial cycle, ducking), store names. */
  ORGANIZATION_GRPC_ADDR: grpcAddr(50053),
  /** Catalog-search: queue playlist resolution, playable music by plan, music by ids (is_trust). */
  CATALOG_SEARCH_GRPC_ADDR: grpcAddr(50054),
  /** Announcement-dispatch: CommercialService (active commercial songs of an HQ). */
  ANNOUNCEMENT_DISPATCH_GRPC_ADDR: grpcAddr(50055),
  /** A store or device whose last signal is older than this is OFFLINE (2 × the 5-minute idle signal). */
  PLAYBACK_OFFLINE_AFTER_SECONDS: z.coerce.number().int().min(60).max(86_400).default(600),
  /** At most one playback.store.signal per store or device per interval, unless its state changed. */
  PLAYBACK_SIGNAL_EVENT_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** How long a store's HQ, a device's validity and a music's source are reused before asking again. */
  PLAYBACK_PEER_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Days of signal hours kept for the offline-hours view (at least its 31-day window and the hour in progress). */
  PLAYBACK_SIGNAL_HOURS_RETENTION_DAYS: z.coerce.number().int().min(32).max(400).default(35),
  /** How often older signal hours are deleted; 0 turns the job off (tests run it by hand). */
  PLAYBACK_SIGNAL_HOURS_PRUNE_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
});

export type PlaybackConfig = z.output<typeof configSchema>;

export const loadPlaybackConfig = (env: NodeJS.ProcessEnv = process.env): PlaybackConfig => loadConfig(configSchema, env);
