import { z } from 'zod';
import { grpcAddr, loadConfig, serviceEnv } from '@storecast/service-kit';

const seconds = (fallback: number) => z.coerce.number().int().min(0).default(fallback);
const positive = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/**
 * Identity's environment: the kit's serviceEnv (ports, database, broker, JWT_PUBLIC_KEY/JWKS_URL,
 * GRPC_DEADLINE_MS of every peer call, OUTBOX_POLL_MS) plus the variables below; .env.example lists them.
 * Token lifetimes default to spec 02 (access 1800 s, refresh 14 days, 60 s grace, impersonation
 * 60 minutes, exchange token 60 s); they are variables so tests and e2e runs can shorten them.
 */
export const configSchema = serviceEnv('identity', { http: 8081, grpc: 50051 })
  .extend({
    /** PEM (PKCS#8 or PKCS#1) RSA private key. Required in production. */
    JWT_PRIVATE_KEY: z.string().optional(),
    /** Where a generated development key is kept (relative to the working directory). */
    JWT_KEY_FILE: z.string().min(1).default('.data/keys/jwt-private.pem'),
    OPERATOR_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).default('operator@storecast.local'),
    OPERATOR_PASSWORD: z.string().min(8).max(100).optional(),
    OPERATOR_NAME: z.string().min(1).max(255).default('Operator'),
    LEGAL_GRPC_ADDR: grpcAddr(50052),
    ORGANIZATION_GRPC_ADDR: grpcAddr(50053),
    SMTP_URL: z.string().min(1).optional(),
    MAIL_FROM: z.string().min(1).default('Storecast <no-reply@storecast.local>'),
    MAIL_OUTBOX_DIR: z.string().min(1).default('.data/mail'),
    /** Base of the links in emails (the web client serving /setup, /reset-password, /email-change). */
    APP_BASE_URL: z.url().default('http://localhost:8080'),
    BCRYPT_COST: z.coerce.number().int().min(10).max(15).default(10),
    ACCESS_TOKEN_TTL_SECONDS: positive(1800),
    REFRESH_TOKEN_TTL_DAYS: positive(14),
    REFRESH_GRACE_SECONDS: seconds(60),
    IMPERSONATION_SESSION_MINUTES: positive(60),
    EXCHANGE_TOKEN_TTL_SECONDS: positive(60),
    SETUP_TOKEN_TTL_HOURS: positive(72),
    PASSWORD_RESET_TOKEN_TTL_MINUTES: positive(60),
    EMAIL_CHANGE_TOKEN_TTL_HOURS: positive(24),
    /** Test sends of email templates per operator per minute (spec 02 § Limits: 5). */
    EMAIL_TEST_SEND_PER_MINUTE: positive(5),
    /** Lifetime of a public API key when the operator does not give one. */
    API_KEY_TTL_DAYS: positive(365),
    /** How long the gateway may cache a key verdict (VerifyApiKey.cache_ttl_seconds). */
    API_KEY_CACHE_TTL_SECONDS: seconds(30),
    /** Raw API usage rows older than this are purged on ingest. */
    API_USAGE_RETENTION_DAYS: positive(90),
  })
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && !config.JWT_PRIVATE_KEY) {
      ctx.addIssue({ code: 'custom', path: ['JWT_PRIVATE_KEY'], message: 'required in production' });
    }
    // Setup and reset links must never be written to a pod's disk: production mails through SMTP.
    if (config.NODE_ENV === 'production' && !config.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required in production (MAIL_OUTBOX_DIR is for local development)' });
    }
  });

export type IdentityConfig = z.output<typeof configSchema>;

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig => loadConfig(configSchema, env);
