import { z } from 'zod';
import { grpcAddr, loadConfig, serviceEnv, storageEnv, uploadTicketEnv } from '@storecast/service-kit';

// Ports, database, broker, token keys, GRPC_DEADLINE_MS and OUTBOX_POLL_MS come from serviceEnv;
// S3_* (endpoint, bucket, credentials, presigned URL lifetime) from the kit's storageEnv;
// UPLOAD_TICKET_SECRET (the gateway's, so the music upload routes accept MUSIC_* tickets) from uploadTicketEnv.
export const configSchema = serviceEnv('catalog-search', { http: 8084, grpc: 50054 }).extend({
  ...storageEnv,
  ...uploadTicketEnv,
  /** Organization's gRPC server: HQ, store and device checks for playlists and assignments. */
  ORGANIZATION_GRPC_ADDR: grpcAddr(50053),
  /** Written into TPE1, TALB and TPE2 of every stored MP3. */
  BRAND_NAME: z.string().trim().min(1).max(100).default('Storecast'),
  /** Folder of the music files in the bucket: `{prefix}/{id}.mp3`. */
  MUSIC_KEY_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/, 'lower-case path segments without slashes at the ends')
    .default('music'),
  /** Largest music upload (spec 02 § Limits: 20 MB). */
  MUSIC_MAX_BYTES: z.coerce.number().int().min(1024).default(20 * 1024 * 1024),
  /** Soft-deleted music is kept this many days, then purged with its file and library links. */
  MUSIC_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
  /** How often the purge job runs; 0 turns it off (tests run it by hand). */
  PURGE_INTERVAL_MS: z.coerce.number().int().min(0).default(60 * 60 * 1000),
  /** Music purged per transaction. */
  PURGE_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(50),
  /**
   * Base of Track.source in the public catalog (spec 01 "location of the audio"): `{base}/{file key}`.
   * Unset: `{S3_ENDPOINT}/{S3_BUCKET}`. A stable, unsigned URL (a CDN in front of the bucket in
   * production); presigned URLs would expire in cached catalog copies and cost a signature per row.
   */
  PUBLIC_SOURCE_BASE_URL: z.url().optional(),
  /**
   * Offset counts kept per filter (least recently used dropped first); each is used only while no
   * catalog write has committed since (db/public-catalog.sql.ts REVISION). 0 counts on every page.
   */
  CATALOG_COUNT_CACHE_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(1000),
  /** Largest image of the image search (below the gateway's 1 MB body limit with the multipart overhead). */
  SEARCH_IMAGE_MAX_BYTES: z.coerce.number().int().min(1024).max(1_000_000).default(1_000_000),
  /** Where uploads are rewritten before they go to S3 (one file per request, removed afterwards). */
  UPLOAD_TMP_DIR: z.string().min(1).optional(),
});

export type CatalogSearchConfig = z.output<typeof configSchema>;

export const loadCatalogSearchConfig = (env: NodeJS.ProcessEnv = process.env): CatalogSearchConfig => loadConfig(configSchema, env);
