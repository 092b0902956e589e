export { start, type StartedCatalogSearch, type CatalogSearchDeps } from './server';
export { configSchema, loadCatalogSearchConfig, type CatalogSearchConfig } from './config';
