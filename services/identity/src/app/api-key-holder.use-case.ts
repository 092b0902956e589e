import { unauthorized } from '@storecast/service-kit';
import { findApiClient } from './api-clients.use-case';
import { verifyApiKey, type ApiKeyVerification } from './api-keys.use-case';
import { readApiUsage } from './api-usage.use-case';
import type { IdentityContext } from './context';

const VERDICT_MESSAGES: Record<string, string> = {
  MALFORMED: 'Malformed API Key',
  UNKNOWN: 'Undefined API Key',
  REVOKED: 'Undefined API Key',
  EXPIRED: 'Expired API Key',
  CLIENT_NOT_APPROVED: 'Undefined API Key',
};

/** The key its holder presents, verified: 401 API_KEY_INVALID (with the gateway's messages) otherwise. */
const holderKey = async (ctx: IdentityContext, presented: string | undefined): Promise<ApiKeyVerification & { keyId: string; clientId: string; expiresAt: string }> => {
  if (!presented) throw unauthorized('API_KEY_INVALID', 'Authorization undefined.');
  const verdict = await verifyApiKey(ctx, presented);
  if (!verdict.valid || !verdict.keyId || !verdict.clientId || !verdict.expiresAt) {
    throw unauthorized('API_KEY_INVALID', VERDICT_MESSAGES[verdict.verdict] ?? 'Undefined API Key');
  }
  return { ...verdict, keyId: verdict.keyId, clientId: verdict.clientId, expiresAt: verdict.expiresAt };
};

/** GET /api/v1/api-access/key: the presented key (ApiKeySelfResponse). */
export const describeOwnApiKey = async (ctx: IdentityContext, presented: string | undefined) => {
  const key = await holderKey(ctx, presented);
  const client = await findApiClient(ctx, key.clientId);
  const prefix = client.keys?.find((k) => k.id === key.keyId)?.prefix ?? '';
  return { keyId: key.keyId, clientId: key.clientId, prefix, expiresAt: key.expiresAt };
};

/** GET /api/v1/api-access/usage: usage of the holder's own client. */
export const readOwnApiUsage = async (ctx: IdentityContext, presented: string | undefined, window: { from?: string; to?: string }) => {
  const key = await holderKey(ctx, presented);
  return readApiUsage(ctx, key.clientId, window);
};
