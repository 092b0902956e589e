import { z } from 'zod';
import { grpcAddr, loadConfig, serviceEnv, storageEnv, uploadTicketEnv } from '@storecast/service-kit';

// Ports, DATABASE_URL, AMQP_*, JWT_PUBLIC_KEY/JWKS_URL, GRPC_DEADLINE_MS and OUTBOX_POLL_MS come from serviceEnv.
export const configSchema = serviceEnv('announcement-dispatch', { http: 8085, grpc: 50055 })
  .extend(storageEnv)
  // UPLOAD_TICKET_SECRET (the gateway's): the commercial register and replace routes accept COMMERCIAL_* tickets.
  .extend(uploadTicketEnv)
  .extend({
    /** organization's gRPC server: stores of an HQ, devices. */
    ORGANIZATION_GRPC_ADDR: grpcAddr(50053),
    /** identity's gRPC server: the email of a dispatch's actor in history. */
    IDENTITY_GRPC_ADDR: grpcAddr(50051),
    /** Speech synthesis: local (espeak-ng + lame on this machine), vendor (HTTP with a token) or none. */
    TTS_PROVIDER: z.enum(['local', 'vendor', 'none']).default('local'),
    TTS_VENDOR_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
    TTS_VENDOR_TOKEN: z.string().optional(),
    /** Longest a synthesis may take before it counts as failed. */
    TTS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(30_000),
    ESPEAK_BIN: z.string().min(1).default('espeak-ng'),
    LAME_BIN: z.string().min(1).default('lame'),
    /** The minute scheduler: off in tests that drive ticks by hand. */
    SCHEDULER_ENABLED: z.stringbool().default(true),
    SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(1000).default(60_000),
    /** How far ahead recurring occurrences become SCHEDULED dispatch rows. */
    SCHEDULE_HORIZON_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
    /** How long a store broadcast draft (preview or recording) can be sent; never-sent drafts past it are purged with their audio. */
    BROADCAST_DRAFT_TTL_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(24 * 60),
    /** Largest store broadcast recording (spec 03 § Limits: 10 MB). */
    RECORDING_MAX_BYTES: z.coerce.number().int().min(1).default(10 * 1024 * 1024),
    /** Largest commercial song upload (spec 03 § Limits: 20 MB). */
    COMMERCIAL_MAX_BYTES: z.coerce.number().int().min(1).default(20 * 1024 * 1024),
    /** Soft-deleted commercial songs are kept this many days, then purged with their file. */
    COMMERCIAL_RETENTION_DAYS: z.coerce.number().int().min(1).default(90),
    /** How often the purge job (expired drafts, commercial songs past retention) runs; 0 turns it off (tests run it by hand). */
    PURGE_INTERVAL_MS: z.coerce.number().int().min(0).default(60 * 60 * 1000),
    /** Rows purged per transaction. */
    PURGE_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
  });

export type AnnouncementDispatchConfig = z.output<typeof configSchema>;

export const loadAnnouncementDispatchConfig = (env: NodeJS.ProcessEnv = process.env): AnnouncementDispatchConfig =>
  loadConfig(configSchema, env);
