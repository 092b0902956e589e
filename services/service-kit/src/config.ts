import { z } from 'zod';

/** Raised at start-up: names every bad or missing variable at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses environment variables with a zod object schema, once, at start-up.
 * Keys of the schema are the variable names.
 */
export const loadConfig = <S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> => {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = issue.path.map(String).join('.');
        const present = env[name] !== undefined && env[name] !== '';
        return `${name}: ${present ? issue.message : 'missing'}`;
      }),
    );
  }
  return result.data;
};

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** Variables every service shares (see docs/conventions.md). */
export const serviceEnv = (name: string, ports: { http: number; grpc: number }) =>
  z.object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    HTTP_PORT: port(ports.http),
    GRPC_PORT: port(ports.grpc),
    DATABASE_URL: z.url().default(`postgres://postgres@127.0.0.1:5432/storecast_${name.replace(/-/g, '_')}`),
    /** Connections of the service's pool (hot write paths such as playback reports want more than the default). */
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    AMQP_URL: z.string().min(1).default('amqp://guest:guest@127.0.0.1:5672'),
    AMQP_EXCHANGE: z.string().min(1).default('storecast.events'),
    /** PEM public key verifying access tokens; without it the keys come from JWKS_URL. */
    JWT_PUBLIC_KEY: pemKey().optional(),
    JWKS_URL: z.url().default('http://127.0.0.1:8081/api/v1/auth/jwks'),
    /** Deadline of every outgoing gRPC call, in milliseconds. */
    GRPC_DEADLINE_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
    /** Fallback poll of the outbox relay (commits wake it at once through NOTIFY). */
    OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(1000),
    /** Most outbox rows the relay publishes per round (one claim, one confirm wait, one mark). */
    OUTBOX_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
    /** How long consumers keep handled message ids (idempotence) before they are pruned, in days. */
    PROCESSED_MESSAGES_RETENTION_DAYS: z.coerce.number().positive().max(365).default(7),
    /** How long the outbox keeps events after the broker confirmed them, in days (then pruned). */
    OUTBOX_RETENTION_DAYS: z.coerce.number().positive().max(365).default(7),
    /** Interface the HTTP and gRPC servers bind: every one in a container; npm start sets 127.0.0.1 (the gateway alone is public). */
    BIND_HOST: z.string().min(1).default('0.0.0.0'),
    /** Redis of the token revocation marks (docs/decisions/0007); required in production. */
    REDIS_URL: z.string().min(1).optional(),
  });

/**
 * A PEM key from one environment variable: env files and k8s secrets often carry it on one line
 * with literal "\n", which is turned back into line breaks.
 */
export const pemKey = () =>
  z
    .string()
    .min(1)
    .transform((v) => v.replace(/\\n/g, '\n'));

/** Address of a peer's gRPC server, e.g. grpcAddr('IDENTITY', 50051). */
export const grpcAddr = (fallbackPort: number) => z.string().min(1).default(`127.0.0.1:${fallbackPort}`);

/**
 * Upload tickets (spec 02 § Upload tickets): the HMAC secret the gateway signs them with, shared by
 * every service whose routes accept them (`auth: { uploadPurposes }`). Spread into a service's
 * schema like storageEnv. Unset: the gateway answers 503 UPLOAD_NOT_CONFIGURED and the services
 * accept bearer tokens only (a ticket sent anyway answers 503 UPLOAD_NOT_CONFIGURED).
 */
export const uploadTicketEnv = {
  UPLOAD_TICKET_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
};
