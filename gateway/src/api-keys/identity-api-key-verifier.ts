import { createHash } from 'node:crypto';
import { callUnary, serviceUnavailable, type Logger } from '@storecast/service-kit';
import type { ApiKeyServiceClient } from '@storecast/proto';
import type { ParsedApiKey } from '@storecast/service-kit';
import type { ApiKeyVerdict, ApiKeyVerifier } from './api-key-verifier';

interface CacheEntry {
  verdict: ApiKeyVerdict;
  expiresAt: number;
}

export interface IdentityApiKeyVerifierOptions {
  client: ApiKeyServiceClient;
  logger: Logger;
  /** Most answers kept; the least recently used is dropped first when full. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * Asks identity (ApiKeyService.VerifyApiKey) and keeps each answer, positive or negative, for the
 * lifetime identity gives it (`cache_ttl_seconds`): that lifetime is how late a revoked key can
 * still pass here. A valid verdict never outlives the key's own `expires_at`. Concurrent first
 * requests with one key share one call. Transport failures are never cached; they surface as 503
 * in the caller's error shape. Keys are cached under their SHA-256, so no key sits in memory in
 * clear longer than the request.
 */
export class IdentityApiKeyVerifier implements ApiKeyVerifier {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly inFlight = new Map<string, Promise<ApiKeyVerdict>>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(private readonly options: IdentityApiKeyVerifierOptions) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Verdicts currently cached (for tests and diagnostics). */
  get size(): number {
    return this.cache.size;
  }

  verify(key: ParsedApiKey): Promise<ApiKeyVerdict> {
    const id = createHash('sha256').update(key.key).digest('hex');
    const cached = this.cache.get(id);
    if (cached) {
      this.cache.delete(id);
      if (cached.expiresAt > this.now()) {
        // Re-inserted last: Map order is the recency order the eviction reads.
        this.cache.set(id, cached);
        return Promise.resolve(cached.verdict);
      }
    }
    let pending = this.inFlight.get(id);
    if (!pending) {
      pending = this.ask(id, key).finally(() => this.inFlight.delete(id));
      this.inFlight.set(id, pending);
    }
    return pending;
  }

  private async ask(id: string, key: ParsedApiKey): Promise<ApiKeyVerdict> {
    let answer;
    try {
      answer = await callUnary(this.options.client, 'verifyApiKey', { apiKey: key.key });
    } catch (err) {
      // Identity down, slow or failing: the key cannot be judged (never cached, never a 400).
      throw serviceUnavailable('API key verification is unavailable', err);
    }
    const verdict = toVerdict(answer.verdict, answer.keyId, answer.clientId);
    const now = this.now();
    let expiresAt = now + Math.max(0, answer.cacheTtlSeconds ?? 0) * 1000;
    if (typeof verdict === 'object' && answer.expiresAt) {
      const keyExpiry = Date.parse(answer.expiresAt);
      if (Number.isFinite(keyExpiry)) expiresAt = Math.min(expiresAt, keyExpiry);
    }
    if (expiresAt > now) this.store(id, { verdict, expiresAt });
    return verdict;
  }

  private store(id: string, entry: CacheEntry): void {
    // Full: drop the least recently used (the first in Map order; with one lifetime for all
    // verdicts, that is also the one closest to expiry).
    while (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(id, entry);
  }
}

/** identity's verdicts in the gateway's terms (mapped to spec 01's messages by checkApiKey). */
export const toVerdict = (verdict: string, keyId?: string | null, clientId?: string | null): ApiKeyVerdict => {
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
