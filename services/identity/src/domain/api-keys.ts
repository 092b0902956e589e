/**
 * Public API keys (spec 01 § Authentication): `sc_live_<prefix>_<secret>`.
 * - prefix: 8 characters [a-z0-9], unique, stored in clear: the lookup key;
 * - secret: 40 characters [A-Za-z0-9] (≈238 bits);
 * the whole key is stored only as its SHA-256. The gateway checks the shape with API_KEY_PATTERN
 * (400 "Malformed API Key") before asking identity.
 */
export const API_KEY_PATTERN = /^sc_live_([a-z0-9]{8})_([A-Za-z0-9]{40})$/;
export const PREFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
export const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const PREFIX_LENGTH = 8;
export const SECRET_LENGTH = 40;

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

export const formatApiKey = (prefix: string, secret: string): string => `sc_live_${prefix}_${secret}`;

export const parseApiKey = (raw: string): { prefix: string; secret: string } | undefined => {
  const m = API_KEY_PATTERN.exec(raw.trim());
  return m ? { prefix: m[1]!, secret: m[2]! } : undefined;
};

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
