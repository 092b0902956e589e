import type { IncomingHttpHeaders } from 'node:http';
import type { AuthMode } from '../routes/route-table';
import { parseApiKey } from '@storecast/service-kit/edge';
import type { ApiKeyIdentity, ApiKeyVerifier } from './api-key-verifier';

/** A refusal in spec 01's terms: status and the exact message of its error table. */
export interface ApiKeyRefusal {
  status: 400 | 401;
  message: string;
}

export const API_KEY_MESSAGES = {
  authorizationUndefined: 'Authorization undefined.',
  undefinedKey: 'Undefined API Key',
  malformedKey: 'Malformed API Key',
  expiredKey: 'Expired API Key',
} as const;

const single = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/**
 * The credential of a public API request, per spec 01 § Authentication and § Errors:
 *  catalog (`Authorization: Bearer <key>`): no Authorization header, or one that is not a Bearer
 *    credential → 401 "Authorization undefined."; `Bearer` with an empty value → 400 "Undefined API Key"
 *  search (`X-API-Key`): absent or empty → 400 "Undefined API Key"
 *  then for both: not of the key format → 400 "Malformed API Key"; expired → 400 "Expired API Key";
 *  well-formed but unknown (or revoked) → 400 "Undefined API Key" (the key is not a defined one).
 */
export const checkApiKey = async (
  mode: Extract<AuthMode, 'api-key-bearer' | 'api-key-header'>,
  headers: IncomingHttpHeaders,
  verifier: ApiKeyVerifier,
): Promise<ApiKeyIdentity | ApiKeyRefusal> => {
  let raw: string;
  if (mode === 'api-key-bearer') {
    const authorization = single(headers.authorization);
    if (authorization === undefined) return { status: 401, message: API_KEY_MESSAGES.authorizationUndefined };
    const m = /^\s*bearer(?:\s+(.*))?$/i.exec(authorization);
    if (!m) return { status: 401, message: API_KEY_MESSAGES.authorizationUndefined };
    raw = (m[1] ?? '').trim();
  } else {
    raw = (single(headers['x-api-key']) ?? '').trim();
  }
  if (raw === '') return { status: 400, message: API_KEY_MESSAGES.undefinedKey };
  const key = parseApiKey(raw);
  if (!key) return { status: 400, message: API_KEY_MESSAGES.malformedKey };
  const result = await verifier.verify(key);
  if (result === 'expired') return { status: 400, message: API_KEY_MESSAGES.expiredKey };
  if (result === 'unknown') return { status: 400, message: API_KEY_MESSAGES.undefinedKey };
  if (result === 'malformed') return { status: 400, message: API_KEY_MESSAGES.malformedKey };
  return result;
};

export const isRefusal = (r: ApiKeyIdentity | ApiKeyRefusal): r is ApiKeyRefusal => 'status' in r;
