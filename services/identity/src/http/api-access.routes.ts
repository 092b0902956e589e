import type { ServiceApi } from '@storecast/service-kit';
import type { IdentityContext } from '../app/context';
import { decideApiClient, getApiClient, listApiClients, signUpApiClient } from '../app/api-clients.use-case';
import { issueApiKey, revokeApiKey, rotateApiKey } from '../app/api-keys.use-case';
import { describeOwnApiKey, readOwnApiUsage } from '../app/api-key-holder.use-case';
import { readClientUsage } from '../app/api-usage.use-case';
import {
  ApiClientListResponse,
  ApiClientRejectRequest,
  ApiClientResponseSchema,
  ApiKeyHeader,
  ApiKeySelfResponse,
  ApiSignUpRequest,
  ApiUsageResponse,
  IssueApiKeyRequest,
  IssuedApiKeySchema,
  ListApiClientsParams,
  UsageParams,
} from './api-access.schemas';
import { OPERATOR_ERRORS, OPERATOR_ONLY } from './operator-auth';

const TAGS = ['Public API access'];

type IncomingRequest = { body?: unknown; get(name: string): string | undefined };

/** The key the holder presents: X-API-Key, or Authorization: Bearer <key>. */
const presentedKey = (req: IncomingRequest): string | undefined => req.get('x-api-key') ?? req.get('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1] ?? undefined;

/** "No body" is the same as {} for the key requests (expiresInDays is optional). */
const emptyBodyAsObject = (req: IncomingRequest, _res: unknown, next: () => void) => {
  req.body ??= {};
  next();
};

/**
 * Public API access (spec 01 "Endpoints for key issuance and management: not shown", chosen here):
 * public sign-up and the key holder's own reads under /api/v1/api-access/**, operator approval, keys
 * and usage under /api/v1/admin/api-clients/** (keys nested: /api-clients/{clientId}/keys/{keyId}).
 */
export const apiAccessRoutes = (api: ServiceApi, ctx: IdentityContext) => {
  const r = api.router();

  api.define(r, {
    method: 'post', path: '/api/v1/api-access/sign-up', operationId: 'signUpApiClient', tags: TAGS,
    summary: 'Sign up for the public catalog/search API (public; PENDING until an operator decides)',
    auth: 'public', body: ApiSignUpRequest,
    response: { status: 201, description: 'The sign-up', schema: ApiClientResponseSchema },
    errors: { 429: ['RATE_LIMITED (gateway)'] },
    handler: ({ body }) => signUpApiClient(ctx, body),
  });

  api.define(r, {
    method: 'get', path: '/api/v1/api-access/key', operationId: 'getOwnApiKey', tags: TAGS, summary: 'The presented key (key holder; API key credential)',
    auth: 'public', headers: ApiKeyHeader,
    response: { status: 200, description: 'The key', schema: ApiKeySelfResponse },
    errors: { 401: ['API_KEY_INVALID'] },
    handler: ({ req }) => describeOwnApiKey(ctx, presentedKey(req)),
  });

  api.define(r, {
    method: 'get', path: '/api/v1/api-access/usage', operationId: 'getOwnApiUsage', tags: TAGS, summary: "Usage of the holder's keys per day and endpoint (API key credential)",
    auth: 'public', headers: ApiKeyHeader, query: UsageParams,
    response: { status: 200, description: 'Usage', schema: ApiUsageResponse },
    errors: { 401: ['API_KEY_INVALID'] },
    handler: ({ req, query }) => readOwnApiUsage(ctx, presentedKey(req), query),
  });

  api.define(r, {
    method: 'get', path: '/api/v1/admin/api-clients', operationId: 'listApiClients', tags: TAGS, summary: 'Sign-ups, newest first',
    auth: OPERATOR_ONLY, query: ListApiClientsParams,
    response: { status: 200, description: 'Page', schema: ApiClientListResponse },
    errors: OPERATOR_ERRORS,
    handler: ({ principal, query }) => listApiClients(ctx, principal, query),
  });

  api.define(r, {
    method: 'get', path: '/api/v1/admin/api-clients/{clientId}', operationId: 'getApiClient', tags: TAGS, summary: 'One sign-up with its keys (no secrets)',
    auth: OPERATOR_ONLY,
    response: { status: 200, description: 'Client', schema: ApiClientResponseSchema },
    errors: { ...OPERATOR_ERRORS, 404: ['API_CLIENT_NOT_FOUND'] },
    handler: ({ principal, params }) => getApiClient(ctx, principal, params.clientId),
  });

  api.define(r, {
    method: 'post', path: '/api/v1/admin/api-clients/{clientId}/approve', operationId: 'approveApiClient', tags: TAGS, summary: 'Approve a PENDING sign-up',
    auth: OPERATOR_ONLY,
    response: { status: 200, description: 'Client', schema: ApiClientResponseSchema },
    errors: { ...OPERATOR_ERRORS, 404: ['API_CLIENT_NOT_FOUND'], 409: ['API_CLIENT_INVALID_STATUS_TRANSITION'] },
    handler: ({ principal, params }) => decideApiClient(ctx, principal, params.clientId, { kind: 'APPROVE' }),
  });

  api.define(r, {
    method: 'post', path: '/api/v1/admin/api-clients/{clientId}/reject', operationId: 'rejectApiClient', tags: TAGS, summary: 'Reject a PENDING sign-up (a reason is required)',
    auth: OPERATOR_ONLY, body: ApiClientRejectRequest,
    response: { status: 200, description: 'Client', schema: ApiClientResponseSchema },
    errors: { ...OPERATOR_ERRORS, 404: ['API_CLIENT_NOT_FOUND'], 409: ['API_CLIENT_INVALID_STATUS_TRANSITION'] },
    handler: ({ principal, params, body }) => decideApiClient(ctx, principal, params.clientId, { kind: 'REJECT', reason: body.reason }),
  });

  api.define(r, {
    method: 'post', path: '/api/v1/admin/api-clients/{clientId}/keys', operationId: 'issueApiKey', tags: TAGS, summary: 'Issue a key (shown once; the body is optional)',
    auth: OPERATOR_ONLY, body: IssueApiKeyRequest, before: [emptyBodyAsObject],
    response: { status: 201, description: 'The key', schema: IssuedApiKeySchema },
    errors: { ...OPERATOR_ERRORS, 404: ['API_CLIENT_NOT_FOUND'], 409: ['API_CLIENT_NOT_APPROVED'] },
    handler: ({ principal, params, body }) => issueApiKey(ctx, principal, params.clientId, body),
  });

  api.define(r, {
    method: 'post', path: '/api/v1/admin/api-clients/{clientId}/keys/{keyId}/rotate', operationId: 'rotateApiKey', tags: TAGS,
    summary: 'Replace a key: a new one (shown once), the old one revoked at once (the body is optional)',
    auth: OPERATOR_ONLY, body: IssueApiKeyRequest, before: [emptyBodyAsObject],
    response: { status: 201, description: 'The new key', schema: IssuedApiKeySchema },
    errors: { ...OPERATOR_ERRORS, 404: ['API_KEY_NOT_FOUND'], 409: ['API_KEY_REVOKED', 'API_CLIENT_NOT_APPROVED'] },
    handler: ({ principal, params, body }) => rotateApiKey(ctx, principal, params.clientId, params.keyId, body),
  });

  api.define(r, {
    method: 'delete', path: '/api/v1/admin/api-clients/{clientId}/keys/{keyId}', operationId: 'revokeApiKey', tags: TAGS, summary: 'Revoke a key (idempotent)',
    auth: OPERATOR_ONLY,
    response: { status: 204, description: 'Revoked' },
    errors: { ...OPERATOR_ERRORS, 404: ['API_KEY_NOT_FOUND'] },
    handler: async ({ principal, params }) => {
      await revokeApiKey(ctx, principal, params.clientId, params.keyId);
    },
  });

  api.define(r, {
    method: 'get', path: '/api/v1/admin/api-clients/{clientId}/usage', operationId: 'getApiClientUsage', tags: TAGS, summary: "Usage of a client's keys per day and endpoint",
    auth: OPERATOR_ONLY, query: UsageParams,
    response: { status: 200, description: 'Usage', schema: ApiUsageResponse },
    errors: { ...OPERATOR_ERRORS, 404: ['API_CLIENT_NOT_FOUND'] },
    handler: ({ principal, params, query }) => readClientUsage(ctx, principal, params.clientId, query),
  });

  return r;
};
