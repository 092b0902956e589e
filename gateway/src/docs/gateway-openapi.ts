import { buildOpenApiDocument, createRegistry, errorResponses } from '@storecast/service-kit';
import { z } from 'zod';
import type { OpenApiDocument } from './merge-openapi';

/**
 * The gateway's own part of /v3/api-docs: the merged document itself and the upload-ticket
 * endpoints (answered 503 SERVICE_UNAVAILABLE until the upload work lands). Security schemes for the
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
  registry.registerPath({
    method: 'post',
    path: '/api/v1/uploads/tickets',
    tags: ['uploads'],
    summary: 'Issue an upload ticket (not available yet)',
    security: [{ bearerAuth: [] }],
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: z.object({
              purpose: z.enum([
                'MUSIC_CREATE',
                'MUSIC_REPLACE',
                'COMMERCIAL_CREATE',
                'COMMERCIAL_REPLACE',
                'TICKET_ATTACHMENT_ADMIN',
                'TICKET_ATTACHMENT_HQ',
                'TICKET_ATTACHMENT_HQ_STORE',
                'TICKET_ATTACHMENT_STORE',
              ]),
            }),
          },
        },
      },
    },
    responses: errorResponses({ 401: ['AUTH_TOKEN_INVALID', 'AUTH_TOKEN_EXPIRED'], 503: ['SERVICE_UNAVAILABLE'] }),
  });
  registry.registerPath({
    method: 'post',
    path: '/api/v1/uploads/files',
    tags: ['uploads'],
    summary: 'Upload a file with a ticket (not available yet); the X-Upload-Ticket header is the credential',
    request: { headers: z.object({ 'x-upload-ticket': z.string() }) },
    responses: errorResponses({ 413: ['PAYLOAD_TOO_LARGE'], 429: ['RATE_LIMITED'], 503: ['SERVICE_UNAVAILABLE'] }),
  });
  return buildOpenApiDocument(registry, {
    title: 'Storecast API',
    version: '1',
    description:
      'All Storecast HTTP interfaces behind the gateway: platform (/api/v1), public catalog (/v1/music) and search (/api/music/search).',
  }) as unknown as OpenApiDocument;
};
