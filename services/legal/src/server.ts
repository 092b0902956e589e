import path from 'node:path';
import {
  buildOpenApiDocument,
  createRegistry,
  createServiceRuntime,
  systemClock,
  TokenVerifier,
  type Clock,
  type Logger,
  type ServiceRuntime,
} from '@storecast/service-kit';
import { createIdentityClient, createOrganizationClient, legalProto } from '@storecast/proto';
import type { LegalConfig } from './config';
import { schema, type LegalSchema } from './db/schema';
import type { IdentityPeer, LegalContext, OrganizationPeer } from './app/ports';
import { identityPeer } from './peers/identity.peer';
import { organizationPeer } from './peers/organization.peer';
import { legalHandlers } from './grpc/legal.handlers';
import { legalDocumentsRouter } from './http/legal-documents.routes';
import { agreementRouter } from './http/agreement.routes';
import { hqConsentsRouter } from './http/hq-consents.routes';

export const MIGRATIONS_FOLDER = path.resolve(__dirname, '..', 'migrations');

/** What tests (or another wiring) may replace. Peers default to gRPC clients at the config's addresses. */
export interface LegalDeps {
  clock: Clock;
  logger: Logger;
  organization: OrganizationPeer;
  identity: IdentityPeer;
  verifier: TokenVerifier;
}

export interface StartedLegal {
  httpUrl: string;
  httpPort: number;
  grpcPort: number;
  runtime: ServiceRuntime<LegalSchema>;
  context: LegalContext;
  stop(): Promise<void>;
}

/** A PEM given in one env line may carry literal "\n". */
const pem = (value: string) => value.replace(/\\n/g, '\n');

export const tokenVerifierFor = (config: LegalConfig): TokenVerifier =>
  config.JWT_PUBLIC_KEY ? new TokenVerifier({ publicKeyPem: pem(config.JWT_PUBLIC_KEY) }) : new TokenVerifier({ jwksUrl: config.JWKS_URL });

export const start = async (config: LegalConfig, deps: Partial<LegalDeps> = {}): Promise<StartedLegal> => {
  const runtime = await createServiceRuntime({
    name: 'legal',
    config,
    schema,
    migrationsFolder: MIGRATIONS_FOLDER,
    logger: deps.logger,
  });
  const organization = deps.organization ?? organizationPeer(runtime.peer(createOrganizationClient, config.ORGANIZATION_GRPC_ADDR));
  const identity = deps.identity ?? identityPeer(runtime.peer(createIdentityClient, config.IDENTITY_GRPC_ADDR));

  const context: LegalContext = { db: runtime.db, clock: deps.clock ?? systemClock, logger: runtime.logger, organization, identity };
  const verifier = deps.verifier ?? tokenVerifierFor(config);
  const registry = createRegistry();
  const routers = [
    legalDocumentsRouter(context, verifier, registry),
    agreementRouter(context, verifier, registry),
    hqConsentsRouter(context, verifier, registry),
  ];
  let document: unknown;
  const served = await runtime.serve({
    routers,
    openApiDocument: () => (document ??= buildOpenApiDocument(registry, { title: 'Storecast legal', version: '1.0.0', description: 'Terms, privacy policy and consents' })),
    grpcServices: [{ definition: legalProto().LegalService.service, implementation: legalHandlers(context, runtime.logger) }],
    // A 200000-character markdown body escapes to more than the default 1 MB in the worst case.
    jsonLimit: '2mb',
  });
  if (!served.grpc) throw new Error('gRPC server did not start');
  return {
    httpUrl: served.http.url,
    httpPort: served.http.port,
    grpcPort: served.grpc.port,
    runtime,
    context,
    stop: () => runtime.stop(),
  };
};
