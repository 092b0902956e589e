import { Router, type Request } from 'express';
import { z } from 'zod';
import { pagingSchema, parseInput, principalOf, unauthorized } from '@storecast/service-kit';
import type { IdentityContext } from '../app/context';
import { decideApiClient, getApiClient, listApiClients, signUpApiClient } from '../app/api-clients.use-case';
import { issueApiKey, revokeApiKey, rotateApiKey, verifyApiKey, type ApiKeyVerification } from '../app/api-keys.use-case';
import { readApiUsage } from '../app/api-usage.use-case';
import type { Guards } from './middleware';
import { doc } from './openapi';
import {
  ApiClientListResponse,
  ApiClientRejectRequest,
  ApiClientResponseSchema,
  ApiKeySelfResponse,
  ApiSignUpRequest,
  ApiUsageResponse,
  IssueApiKeyRequest,
  IssuedApiKeySchema,
  ListApiClientsParams,
  UsageParams,
} from './schemas';

const TAG = 'Public API access';
const operatorErrors = { 401: ['AUTH_TOKEN_INVALID', 'AUTH_TOKEN_EXPIRED'], 403: ['FORBIDDEN', 'IMPERSONATION_FORBIDDEN_ACTION', 'PRINCIPAL_SCOPE_MISMATCH'] };
const ClientParams = z.object({ clientId: z.string() });
const KeyParams = z.object({ clientId: z.string(), keyId: z.string() });
const KeyHeader = z.object({ 'x-api-key': z.string().optional().openapi({ description: 'The API key (or Authorization: Bearer <key>)' }) });

const VERDICT_MESSAGES: Record<string, string> = {
  MALFORMED: 'Malformed API Key',
  UNKNOWN: 'Undefined API Key',
  REVOKED: 'Undefined API Key',
  EXPIRED: 'Expired API Key',
  CLIENT_NOT_APPROVED: 'Undefined API Key',
};

/** The key the holder presents: X-API-Key, or Authorization: Bearer <key>. 401 API_KEY_INVALID otherwise. */
const holderKey = async (ctx: IdentityContext, req: Request): Promise<ApiKeyVerification> => {
  const header = req.get('x-api-key') ?? (req.get('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1] ?? undefined);
  if (!header) throw unauthorized('API_KEY_INVALID', 'Authorization undefined.');
  const verdict = await verifyApiKey(ctx, header);
  if (!verdict.valid) throw unauthorized('API_KEY_INVALID', VERDICT_MESSAGES[verdict.verdict] ?? 'Undefined API Key');
  return verdict;
};

/**
 * Public API access (spec 01 "Endpoints for key issuance and management: not shown", chosen here):
 * public sign-up and the key holder's own reads under /api/v1/api-access/**, operator approval, keys
 * and usage under /api/v1/admin/api-clients/** (keys nested: /api-clients/{clientId}/keys/{keyId}).
 */
export const apiAccessRoutes = (ctx: IdentityContext, guards: Guards): Router => {
  const r = Router();
  const ops = guards.operator;
  const paging = pagingSchema();

  doc({ method: 'post', path: '/api/v1/api-access/sign-up', tag: TAG, summary: 'Sign up for the public catalog/search API (public; PENDING until an operator decides)',
    body: ApiSignUpRequest, ok: { status: 201, description: 'The sign-up', schema: ApiClientResponseSchema }, errors: { 400: ['VALIDATION_FAILED'], 429: ['RATE_LIMITED'] } });
  r.post('/api/v1/api-access/sign-up', async (req, res) => {
    res.status(201).json(await signUpApiClient(ctx, parseInput(ApiSignUpRequest, req.body)));
  });

  doc({ method: 'get', path: '/api/v1/api-access/key', tag: TAG, summary: 'The presented key (key holder; API key credential)', headers: KeyHeader,
    ok: { status: 200, description: 'The key', schema: ApiKeySelfResponse }, errors: { 401: ['API_KEY_INVALID'] } });
  r.get('/api/v1/api-access/key', async (req, res) => {
    const key = await holderKey(ctx, req);
    const client = await getApiClient(ctx, key.clientId!);
    const prefix = client.keys?.find((k) => k.id === key.keyId)?.prefix ?? '';
    res.json({ keyId: key.keyId, clientId: key.clientId, prefix, expiresAt: key.expiresAt });
  });

  doc({ method: 'get', path: '/api/v1/api-access/usage', tag: TAG, summary: 'Usage of the holder\'s keys per day and endpoint (API key credential)', headers: KeyHeader, query: UsageParams,
    ok: { status: 200, description: 'Usage', schema: ApiUsageResponse }, errors: { 400: ['VALIDATION_FAILED'], 401: ['API_KEY_INVALID'] } });
  r.get('/api/v1/api-access/usage', async (req, res) => {
    const key = await holderKey(ctx, req);
    res.json(await readApiUsage(ctx, key.clientId!, parseInput(UsageParams, req.query)));
  });

  doc({ method: 'get', path: '/api/v1/admin/api-clients', tag: TAG, auth: true, summary: 'Sign-ups, newest first', query: ListApiClientsParams,
    ok: { status: 200, description: 'Page', schema: ApiClientListResponse }, errors: operatorErrors });
  r.get('/api/v1/admin/api-clients', ...ops, async (req, res) => {
    const q = parseInput(ListApiClientsParams, req.query);
    res.json(await listApiClients(ctx, { status: q.status, q: q.q, ...paging.parse(req.query) }));
  });

  doc({ method: 'get', path: '/api/v1/admin/api-clients/{clientId}', tag: TAG, auth: true, summary: 'One sign-up with its keys (no secrets)', params: ClientParams,
    ok: { status: 200, description: 'Client', schema: ApiClientResponseSchema }, errors: { ...operatorErrors, 404: ['API_CLIENT_NOT_FOUND'] } });
  r.get('/api/v1/admin/api-clients/:clientId', ...ops, async (req, res) => {
    res.json(await getApiClient(ctx, String(req.params.clientId)));
  });

  doc({ method: 'post', path: '/api/v1/admin/api-clients/{clientId}/approve', tag: TAG, auth: true, summary: 'Approve a PENDING sign-up', params: ClientParams,
    ok: { status: 200, description: 'Client', schema: ApiClientResponseSchema }, errors: { ...operatorErrors, 404: ['API_CLIENT_NOT_FOUND'], 409: ['API_CLIENT_INVALID_STATUS_TRANSITION'] } });
  r.post('/api/v1/admin/api-clients/:clientId/approve', ...ops, async (req, res) => {
    res.json(await decideApiClient(ctx, principalOf(req), String(req.params.clientId), 'APPROVE'));
  });

  doc({ method: 'post', path: '/api/v1/admin/api-clients/{clientId}/reject', tag: TAG, auth: true, summary: 'Reject a PENDING sign-up', params: ClientParams, body: ApiClientRejectRequest,
    ok: { status: 200, description: 'Client', schema: ApiClientResponseSchema }, errors: { ...operatorErrors, 400: ['VALIDATION_FAILED'], 404: ['API_CLIENT_NOT_FOUND'], 409: ['API_CLIENT_INVALID_STATUS_TRANSITION'] } });
  r.post('/api/v1/admin/api-clients/:clientId/reject', ...ops, async (req, res) => {
    const { reason } = parseInput(ApiClientRejectRequest, req.body);
    res.json(await decideApiClient(ctx, principalOf(req), String(req.params.clientId), 'REJECT', reason));
  });

  doc({ method: 'post', path: '/api/v1/admin/api-clients/{clientId}/keys', tag: TAG, auth: true, summary: 'Issue a key (shown once)', params: ClientParams, body: IssueApiKeyRequest,
    ok: { status: 201, description: 'The key', schema: IssuedApiKeySchema }, errors: { ...operatorErrors, 400: ['VALIDATION_FAILED'], 404: ['API_CLIENT_NOT_FOUND'], 409: ['API_CLIENT_NOT_APPROVED'] } });
  r.post('/api/v1/admin/api-clients/:clientId/keys', ...ops, async (req, res) => {
    res.status(201).json(await issueApiKey(ctx, principalOf(req), String(req.params.clientId), parseInput(IssueApiKeyRequest, req.body ?? {})));
  });

  doc({ method: 'post', path: '/api/v1/admin/api-clients/{clientId}/keys/{keyId}/rotate', tag: TAG, auth: true, summary: 'Replace a key: a new one (shown once), the old one revoked at once', params: KeyParams, body: IssueApiKeyRequest,
    ok: { status: 201, description: 'The new key', schema: IssuedApiKeySchema }, errors: { ...operatorErrors, 404: ['API_KEY_NOT_FOUND'], 409: ['API_KEY_REVOKED', 'API_CLIENT_NOT_APPROVED'] } });
  r.post('/api/v1/admin/api-clients/:clientId/keys/:keyId/rotate', ...ops, async (req, res) => {
    res.status(201).json(await rotateApiKey(ctx, principalOf(req), String(req.params.clientId), String(req.params.keyId), parseInput(IssueApiKeyRequest, req.body ?? {})));
  });

  doc({ method: 'delete', path: '/api/v1/admin/api-clients/{clientId}/keys/{keyId}', tag: TAG, auth: true, summary: 'Revoke a key (idempotent)', params: KeyParams,
    ok: { status: 204, description: 'Revoked' }, errors: { ...operatorErrors, 404: ['API_KEY_NOT_FOUND'] } });
  r.delete('/api/v1/admin/api-clients/:clientId/keys/:keyId', ...ops, async (req, res) => {
    await revokeApiKey(ctx, principalOf(req), String(req.params.clientId), String(req.params.keyId));
    res.status(204).end();
  });

  doc({ method: 'get', path: '/api/v1/admin/api-clients/{clientId}/usage', tag: TAG, auth: true, summary: 'Usage of a client\'s keys per day and endpoint', params: ClientParams, query: UsageParams,
    ok: { status: 200, description: 'Usage', schema: ApiUsageResponse }, errors: { ...operatorErrors, 400: ['VALIDATION_FAILED'], 404: ['API_CLIENT_NOT_FOUND'] } });
  r.get('/api/v1/admin/api-clients/:clientId/usage', ...ops, async (req, res) => {
    res.json(await readApiUsage(ctx, String(req.params.clientId), parseInput(UsageParams, req.query)));
  });

  return r;
};
