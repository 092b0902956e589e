import type { Logger } from '@storecast/service-kit/edge';
import { resolveRoute, SERVICES, type ServiceName } from '../routes/route-table';
import { mergeOpenApiDocuments, type OpenApiDocument, type SourceDocument } from './merge-openapi';

export interface ApiDocsOptions {
  upstreams: Record<ServiceName, string | null>;
  base: () => OpenApiDocument;
  timeoutMs: number;
  cacheMs: number;
  logger: Logger;
  fetchImpl?: typeof fetch;
}

/** `/api/v1/hq/stores/{id}` → `/api/v1/hq/stores/_` : a concrete path the route table can resolve. */
const concrete = (template: string) => template.replace(/\{[^}/]+\}/g, '_');

/** A documented path is kept only when the gateway really routes it to that service. */
const routedTo = (service: string, path: string) => resolveRoute(concrete(path))?.service === service;

/**
 * /v3/api-docs: every configured service's /openapi.json (short timeout), merged with the
 * gateway's own document, cached for cacheMs. Services that are not configured or do not answer
 * with a document are skipped and listed under `x-unavailable-services`.
 */
export class ApiDocs {
  private cached?: { at: number; document: OpenApiDocument };
  private inflight?: Promise<OpenApiDocument>;

  constructor(private readonly options: ApiDocsOptions) {}

  async document(): Promise<OpenApiDocument> {
    const { cacheMs } = this.options;
    if (this.cached && Date.now() - this.cached.at < cacheMs) return this.cached.document;
    this.inflight ??= this.build().finally(() => {
      this.inflight = undefined;
    });
    return this.inflight;
  }

  private async fetchOne(service: ServiceName): Promise<SourceDocument | undefined> {
    const base = this.options.upstreams[service];
    if (!base) return undefined;
    try {
      const res = await (this.options.fetchImpl ?? fetch)(`${base}/openapi.json`, {
        signal: AbortSignal.timeout(this.options.timeoutMs),
        headers: { accept: 'application/json' },
      });
      if (!res.ok) throw new Error(`answered ${res.status}`);
      const document = (await res.json()) as OpenApiDocument;
      if (typeof document !== 'object' || document === null || typeof document.paths !== 'object') {
        throw new Error('not an OpenAPI document');
      }
      return { service, document };
    } catch (err) {
      this.options.logger.debug({ service, reason: (err as Error).message }, 'openapi document unavailable');
      return undefined;
    }
  }

  private async build(): Promise<OpenApiDocument> {
    const results = await Promise.all(SERVICES.map(async (s) => [s, await this.fetchOne(s)] as const));
    const sources = results.flatMap(([, doc]) => (doc ? [doc] : []));
    const unavailable = results.filter(([, doc]) => !doc).map(([s]) => s);
    const document = mergeOpenApiDocuments(this.options.base(), sources, { includePath: routedTo });
    document['x-unavailable-services'] = unavailable;
    this.cached = { at: Date.now(), document };
    return document;
  }
}
