import type { z } from 'zod';
import { grpcAddr, loadConfig, serviceEnv } from '@storecast/service-kit';

// GRPC_DEADLINE_MS, OUTBOX_POLL_MS, JWT_PUBLIC_KEY/JWKS_URL and the ports come from serviceEnv.
export const configSchema = serviceEnv('legal', { http: 8082, grpc: 50052 }).extend({
  /** Identity's gRPC server: account names for the consent signer. */
  IDENTITY_GRPC_ADDR: grpcAddr(50051),
  /** Organization's gRPC server: HQ name and status for the consents view. */
  ORGANIZATION_GRPC_ADDR: grpcAddr(50053),
});

export type LegalConfig = z.output<typeof configSchema>;

export const loadLegalConfig = (env: NodeJS.ProcessEnv = process.env): LegalConfig => loadConfig(configSchema, env);
