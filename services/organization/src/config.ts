import { z } from 'zod';
import { grpcAddr, loadConfig, serviceEnv } from '@storecast/service-kit';

export const configSchema = serviceEnv('organization', { http: 8083, grpc: 50053 }).extend({
  /** identity's AccountService (manager accounts are created, listed and withdrawn there). */
  IDENTITY_GRPC_ADDR: grpcAddr(50051),
  /** catalog-search's CatalogService (playlist assignments shown in store and device views). */
  CATALOG_SEARCH_GRPC_ADDR: grpcAddr(50054),
  /** Largest bulk CSV accepted (bytes); 1000 rows of the template fit in far less. */
  /** How often soft-deleted HQs and stores older than 90 days are purged (0 = never; tests run it by hand). */
  PURGE_INTERVAL_MS: z.coerce.number().int().min(0).default(60 * 60 * 1000),
  BULK_CSV_MAX_BYTES: z.coerce.number().int().positive().default(2 * 1024 * 1024),
});

export type OrganizationConfig = z.output<typeof configSchema>;

export const loadOrganizationConfig = (env: NodeJS.ProcessEnv = process.env): OrganizationConfig => loadConfig(configSchema, env);
