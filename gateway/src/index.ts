export { start } from './server';
export type { GatewayDeps, StartedGateway } from './server';
export { loadGatewayConfig, configSchema } from './config';
export type { GatewayConfig } from './config';
export { ROUTES, resolveRoute, SERVICES } from './routes/route-table';
export type { ApiKeyVerifier, ApiKeyIdentity } from './api-keys/api-key-verifier';
// The public API key format is the kit's (@storecast/service-kit: parseApiKey, formatApiKey).
