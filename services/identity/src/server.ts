import path from 'node:path';
import type { Router } from 'express';
import {
  createLogger,
  createServiceRuntime,
  systemClock,
  TokenVerifier,
  type Clock,
  type Logger,
  type ServiceRuntime,
} from '@storecast/service-kit';
import { identityProto } from '@storecast/proto';
import type { IdentityConfig } from './config';
import { schema, type IdentitySchema } from './db/schema';
import { PasswordHasher } from './adapters/password-hasher';
import { SigningKey } from './adapters/signing-key';
import { createMailer, type Mailer } from './adapters/mailer';
import { createLegalPort, createOrganizationPort, type LegalPort, type OrganizationPort } from './adapters/peers';
import { FixedWindowLimiter } from './domain/rate-window';
import type { IdentityContext } from './app/context';
import { seedOperator } from './app/seed-operator.use-case';
import { createGuards } from './http/middleware';
import { authRoutes } from './http/auth.routes';
import { openApiDocument } from './http/openapi';
import { identityHandlers } from './grpc/identity.handlers';
import { accountHandlers } from './grpc/account.handlers';
import { apiKeyHandlers } from './grpc/api-key.handlers';
import { adminAccountRoutes } from './http/admin-accounts.routes';
import { adminMiscRoutes } from './http/admin-misc.routes';
import { apiAccessRoutes } from './http/api-access.routes';

/** What tests (and only tests) replace. */
export interface IdentityDeps {
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  legal: LegalPort;
  organization: OrganizationPort;
  outboxPollMs: number;
}

export interface StartedIdentity {
  httpUrl: string;
  httpPort: number;
  grpcPort: number;
  runtime: ServiceRuntime<IdentitySchema>;
  context: IdentityContext;
  stop(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.resolve(__dirname, '..', 'migrations');

/** Starts identity: database + migrations, broker + outbox relay, operator seed, HTTP and gRPC (port 0 allowed). */
export const start = async (config: IdentityConfig, deps: Partial<IdentityDeps> = {}): Promise<StartedIdentity> => {
  const logger = deps.logger ?? createLogger('identity', config.LOG_LEVEL);
  const signingKey = SigningKey.load(config, logger);
  const runtime = await createServiceRuntime({
    name: 'identity',
    config,
    schema,
    migrationsFolder: MIGRATIONS_FOLDER,
    logger,
    outboxPollMs: deps.outboxPollMs,
  });
  try {
    const hasher = new PasswordHasher(config.BCRYPT_COST);
    const mailer = deps.mailer ?? createMailer(config);
    const legal = deps.legal ?? createLegalPort(config.LEGAL_GRPC_ADDR, config.GRPC_DEADLINE_MS);
    const organization = deps.organization ?? createOrganizationPort(config.ORGANIZATION_GRPC_ADDR, config.GRPC_DEADLINE_MS);
    runtime.onStop(() => {
      legal.close();
      organization.close();
      mailer.close?.();
    });
    const context: IdentityContext = {
      config,
      db: runtime.db,
      pool: runtime.database.pool,
      clock: deps.clock ?? systemClock,
      logger,
      hasher,
      dummyHash: await hasher.dummyHash(),
      signingKey,
      mailer,
      legal,
      organization,
      testSendLimiter: new FixedWindowLimiter(config.EMAIL_TEST_SEND_PER_MINUTE),
      kickOutbox: () => runtime.relay.kick(),
    };
    await seedOperator(context);

    const verifier = new TokenVerifier({ publicKeyPem: signingKey.publicKeyPem });
    const guards = createGuards(context, verifier);
    const routers: Router[] = [
      authRoutes(context, guards),
      adminAccountRoutes(context, guards),
      adminMiscRoutes(context, guards),
      apiAccessRoutes(context, guards),
    ];
    const proto = identityProto();
    const { http, grpc } = await runtime.serve({
      routers,
      openApiDocument: openApiDocument,
      grpcServices: [
        { definition: proto.IdentityService.service, implementation: identityHandlers(context) },
        { definition: proto.AccountService.service, implementation: accountHandlers(context) },
        { definition: proto.ApiKeyService.service, implementation: apiKeyHandlers(context) },
      ],
    });
    return {
      httpUrl: http.url,
      httpPort: http.port,
      grpcPort: grpc!.port,
      runtime,
      context,
      stop: () => runtime.stop(),
    };
  } catch (err) {
    await runtime.stop().catch(() => undefined);
    throw err;
  }
};
