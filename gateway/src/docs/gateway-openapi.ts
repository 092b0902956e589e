import { buildOpenApiDocument, createRegistry } from '@storecast/service-kit/edge';
import { z } from 'zod';
import { registerUploadPaths } from '../uploads/uploads.openapi';
import type { OpenApiDocument } from './merge-openapi';

/**
 * The gateway's own part of /v3/api-docs: the merged document itself and the upload-ticket
 * endpoints (src/uploads). Security schemes for the
 * public API keys live here too, so services can refer to them.
 */
export const gatewayOpenApiDocument = (): OpenApiDocument => {
  const registry = createRegistry();
  registry.registerComponent('securitySchemes', 'apiKeyBearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'Public catalog API key: `Authorization: Bearer sc_live_<prefix>_<secret>`',
  });
  registry.registerComponent('securitySchemes', 'apiKeyHeader', {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'Public search API key: `X-API-Key: sc_live_<prefix>_<secret>`',
  });
  registry.registerPath({
    method: 'get',
    path: '/v3/api-docs',
    tags: ['gateway'],
    summary: 'This document: the OpenAPI documents of every reachable service, merged',
    description:
      'Services that did not answer are listed in `x-unavailable-services`. Cached for about 30 seconds.',
    responses: { 200: { description: 'OpenAPI 3 document', content: { 'application/json': { schema: z.object({}).passthrough() } } } },
  });
  registerUploadPaths(registry);
  return buildOpenApiDocument(registry, {
    title: 'Storecast API',
    version: '1',
    description:
      'All Storecast HTTP interfaces behind the gateway: platform (/api/v1), public catalog (/v1/music) and search (/api/music/search).',
  }) as unknown as OpenApiDocument;
};
