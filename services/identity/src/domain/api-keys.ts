import {
  API_KEY_PATTERN,
  API_KEY_PREFIX_ALPHABET,
  API_KEY_PREFIX_LENGTH,
  API_KEY_SECRET_ALPHABET,
  API_KEY_SECRET_LENGTH,
  formatApiKey,
  parseApiKey as parseApiKeyExactly,
  type ParsedApiKey,
} from '@storecast/service-kit/domain/api-key-format';

/**
 * Public API keys: the format is the kit's one definition (`@storecast/service-kit/domain/api-key-format`,
 * `sc_live_<8 [a-z0-9]>_<40 [A-Za-z0-9]>`), shared with the gateway, which refuses other shapes
 * (400 "Malformed API Key") before asking identity. The whole key is stored only as its SHA-256.
 */
export { API_KEY_PATTERN, formatApiKey };
export const PREFIX_ALPHABET = API_KEY_PREFIX_ALPHABET;
export const SECRET_ALPHABET = API_KEY_SECRET_ALPHABET;
export const PREFIX_LENGTH = API_KEY_PREFIX_LENGTH;
export const SECRET_LENGTH = API_KEY_SECRET_LENGTH;

/** Maps random bytes onto an alphabet by rejection sampling (no modulo bias). */
export const encodeRandom = (bytes: Uint8Array, alphabet: string, length: number): string | undefined => {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  for (const b of bytes) {
    if (b >= limit) continue;
    out += alphabet[b % alphabet.length];
    if (out.length === length) return out;
  }
  return undefined;
};

/** A presented key's parts (surrounding whitespace ignored), or undefined when it is not of the format (MALFORMED). */
export const parseApiKey = (raw: string): ParsedApiKey | undefined => parseApiKeyExactly(raw.trim());

export type ApiKeyVerdict = 'VALID' | 'MALFORMED' | 'UNKNOWN' | 'EXPIRED' | 'REVOKED' | 'CLIENT_NOT_APPROVED';

export interface StoredApiKey {
  status: 'ACTIVE' | 'REVOKED';
  expiresAt: Date;
  clientStatus: string;
}

/** A key is valid while ACTIVE, unexpired and its client is APPROVED. */
export const judgeApiKey = (key: StoredApiKey | undefined, hashMatches: boolean, now: Date): ApiKeyVerdict => {
  if (!key || !hashMatches) return 'UNKNOWN';
  if (key.status === 'REVOKED') return 'REVOKED';
  if (now.getTime() >= key.expiresAt.getTime()) return 'EXPIRED';
  if (key.clientStatus !== 'APPROVED') return 'CLIENT_NOT_APPROVED';
  return 'VALID';
};

export type ApiClientStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

/** Sign-ups are decided once: PENDING → APPROVED or REJECTED. */
export const decideClient = (status: ApiClientStatus, decision: 'APPROVE' | 'REJECT'): ApiClientStatus | undefined => {
  if (status !== 'PENDING') return undefined;
  return decision === 'APPROVE' ? 'APPROVED' : 'REJECTED';
};

/** A call counts as successful when the API answered below 400. */
export const isSuccessfulCall = (statusCode: number): boolean => statusCode < 400;
