import type { ParsedApiKey } from '@storecast/service-kit/edge';

/** Who a valid key belongs to; forwarded to catalog-search as X-Storecast-Api-Client-Id / -Key-Id. */
export interface ApiKeyIdentity {
  clientId: string;
  keyId: string;
}

/**
 * Checks a well-formed public API key. The implementation (identity-api-key-verifier.ts) asks
 * identity, which owns API clients and keys, and caches answers briefly; the gateway only depends
 * on this interface.
 */
export type ApiKeyVerdict = ApiKeyIdentity | 'expired' | 'unknown' | 'malformed';

export interface ApiKeyVerifier {
  verify(key: ParsedApiKey): Promise<ApiKeyVerdict>;
}
