import path from 'node:path';
import { loadConfig } from '@storecast/service-kit/edge';
import bytes from 'bytes';
import { z } from 'zod';
import { LOGIN_FAILURES_PER_EMAIL, RATE_LIMIT_GROUPS, type RateLimitGroup } from './routes/rate-limit-groups';
import type { ServiceName } from './routes/route-table';
import { uploadEnv } from './uploads/upload-config';

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** An upstream base URL; an empty value means "not configured" (requests answer 503). */
const upstream = (localPort: number) =>
  z
    .string()
    .trim()
    .default(`http://127.0.0.1:${localPort}`)
    .refine((v) => v === '' || URL.canParse(v), 'must be an http(s) URL or empty')
    .transform((v) => (v === '' ? null : v.replace(/\/+$/, '')));

/** "1mb", "512kb", "1048576" → bytes (the `bytes` package, as express's own body limits: 1kb = 1024). */
const byteSize = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((v, ctx) => {
      // bytes.parse alone reads any leading digits ("1 furlong" → 1): the shape is checked first.
      const n = /^\d+(?:\.\d+)?\s*(?:b|kb|mb|gb)?$/i.test(v) ? bytes.parse(v) : null;
      if (n === null || !Number.isFinite(n) || n <= 0) {
        ctx.addIssue({ code: 'custom', message: 'must be a size such as 1mb, 512kb or a byte count' });
        return z.NEVER;
      }
      return Math.floor(n);
    });

/** Express "trust proxy" value: false (default, the gateway is the edge), true, a hop count or subnets. */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((v): boolean | number | string => (v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v));

/** An optional URL; an empty value is the same as none. */
const optionalUrl = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.url().optional());

/**
 * The web workspace's build output: web/dist of this checkout, from src/ (tests, tsx) and from
 * dist/ (the built gateway) alike — both are one level below the gateway package.
 */
export const DEFAULT_WEB_DIST_DIR = path.resolve(__dirname, '../../web/dist');

const limit = (group: RateLimitGroup) => positiveInt(RATE_LIMIT_GROUPS[group].perMinute);

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  GATEWAY_PORT: port.optional(),
  HTTP_PORT: port.optional(),
  REDIS_URL: z.string().min(1).default('redis://127.0.0.1:6379'),
  RATE_LIMIT_KEY_PREFIX: z.string().min(1).default('storecast:gateway:rl'),
  JWT_PUBLIC_KEY: z.string().optional(),
  JWKS_URL: z.url().default('http://127.0.0.1:8081/api/v1/auth/jwks'),
  IDENTITY_HTTP_URL: upstream(8081),
  LEGAL_HTTP_URL: upstream(8082),
  ORGANIZATION_HTTP_URL: upstream(8083),
  CATALOG_SEARCH_HTTP_URL: upstream(8084),
  ANNOUNCEMENT_DISPATCH_HTTP_URL: upstream(8085),
  PLAYBACK_HTTP_URL: upstream(8086),
  SUPPORT_HTTP_URL: upstream(8087),
  SSE_FANOUT_HTTP_URL: upstream(8088),
  /** identity's gRPC address: public API key verification and usage recording. */
  IDENTITY_GRPC_ADDR: z.string().min(1).default('127.0.0.1:50051'),
  GRPC_DEADLINE_MS: positiveInt(3000),
  /** Most API-key verdicts cached (each for the lifetime identity gives it). */
  API_KEY_CACHE_MAX_ENTRIES: positiveInt(10_000),
  /** How often buffered public API usage is sent to identity, and the batch size. */
  API_USAGE_FLUSH_MS: positiveInt(5000),
  API_USAGE_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(1000),
  /** Most usage records kept while identity does not take them (the oldest are dropped beyond). */
  API_USAGE_MAX_BUFFERED: positiveInt(100_000),
  /** Longest wait for an upstream's response headers once the request body is sent. */
  UPSTREAM_TIMEOUT_MS: positiveInt(30_000),
  /** Body limit of every route that is not a multipart/CSV upload (routes/body-limits.ts). */
  BODY_LIMIT: byteSize('1mb'),
  TRUST_PROXY: trustProxy,
  API_DOCS_CACHE_SECONDS: z.coerce.number().int().min(0).default(30),
  API_DOCS_TIMEOUT_MS: positiveInt(1500),
  RATE_LIMIT_LOGIN_PER_IP: limit('LOGIN'),
  RATE_LIMIT_LOGIN_PER_EMAIL: positiveInt(LOGIN_FAILURES_PER_EMAIL.perMinute),
  RATE_LIMIT_SYNTHESIS: limit('SYNTHESIS'),
  RATE_LIMIT_DISPATCH: limit('DISPATCH'),
  RATE_LIMIT_HQ_CONTROL: limit('HQ_CONTROL'),
  RATE_LIMIT_TICKET_ATTACHMENT: limit('TICKET_ATTACHMENT'),
  RATE_LIMIT_STORE_PROVISION: limit('STORE_PROVISION'),
  RATE_LIMIT_BULK_PROVISION: limit('BULK_PROVISION'),
  RATE_LIMIT_UPLOAD_FILES: limit('UPLOAD_FILES'),
  RATE_LIMIT_EMAIL_TEMPLATE_TEST: limit('EMAIL_TEMPLATE_TEST'),
  RATE_LIMIT_API_SIGN_UP: limit('API_SIGN_UP'),
  RATE_LIMIT_ACCOUNT_MAIL: limit('ACCOUNT_MAIL'),
  /** The built web app (index.html, assets/, sw.js…) served at / (src/web/web-app.ts). */
  WEB_DIST_DIR: z
    .string()
    .trim()
    .default(DEFAULT_WEB_DIST_DIR)
    .transform((v) => path.resolve(v === '' ? DEFAULT_WEB_DIST_DIR : v)),
  /**
   * The S3 server /media/{bucket}/{key} is proxied to (src/media/media-proxy.ts), e.g. the embedded
   * one npm start runs. Unset or empty: /media answers 404 NOT_FOUND.
   */
  MEDIA_S3_ENDPOINT: optionalUrl,
  /** The one bucket /media serves. */
  MEDIA_S3_BUCKET: z.string().trim().min(1).default('storecast'),
  /**
   * Where clients fetch presigned media (the services' S3_PUBLIC_ENDPOINT, the same value): when its
   * origin is not the gateway's own, the web app's CSP allows it in media-src and connect-src.
   */
  S3_PUBLIC_ENDPOINT: optionalUrl,
  /** UPLOAD_TICKET_SECRET, UPLOAD_TICKET_TTL_SECONDS, PUBLIC_BASE_URL (src/uploads/upload-config.ts). */
  ...uploadEnv,
});

type RawConfig = z.output<typeof configSchema>;

export type GatewayConfig = RawConfig & {
  /** GATEWAY_PORT, else HTTP_PORT, else 8080. */
  port: number;
  /** Base URL per service; null = not configured. */
  upstreams: Record<ServiceName, string | null>;
  /** Requests per minute per group (LOGIN = per IP). */
  rateLimits: Record<RateLimitGroup, number>;
};

const derive = (raw: RawConfig): GatewayConfig => ({
  ...raw,
  // PEMs often arrive with literal \n in environment files.
  JWT_PUBLIC_KEY: raw.JWT_PUBLIC_KEY?.replace(/\\n/g, '\n'),
  port: raw.GATEWAY_PORT ?? raw.HTTP_PORT ?? 8080,
  upstreams: {
    identity: raw.IDENTITY_HTTP_URL,
    legal: raw.LEGAL_HTTP_URL,
    organization: raw.ORGANIZATION_HTTP_URL,
    'catalog-search': raw.CATALOG_SEARCH_HTTP_URL,
    'announcement-dispatch': raw.ANNOUNCEMENT_DISPATCH_HTTP_URL,
    playback: raw.PLAYBACK_HTTP_URL,
    support: raw.SUPPORT_HTTP_URL,
    'sse-fanout': raw.SSE_FANOUT_HTTP_URL,
  },
  rateLimits: {
    LOGIN: raw.RATE_LIMIT_LOGIN_PER_IP,
    SYNTHESIS: raw.RATE_LIMIT_SYNTHESIS,
    DISPATCH: raw.RATE_LIMIT_DISPATCH,
    HQ_CONTROL: raw.RATE_LIMIT_HQ_CONTROL,
    TICKET_ATTACHMENT: raw.RATE_LIMIT_TICKET_ATTACHMENT,
    STORE_PROVISION: raw.RATE_LIMIT_STORE_PROVISION,
    BULK_PROVISION: raw.RATE_LIMIT_BULK_PROVISION,
    UPLOAD_FILES: raw.RATE_LIMIT_UPLOAD_FILES,
    EMAIL_TEMPLATE_TEST: raw.RATE_LIMIT_EMAIL_TEMPLATE_TEST,
    API_SIGN_UP: raw.RATE_LIMIT_API_SIGN_UP,
    ACCOUNT_MAIL: raw.RATE_LIMIT_ACCOUNT_MAIL,
  },
});

export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env): GatewayConfig =>
  derive(loadConfig(configSchema, env));
