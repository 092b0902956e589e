import type { z } from 'zod';
import { grpcAddr, loadConfig, serviceEnv, storageEnv, uploadTicketEnv } from '@storecast/service-kit';

// Ports, database, broker, token keys, GRPC_DEADLINE_MS and OUTBOX_POLL_MS come from serviceEnv;
// S3_* (attachments) from the kit's storageEnv; UPLOAD_TICKET_SECRET (the gateway's, so the four
// attachment routes accept TICKET_ATTACHMENT_* tickets) from uploadTicketEnv.
export const configSchema = serviceEnv('support', { http: 8087, grpc: 50057 }).extend({
  ...storageEnv,
  ...uploadTicketEnv,
  /** Organization's gRPC server: HQ and store names, a store's HQ, HQ and store counts. */
  ORGANIZATION_GRPC_ADDR: grpcAddr(50053),
  /** Identity's gRPC server: operator accounts (assignees and their names). */
  IDENTITY_GRPC_ADDR: grpcAddr(50051),
});

export type SupportConfig = z.output<typeof configSchema>;

export const loadSupportConfig = (env: NodeJS.ProcessEnv = process.env): SupportConfig => loadConfig(configSchema, env);
