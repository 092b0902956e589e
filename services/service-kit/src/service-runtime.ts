import type { Router } from 'express';
import type { Logger } from 'pino';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type * as grpc from '@grpc/grpc-js';
import { Broker } from './broker';
import { createDatabase, type Database, ensureDatabase, runMigrations, sessionOptions, type SessionSettings } from './db';
import { createHttpApp, listen, type RunningHttpServer } from './http';
import { callerInterceptor, deadlineInterceptor, startGrpcServer, type RunningGrpcServer } from './grpc';
import { TokenVerifier } from './auth';
import { RedisTokenRevocations, type TokenRevocations } from './token-revocations';
import type { ServiceApi } from './routes';
import { createLogger } from './logger';
import { OutboxRelay } from './outbox';
import { OutboxPruner, ProcessedMessagesPruner } from './retention';
import type { Clock } from './clock';
import { OUTBOX_CHANNEL } from './events';
import type { RequestHandler } from 'express';
import type { ReadinessCheck } from './health';

export interface RuntimeConfig {
  NODE_ENV: 'development' | 'test' | 'production';
  HTTP_PORT: number;
  GRPC_PORT: number;
  DATABASE_URL: string;
  DATABASE_POOL_MAX?: number;
  AMQP_URL: string;
  AMQP_EXCHANGE: string;
  JWT_PUBLIC_KEY?: string;
  JWKS_URL: string;
  GRPC_DEADLINE_MS: number;
  OUTBOX_POLL_MS: number;
  /** Rows per relay round (serviceEnv: default 500). */
  OUTBOX_BATCH_SIZE?: number;
  /** Retention of consumers' handled message ids (serviceEnv: default 7). */
  PROCESSED_MESSAGES_RETENTION_DAYS?: number;
  /** Retention of published outbox events (serviceEnv: default 7). */
  OUTBOX_RETENTION_DAYS?: number;
  /** Interface the HTTP and gRPC servers bind (serviceEnv: 0.0.0.0; npm start: 127.0.0.1). */
  BIND_HOST?: string;
  /** Redis of the token revocation marks (decision 0007); required in production. */
  REDIS_URL?: string;
}

/** What a service without a database reads: no DATABASE_URL, no outbox poll. */
export type DatabaseFreeRuntimeConfig = Omit<RuntimeConfig, 'DATABASE_URL' | 'DATABASE_POOL_MAX' | 'OUTBOX_POLL_MS' | 'OUTBOX_BATCH_SIZE' | 'PROCESSED_MESSAGES_RETENTION_DAYS' | 'OUTBOX_RETENTION_DAYS'>;

/** A generated gRPC client factory of @storecast/proto (createIdentityClient, ...). */
export type PeerFactory<C extends grpc.Client> = (address: string, options: { interceptors?: grpc.Interceptor[] }) => C;

export interface ServiceRuntimeOptions<TSchema extends Record<string, unknown>> {
  name: string;
  config: RuntimeConfig;
  schema: TSchema;
  /** The service's drizzle-kit output folder (`<service>/migrations`). */
  migrationsFolder: string;
  logger?: Logger;
  /** Token verifier; by default from JWT_PUBLIC_KEY, else identity's JWKS_URL (with the runtime's revocations). */
  verifier?: TokenVerifier;
  /** Token revocation marks; by default from REDIS_URL (none without it, outside production). */
  revocations?: TokenRevocations;
  /** The service's clock (the pruning of handled message ids reads it). */
  clock?: Clock;
  /** PostgreSQL settings for every connection of the service's pool (planner settings its queries were measured with). */
  databaseSettings?: SessionSettings;
}

/**
 * A service that keeps nothing persistent (sse-fanout: connections in memory): no database is
 * created or migrated, no outbox relay runs (it cannot emit events), /readyz checks the broker only.
 */
export interface DatabaseFreeRuntimeOptions {
  name: string;
  config: DatabaseFreeRuntimeConfig;
  database: false;
  logger?: Logger;
  verifier?: TokenVerifier;
  revocations?: TokenRevocations;
}

export interface ServeOptions {
  routers: Router[];
  /** The service's routes; its OpenAPI document is served at /openapi.json. */
  api?: ServiceApi;
  openApiDocument?: () => unknown;
  grpcServices?: Array<{ definition: grpc.ServiceDefinition; implementation: grpc.UntypedServiceImplementation }>;
  before?: RequestHandler[];
  jsonLimit?: string;
  /** The HTTP accept queue (default 511, capped by the kernel's somaxconn): see listen(). */
  backlog?: number;
}

/** What every runtime offers, with or without a database. */
export interface BaseServiceRuntime {
  name: string;
  logger: Logger;
  broker: Broker;
  /** Verifies access tokens (one per service, shared by its routes). */
  verifier: TokenVerifier;
  /** Token revocation marks (decision 0007), when configured: identity writes them, verifiers read them. */
  revocations?: TokenRevocations;
  /**
   * A client of a peer's gRPC contract with the configured deadline on every call, closed on
   * stop(). Call it with callUnary(client, 'method', request); on behalf of the caller with
   * callUnary(client, 'method', request, onBehalfOf(principal)) (its token travels in metadata).
   */
  peer<C extends grpc.Client>(factory: PeerFactory<C>, address: string): C;
  /** Starts the HTTP server (and the gRPC server when services are given). */
  serve(options: ServeOptions): Promise<{ http: RunningHttpServer; grpc?: RunningGrpcServer }>;
  /** Registers cleanup run by stop() before the broker and pool close (consumers, timers). */
  onStop(fn: () => Promise<void> | void): void;
  /**
   * Stop accepting, drain, then run the stop hooks (last registered first) and close relay,
   * broker and pool. Every step runs even if an earlier one throws; the first failure is thrown
   * at the end. Calling it again returns the same promise.
   */
  stop(): Promise<void>;
}

export interface ServiceRuntime<TSchema extends Record<string, unknown>> extends BaseServiceRuntime {
  database: Database<TSchema>;
  db: NodePgDatabase<TSchema>;
  relay: OutboxRelay;
  /** Prunes consumers' handled message ids past PROCESSED_MESSAGES_RETENTION_DAYS (hourly). */
  pruner: ProcessedMessagesPruner;
  /** Prunes published outbox events past OUTBOX_RETENTION_DAYS (hourly); unpublished ones stay. */
  outboxPruner: OutboxPruner;
}

/**
 * The start-up sequence every service shares: database (created outside production), kit and
 * service migrations, broker connection (retrying in the background), outbox relay, then the
 * HTTP and gRPC servers with /healthz and /readyz. A service's server.ts only adds its wiring.
 * With `database: false` (a service that keeps nothing persistent) the database steps, the relay
 * and the database readiness check are left out, and the runtime has no db.
 */
export function createServiceRuntime<TSchema extends Record<string, unknown>>(options: ServiceRuntimeOptions<TSchema>): Promise<ServiceRuntime<TSchema>>;
export function createServiceRuntime(options: DatabaseFreeRuntimeOptions): Promise<BaseServiceRuntime>;
export async function createServiceRuntime<TSchema extends Record<string, unknown>>(
  options: ServiceRuntimeOptions<TSchema> | DatabaseFreeRuntimeOptions,
): Promise<ServiceRuntime<TSchema> | BaseServiceRuntime> {
  const { config, name } = options;
  const logger = options.logger ?? createLogger(name);
  if (config.NODE_ENV === 'production' && !config.REDIS_URL && !options.revocations) {
    // Without revocation marks a changed password or a suspension would leave old tokens valid.
    throw new Error('REDIS_URL is required in production (token revocations, docs/decisions/0007)');
  }
  const persistent = 'database' in options ? undefined : await openDatabase(options, logger);
  const broker = new Broker({ url: config.AMQP_URL, exchange: config.AMQP_EXCHANGE, logger });
  broker.start();
  let relay: OutboxRelay | undefined;
  let pruner: ProcessedMessagesPruner | undefined;
  let outboxPruner: OutboxPruner | undefined;
  if (persistent) {
    relay = new OutboxRelay({
      pool: persistent.database.pool,
      broker,
      logger,
      pollMs: persistent.pollMs,
      batchSize: persistent.batchSize,
      channel: OUTBOX_CHANNEL,
    });
    relay.start();
    const { pool } = persistent.database;
    pruner = new ProcessedMessagesPruner({ pool, logger, clock: persistent.clock, retentionMs: persistent.retention.processedMessagesMs });
    pruner.start();
    outboxPruner = new OutboxPruner({ pool, logger, clock: persistent.clock, retentionMs: persistent.retention.outboxMs });
    outboxPruner.start();
  }
  const revocations = options.revocations ?? (config.REDIS_URL ? new RedisTokenRevocations(config.REDIS_URL) : undefined);
  const verifier =
    options.verifier ??
    new TokenVerifier(config.JWT_PUBLIC_KEY ? { publicKeyPem: config.JWT_PUBLIC_KEY } : { jwksUrl: config.JWKS_URL }, { revocations });

  let shuttingDown = false;
  let httpServer: RunningHttpServer | undefined;
  let grpcServer: RunningGrpcServer | undefined;
  const stopHooks: Array<() => Promise<void> | void> = [];
  const readiness: Record<string, ReadinessCheck> = {};
  if (persistent) {
    readiness.database = async () => {
      await persistent.database.pool.query('select 1');
    };
  }
  readiness.broker = () => broker.check();

  // Every step runs even when one before it fails: a hook that throws must not leave the relay
  // polling, the broker connected or the pool open (a leaked relay kept test workers alive).
  const stopAll = async () => {
    shuttingDown = true;
    const failures: unknown[] = [];
    const step = async (what: string, fn: () => Promise<unknown> | unknown) => {
      try {
        await fn();
      } catch (err) {
        failures.push(err);
        logger.error({ err }, `${name} stop: ${what} failed`);
      }
    };
    await Promise.all([step('http server', () => httpServer?.close()), step('grpc server', () => grpcServer?.close())]);
    for (const hook of [...stopHooks].reverse()) await step('stop hook', hook);
    await step('outbox relay', () => relay?.stop());
    await step('processed-messages pruner', () => pruner?.stop());
    await step('outbox pruner', () => outboxPruner?.stop());
    await step('broker', () => broker.stop());
    if (!options.revocations) await step('token revocations', () => revocations?.close());
    await step('database', () => persistent?.database.close());
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) throw new AggregateError(failures, `${name} stop: ${failures.length} steps failed`);
  };
  let stopping: Promise<void> | undefined;

  const base: BaseServiceRuntime = {
    name,
    logger,
    broker,
    verifier,
    revocations,
    peer(factory, address) {
      const client = factory(address, { interceptors: [deadlineInterceptor(config.GRPC_DEADLINE_MS), callerInterceptor()] });
      stopHooks.push(() => client.close());
      return client;
    },
    onStop: (fn) => void stopHooks.push(fn),
    async serve(serve) {
      const app = createHttpApp({
        logger,
        production: config.NODE_ENV === 'production',
        routers: serve.routers,
        openApiDocument: serve.openApiDocument ?? serve.api?.openApiDocument,
        readiness,
        isShuttingDown: () => shuttingDown,
        before: serve.before,
        jsonLimit: serve.jsonLimit,
      });
      const host = config.BIND_HOST ?? '0.0.0.0';
      httpServer = await listen(app, config.HTTP_PORT, host, serve.backlog);
      if (serve.grpcServices?.length) grpcServer = await startGrpcServer(config.GRPC_PORT, serve.grpcServices, host);
      logger.info({ httpPort: httpServer.port, grpcPort: grpcServer?.port }, `${name} listening`);
      return { http: httpServer, grpc: grpcServer };
    },
    stop: () => (stopping ??= stopAll()),
  };
  if (!persistent || !relay || !pruner || !outboxPruner) return base;
  return { ...base, database: persistent.database, db: persistent.database.db, relay, pruner, outboxPruner };
}

/** A retention in days from configuration, in ms; undefined keeps the pruner's default. */
const daysMs = (days: number | undefined) => (days === undefined ? undefined : days * 24 * 3600 * 1000);

/** Database created outside production, then the kit's and the service's migrations. */
const openDatabase = async <TSchema extends Record<string, unknown>>(options: ServiceRuntimeOptions<TSchema>, logger: Logger) => {
  const { config } = options;
  if (config.NODE_ENV !== 'production') await ensureDatabase(config.DATABASE_URL);
  const database = createDatabase(config.DATABASE_URL, options.schema, {
    max: config.DATABASE_POOL_MAX ?? 10,
    options: options.databaseSettings && sessionOptions(options.databaseSettings),
  });
  await runMigrations(database.db as unknown as NodePgDatabase<Record<string, unknown>>, options.migrationsFolder, logger);
  const retention = { processedMessagesMs: daysMs(config.PROCESSED_MESSAGES_RETENTION_DAYS), outboxMs: daysMs(config.OUTBOX_RETENTION_DAYS) };
  return { database, pollMs: config.OUTBOX_POLL_MS, batchSize: config.OUTBOX_BATCH_SIZE, clock: options.clock, retention };
};

/**
 * A service's wiring on a runtime it just created: when the wiring throws (a port in use, a
 * failed seed, a consumer that cannot bind), the runtime is stopped before the error goes on, so
 * no relay, broker connection or pool outlives a start that failed.
 */
export const wireOrStop = async <T>(runtime: Pick<BaseServiceRuntime, 'stop' | 'logger'>, wire: () => Promise<T>): Promise<T> => {
  try {
    return await wire();
  } catch (err) {
    await runtime.stop().catch((stopErr: unknown) => runtime.logger.error({ err: stopErr }, 'stop after a failed start failed'));
    throw err;
  }
};
