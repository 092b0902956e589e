import { z } from 'zod';
import { pagingSchema, uuidSchema } from '@storecast/service-kit';
import { pageOf } from './common.schemas';

// Public API clients, keys and usage (spec 01 "not shown": paths and shapes chosen here).

export const ApiClientStatusSchema = z.enum(['PENDING', 'APPROVED', 'REJECTED']).openapi('ApiClientStatus');
export const ApiSignUpRequest = z
  .object({
    organizationName: z.string().trim().min(1).max(200),
    contactName: z.string().trim().min(1).max(100),
    contactEmail: z.string().trim().toLowerCase().max(254).pipe(z.email()),
    purpose: z.string().trim().max(2000).nullable().optional(),
  })
  .openapi('ApiSignUpRequest');
export const ApiKeyItemSchema = z
  .object({
    id: uuidSchema(),
    prefix: z.string(),
    status: z.enum(['ACTIVE', 'REVOKED', 'EXPIRED']),
    expiresAt: z.iso.datetime(),
    createdAt: z.iso.datetime(),
    revokedAt: z.iso.datetime().nullable(),
    lastUsedAt: z.iso.datetime().nullable(),
    rotatedFromKeyId: uuidSchema().nullable(),
  })
  .openapi('ApiKeyItem');
export const ApiClientResponseSchema = z
  .object({
    id: uuidSchema(),
    organizationName: z.string(),
    contactName: z.string(),
    contactEmail: z.string(),
    purpose: z.string().nullable(),
    status: ApiClientStatusSchema,
    decisionReason: z.string().nullable(),
    decidedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    keys: z.array(ApiKeyItemSchema).optional(),
  })
  .openapi('ApiClientResponse');
export const ApiClientListResponse = pageOf(ApiClientResponseSchema).openapi('ApiClientListResponse');
export const ListApiClientsParams = z
  .object({ q: z.string().trim().max(100).optional(), status: ApiClientStatusSchema.optional() })
  .extend(pagingSchema().shape)
  .openapi('ListApiClientsParams');
export const ApiClientRejectRequest = z.object({ reason: z.string().trim().min(1).max(255) }).openapi('ApiClientRejectRequest');
/** Optional body: no body at all is the same as {}. */
export const IssueApiKeyRequest = z
  .object({ expiresInDays: z.number().int().min(1).max(3650).optional() })
  .openapi('IssueApiKeyRequest');
export const IssuedApiKeySchema = z
  .object({
    id: uuidSchema(),
    clientId: uuidSchema(),
    prefix: z.string(),
    apiKey: z.string().openapi({ description: 'sc_live_<8 [a-z0-9]>_<40 [A-Za-z0-9]> — shown once, stored hashed' }),
    status: z.literal('ACTIVE'),
    expiresAt: z.iso.datetime(),
    createdAt: z.iso.datetime(),
  })
  .openapi('IssuedApiKey');
export const UsageParams = z.object({
  from: z.string().optional().openapi({ description: 'YYYY-MM-DD (UTC), 0001-01-01 or later, default to − 29 days (not before 0001-01-01)' }),
  to: z.string().optional().openapi({ description: 'YYYY-MM-DD (UTC), 0001-01-01 or later, default today' }),
});
export const ApiUsageResponse = z
  .object({
    clientId: uuidSchema(),
    from: z.string(),
    to: z.string(),
    items: z.array(
      z.object({
        day: z.string(),
        keyId: uuidSchema(),
        keyPrefix: z.string(),
        endpoint: z.string(),
        calls: z.number().int(),
        successCount: z.number().int(),
        successRate: z.number(),
        avgResponseMs: z.number(),
        p95ResponseMs: z.number(),
      }),
    ),
  })
  .openapi('ApiUsageResponse');
export const ApiKeySelfResponse = z
  .object({ keyId: uuidSchema(), clientId: uuidSchema(), prefix: z.string(), expiresAt: z.iso.datetime() })
  .openapi('ApiKeySelfResponse');
/** The key holder's credential, documented (X-API-Key, or Authorization: Bearer <key>). */
export const ApiKeyHeader = z.object({
  'x-api-key': z.string().optional().openapi({ description: 'The API key (or Authorization: Bearer <key>)' }),
});
