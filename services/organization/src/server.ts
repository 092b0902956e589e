import path from 'node:path';
import {
  buildOpenApiDocument,
  createLogger,
  createRegistry,
  createServiceRuntime,
  systemClock,
  TokenVerifier,
  type Clock,
  type Logger,
  type ServiceRuntime,
} from '@storecast/service-kit';
import { organizationProto } from '@storecast/proto';
import type { OrganizationConfig } from './config';
import { schema, type OrgSchema } from './db/schema';
import type { AccountGateway } from './app/account-gateway';
import type { AppContext } from './app/context';
import { createGrpcAccountGateway } from './grpc/account-gateway';
import { organizationHandlers } from './grpc/organization.handlers';
import { startIdentityAccountConsumer } from './events/identity-account.consumer';
import { adminHqRouter } from './http/admin-hq.routes';
import { adminStoresRouter } from './http/admin-stores.routes';
import { hqRouter } from './http/hq.routes';
import { storeRouter } from './http/store.routes';

export const MIGRATIONS_FOLDER = path.resolve(__dirname, '..', 'migrations');

export interface OrganizationDeps {
  clock: Clock;
  logger: Logger;
  /** identity's AccountService; defaults to the gRPC client at IDENTITY_GRPC_ADDR. */
  accounts: AccountGateway;
  verifier: TokenVerifier;
}

export interface StartedOrganization {
  httpUrl: string;
  httpPort: number;
  grpcPort: number;
  runtime: ServiceRuntime<OrgSchema>;
  ctx: AppContext;
  stop(): Promise<void>;
}

export const start = async (config: OrganizationConfig, deps: Partial<OrganizationDeps> = {}): Promise<StartedOrganization> => {
  const logger = deps.logger ?? createLogger('organization', config.LOG_LEVEL);
  const runtime = await createServiceRuntime({
    name: 'organization',
    config,
    schema,
    migrationsFolder: MIGRATIONS_FOLDER,
    logger,
    outboxPollMs: config.OUTBOX_POLL_MS,
  });

  let accounts = deps.accounts;
  if (!accounts) {
    const grpcAccounts = createGrpcAccountGateway(config.IDENTITY_GRPC_ADDR, logger, config.GRPC_DEADLINE_MS);
    runtime.onStop(() => grpcAccounts.close());
    accounts = grpcAccounts;
  }
  const verifier =
    deps.verifier ??
    new TokenVerifier(config.JWT_PUBLIC_KEY ? { publicKeyPem: config.JWT_PUBLIC_KEY.replace(/\\n/g, '\n') } : { jwksUrl: config.JWKS_URL });

  const ctx: AppContext = {
    db: runtime.db,
    clock: deps.clock ?? systemClock,
    accounts,
    logger,
    kickOutbox: () => runtime.relay.kick(),
  };

  // The kit names the queue per exchange, so test runs on their own exchanges never share one.
  await startIdentityAccountConsumer({ broker: runtime.broker, db: runtime.db, logger });

  const registry = createRegistry();
  const routerDeps = { ctx, verifier, registry, bulkCsvMaxBytes: config.BULK_CSV_MAX_BYTES };
  const routers = [adminHqRouter(routerDeps), adminStoresRouter(routerDeps), hqRouter(routerDeps), storeRouter(routerDeps)];
  let openApi: unknown;
  const { http, grpc } = await runtime.serve({
    routers,
    openApiDocument: () =>
      (openApi ??= buildOpenApiDocument(registry, {
        title: 'Storecast organization',
        version: '1.0.0',
        description: 'HQs, stores, managers (via identity), settings, regions, bulk import, devices',
      })),
    grpcServices: [{ definition: organizationProto().OrganizationService.service, implementation: organizationHandlers(ctx, logger) }],
  });

  return {
    httpUrl: http.url,
    httpPort: http.port,
    grpcPort: grpc!.port,
    runtime,
    ctx,
    stop: () => runtime.stop(),
  };
};
