import path from 'node:path';
import {
  createLogger,
  createServiceRuntime,
  wireOrStop,
  ServiceApi,
  systemClock,
  RedisTokenRevocations,
  TokenVerifier,
  type Clock,
  type Logger,
  type ServiceRuntime,
} from '@storecast/service-kit';
import { createLegalClient, createOrganizationClient, identityProto } from '@storecast/proto';
import type { IdentityConfig } from './config';
import { schema, type IdentitySchema } from './db/schema';
import { PasswordHasher } from './adapters/password-hasher';
import { SigningKey } from './adapters/signing-key';
import { createMailer, type Mailer } from './adapters/mailer';
import { legalPeer } from './peers/legal.peer';
import { organizationPeer } from './peers/organization.peer';
import type { LegalPort, OrganizationPort } from './app/ports';
import { FixedWindowLimiter } from './domain/rate-window';
import type { IdentityContext } from './app/context';
import { AfterResponseQueue } from './app/after-response-queue';
import { seedOperator } from './app/seed-operator.use-case';
import { authRoutes } from './http/auth.routes';
import { accountFlowRoutes } from './http/account-flows.routes';
import { impersonationRoutes } from './http/impersonation.routes';
import { adminAccountRoutes } from './http/admin-accounts.routes';
import { emailTemplateRoutes } from './http/email-templates.routes';
import { apiAccessRoutes } from './http/api-access.routes';
import { identityHandlers } from './grpc/identity.handlers';
import { accountHandlers } from './grpc/account.handlers';
import { apiKeyHandlers } from './grpc/api-key.handlers';
import { startOrganizationStatusConsumer } from './events/organization-status.consumer';
import { startOrganizationPurgesConsumer } from './events/organization-purges.consumer';

/** What tests (and only tests) replace. */
export interface IdentityDeps {
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  legal: LegalPort;
  organization: OrganizationPort;
}

export interface StartedIdentity {
  httpUrl: string;
  httpPort: number;
  grpcPort: number;
  runtime: ServiceRuntime<IdentitySchema>;
  /** The HTTP surface (routes and OpenAPI document), for the tests' response checker. */
  api: ServiceApi;
  context: IdentityContext;
  stop(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.resolve(__dirname, '..', 'migrations');

/** Starts identity: database + migrations, broker + outbox relay, operator seed, HTTP and gRPC (port 0 allowed). */
export const start = async (config: IdentityConfig, deps: Partial<IdentityDeps> = {}): Promise<StartedIdentity> => {
  const logger = deps.logger ?? createLogger('identity', config.LOG_LEVEL);
  const signingKey = SigningKey.load(config, logger);
  // Identity writes the revocation marks and, like every service, checks them (decision 0007).
  const revocations = config.REDIS_URL ? new RedisTokenRevocations(config.REDIS_URL) : undefined;
  const runtime = await createServiceRuntime({
    name: 'identity',
    config,
    schema,
    migrationsFolder: MIGRATIONS_FOLDER,
    logger,
    // Identity verifies the tokens it signs with its own key (no JWKS round trip to itself).
    verifier: new TokenVerifier({ publicKeyPem: signingKey.publicKeyPem }, { revocations }),
    revocations,
  });
  if (revocations) runtime.onStop(() => revocations.close());
  return wireOrStop(runtime, async () => {
    const hasher = new PasswordHasher(config.BCRYPT_COST);
    const mailer = deps.mailer ?? createMailer(config);
    runtime.onStop(() => mailer.close?.());
    const afterResponse = new AfterResponseQueue(logger);
    // Registered after the mailer's hook, so it runs first (hooks run in reverse): queued mails go out before the mailer closes.
    runtime.onStop(() => afterResponse.close());
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
      legal: deps.legal ?? legalPeer(runtime.peer(createLegalClient, config.LEGAL_GRPC_ADDR)),
      organization: deps.organization ?? organizationPeer(runtime.peer(createOrganizationClient, config.ORGANIZATION_GRPC_ADDR)),
      testSendLimiter: new FixedWindowLimiter(config.EMAIL_TEST_SEND_PER_MINUTE),
      afterResponse,
      revocations,
    };
    await seedOperator(context);
    await startOrganizationStatusConsumer({ broker: runtime.broker, context });
    await startOrganizationPurgesConsumer({ broker: runtime.broker, context });

    const api = new ServiceApi({
      title: 'Storecast identity',
      description: 'Accounts, sign-in, tokens, account flows, impersonation, email templates and public API keys.',
      verifier: runtime.verifier,
    });
    const routers = [
      authRoutes(api, context),
      accountFlowRoutes(api, context),
      impersonationRoutes(api, context),
      adminAccountRoutes(api, context),
      emailTemplateRoutes(api, context),
      apiAccessRoutes(api, context),
    ];
    const proto = identityProto();
    const { http, grpc } = await runtime.serve({
      api,
      routers,
      grpcServices: [
        { definition: proto.IdentityService.service, implementation: identityHandlers(context) },
        { definition: proto.AccountService.service, implementation: accountHandlers(context, runtime.verifier) },
        { definition: proto.ApiKeyService.service, implementation: apiKeyHandlers(context) },
      ],
    });
    return {
      httpUrl: http.url,
      httpPort: http.port,
      grpcPort: grpc!.port,
      runtime,
      api,
      context,
      stop: () => runtime.stop(),
    };
  });
};
