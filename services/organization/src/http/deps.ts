import type { OpenAPIRegistry, TokenVerifier } from '@storecast/service-kit';
import type { AppContext } from '../app/context';

export interface RouterDeps {
  ctx: AppContext;
  verifier: TokenVerifier;
  registry: OpenAPIRegistry;
  bulkCsvMaxBytes: number;
}
