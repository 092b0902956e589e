import { createHash } from 'node:crypto';
import { callUnary, type Logger } from '@storecast/service-kit';
import type { ApiKeyServiceClient } from '@storecast/proto';
import type { ParsedApiKey } from './api-key-format';
import type { ApiKeyVerdict, ApiKeyVerifier } from './api-key-verifier';

interface CacheEntry {
  verdict: ApiKeyVerdict;
  expiresAt: number;
}

export interface IdentityApiKeyVerifierOptions {
  client: ApiKeyServiceClient;
  logger: Logger;
  /** Most answers kept; the oldest is dropped first when full. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * Asks identity (ApiKeyService.VerifyApiKey) and keeps each answer for the lifetime identity
 * gives it (`cache_ttl_seconds`): that lifetime is how late a revoked key can still pass here.
 * Transport failures are not cached; they surface as 503 in the caller's error shape. Keys are
 * cached under their SHA-256, so no key sits in memory in clear longer than the request.
 */
export class IdentityApiKeyVerifier implements ApiKeyVerifier {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(private readonly options: IdentityApiKeyVerifierOptions) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  async verify(key: ParsedApiKey): Promise<ApiKeyVerdict> {
    const id = createHash('sha256').update(key.key).digest('hex');
    const cached = this.cache.get(id);
    if (cached && cached.expiresAt > this.now()) return cached.verdict;
    if (cached) this.cache.delete(id);

    const answer = await callUnary(this.options.client, 'verifyApiKey', { apiKey: key.key });
    const verdict = toVerdict(answer.verdict, answer.keyId, answer.clientId);
    const ttlMs = Math.max(0, answer.cacheTtlSeconds) * 1000;
    if (ttlMs > 0) {
      if (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(id, { verdict, expiresAt: this.now() + ttlMs });
    }
    return verdict;
  }
}

/** identity's verdicts in the gateway's terms (mapped to spec 01's messages by checkApiKey). */
export const toVerdict = (verdict: string, keyId?: string, clientId?: string): ApiKeyVerdict => {
  switch (verdict) {
    case 'VALID':
      return keyId && clientId ? { keyId, clientId } : 'unknown';
    case 'EXPIRED':
      return 'expired';
    case 'MALFORMED':
      return 'malformed';
    default:
      // UNKNOWN, REVOKED, CLIENT_NOT_APPROVED: not a defined key.
      return 'unknown';
  }
};
