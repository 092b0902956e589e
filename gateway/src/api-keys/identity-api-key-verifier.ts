import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { callUnary, serviceUnavailable, type Logger } from '@storecast/service-kit/edge';
import type { ApiKeyServiceClient } from '@storecast/proto';
import type { ParsedApiKey } from '@storecast/service-kit/edge';
import type { ApiKeyVerdict, ApiKeyVerifier } from './api-key-verifier';

interface CacheEntry {
  verdict: ApiKeyVerdict;
  /** The end of its lifetime, exclusive (lru-cache's own ttl keeps an entry through that instant). */
  expiresAt: number;
}

export interface IdentityApiKeyVerifierOptions {
  client: ApiKeyServiceClient;
  logger: Logger;
  /** Most answers kept; the least recently used is dropped first when full. */
  maxEntries?: number;
  /** Wall-clock milliseconds (a key's own expiry is a date); injected by tests. */
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
  private readonly cache: LRUCache<string, CacheEntry>;
  private readonly inFlight = new Map<string, Promise<ApiKeyVerdict>>();
  private readonly now: () => number;

  constructor(private readonly options: IdentityApiKeyVerifierOptions) {
    this.now = options.now ?? Date.now;
    this.cache = new LRUCache<string, CacheEntry>({
      max: options.maxEntries ?? 10_000,
      // Each verdict carries its own lifetime (set below); an expired one is never returned.
      ttlAutopurge: false,
      // The cache's time is the injected clock when there is one (tests), checked on every read.
      ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
    });
  }

  /** Verdicts currently cached (for tests and diagnostics). */
  get size(): number {
    return this.cache.size;
  }

  verify(key: ParsedApiKey): Promise<ApiKeyVerdict> {
    const id = createHash('sha256').update(key.key).digest('hex');
    const cached = this.cache.get(id);
    if (cached && cached.expiresAt > this.now()) return Promise.resolve(cached.verdict);
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
    let ttl = Math.max(0, answer.cacheTtlSeconds ?? 0) * 1000;
    if (typeof verdict === 'object' && answer.expiresAt) {
      const keyExpiry = Date.parse(answer.expiresAt);
      if (Number.isFinite(keyExpiry)) ttl = Math.min(ttl, keyExpiry - now);
    }
    // A zero lifetime keeps nothing (to lru-cache, a ttl of 0 would mean "forever").
    if (ttl > 0) this.cache.set(id, { verdict, expiresAt: now + ttl }, { ttl });
    return verdict;
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
