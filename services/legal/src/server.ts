import path from 'node:path';
import { createLogger, createServiceRuntime, wireOrStop, ServiceApi, systemClock, type Clock, type Logger, type ServiceRuntime } from '@storecast/service-kit';
import { createIdentityClient, createOrganizationClient, legalProto } from '@storecast/proto';
import type { LegalConfig } from './config';
import { schema, type LegalSchema } from './db/schema';
import { CONTENT_MAX_LENGTH } from './domain/legal-document';
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
}

export interface StartedLegal {
  httpUrl: string;
  httpPort: number;
  grpcPort: number;
  runtime: ServiceRuntime<LegalSchema>;
  api: ServiceApi;
  context: LegalContext;
  stop(): Promise<void>;
}

export const start = async (config: LegalConfig, deps: Partial<LegalDeps> = {}): Promise<StartedLegal> => {
  const runtime = await createServiceRuntime({
    name: 'legal',
    config,
    schema,
    migrationsFolder: MIGRATIONS_FOLDER,
    logger: deps.logger ?? createLogger('legal', config.LOG_LEVEL),
  });
  return wireOrStop(runtime, async () => {
    const context: LegalContext = {
      db: runtime.db,
      clock: deps.clock ?? systemClock,
      logger: runtime.logger,
      organization: deps.organization ?? organizationPeer(runtime.peer(createOrganizationClient, config.ORGANIZATION_GRPC_ADDR)),
      identity: deps.identity ?? identityPeer(runtime.peer(createIdentityClient, config.IDENTITY_GRPC_ADDR)),
    };

    const api = new ServiceApi({ title: 'Storecast legal', description: 'Terms, privacy policy and consents', verifier: runtime.verifier });
    const served = await runtime.serve({
      api,
      routers: [legalDocumentsRouter(api, context), agreementRouter(api, context), hqConsentsRouter(api, context)],
      grpcServices: [{ definition: legalProto().LegalService.service, implementation: legalHandlers(context, runtime.logger) }],
      // A 200000-character document written as \uXXXX escapes is 6 bytes a character (1.2 MB), more
      // than the default 1 MB; the gateway's body-limits table gives the publish routes the same room.
      jsonLimit: `${CONTENT_MAX_LENGTH * 6 + 64 * 1024}b`,
    });
    if (!served.grpc) throw new Error('gRPC server did not start');
    return {
      httpUrl: served.http.url,
      httpPort: served.http.port,
      grpcPort: served.grpc.port,
      runtime,
      api,
      context,
      stop: () => runtime.stop(),
    };
  });
};
