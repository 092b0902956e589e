import { z } from 'zod';
import { grpcAddr, loadConfig, serviceEnv, storageEnv } from '@storecast/service-kit';

// Ports, DATABASE_URL, AMQP_*, JWT_PUBLIC_KEY/JWKS_URL, GRPC_DEADLINE_MS and OUTBOX_POLL_MS come from serviceEnv.
export const configSchema = serviceEnv('announcement-dispatch', { http: 8085, grpc: 50055 })
  .extend(storageEnv)
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
  });

export type AnnouncementDispatchConfig = z.output<typeof configSchema>;

export const loadAnnouncementDispatchConfig = (env: NodeJS.ProcessEnv = process.env): AnnouncementDispatchConfig =>
  loadConfig(configSchema, env);
