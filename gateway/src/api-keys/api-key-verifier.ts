import type { ParsedApiKey } from './api-key-format';

/** Who a valid key belongs to; forwarded to catalog-search as X-Storecast-Api-Client-Id / -Key-Id. */
export interface ApiKeyIdentity {
  clientId: string;
  keyId: string;
}

/**
 * Checks a well-formed public API key. The real implementation (issue 3) asks identity, which owns
 * API clients and keys, and caches answers briefly; the gateway only depends on this interface.
 */
export interface ApiKeyVerifier {
  verify(key: ParsedApiKey): Promise<ApiKeyIdentity | 'expired' | 'unknown'>;
}

/** Until identity offers key lookup, no key is known: every well-formed key answers 'unknown'. */
export const noApiKeysVerifier: ApiKeyVerifier = {
  verify: async () => 'unknown',
};
