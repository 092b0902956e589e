export { start, type StartedOrganization, type OrganizationDeps, MIGRATIONS_FOLDER } from './server';
export { configSchema, loadOrganizationConfig, type OrganizationConfig } from './config';
export { INDEPENDENT_HQ_ID } from './domain/enums';
export { REGIONS, type Region } from './domain/regions';
export { BULK_CSV_HEADER } from './domain/bulk-csv';
