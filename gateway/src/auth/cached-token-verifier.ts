import { LRUCache } from 'lru-cache';
import { type AccessClaims, type Clock, systemClock, type TokenRevocations, unauthorized } from '@storecast/service-kit';

/** Most verified tokens kept (a token and its claims take about 1.5 KB: 15 MB at most). */
export const TOKEN_CACHE_MAX_ENTRIES = 10_000;

interface VerifiedToken {
  claims: AccessClaims;
  /** Issued-at (seconds), for the revocation marks. */
  iat?: number;
  /** The token's own expiry (ms since the epoch): the entry is never used from then on. */
  expiresAtMs: number;
}

export interface CachedTokenVerifierOptions {
  /** Signature, issuer, audience, expiry and claim checks (the kit's TokenVerifier, without revocations). */
  verifier: { verify(token: string): Promise<AccessClaims> };
  /** Revocation marks (decision 0007), read on every request, cached or not. */
  revocations?: TokenRevocations;
  clock?: Clock;
  maxEntries?: number;
}

/** The payload's numeric claims of a token that just passed verification. */
const timesOf = (token: string): { exp?: number; iat?: number } => {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown; iat?: unknown };
    return {
      exp: typeof payload.exp === 'number' ? payload.exp : undefined,
      iat: typeof payload.iat === 'number' ? payload.iat : undefined,
    };
  } catch {
    return {};
  }
};

/**
 * Access-token verification with the RS256 check done once per token: a verified token's claims
 * are kept (least recently used dropped beyond maxEntries) until the token's own `exp` on the
 * verifier's clock, so the signature is not checked again on every request of a session. Failures
 * are never kept (a bad token costs a verification per request, as before; keys that cannot be
 * fetched must not be remembered as a verdict). The revocation marks are still read on every
 * request, so a revoked token stops at once here too.
 */
export class CachedTokenVerifier {
  private readonly cache: LRUCache<string, VerifiedToken>;
  private readonly clock: Clock;

  constructor(private readonly options: CachedTokenVerifierOptions) {
    this.clock = options.clock ?? systemClock;
    this.cache = new LRUCache({ max: options.maxEntries ?? TOKEN_CACHE_MAX_ENTRIES });
  }

  async verify(token: string): Promise<AccessClaims> {
    let entry = this.cache.get(token);
    if (entry && entry.expiresAtMs <= this.clock.now().getTime()) {
      this.cache.delete(token);
      entry = undefined;
    }
    if (!entry) {
      const claims = await this.options.verifier.verify(token);
      const { exp, iat } = timesOf(token);
      entry = { claims, iat, expiresAtMs: exp === undefined ? 0 : exp * 1000 };
      if (exp !== undefined) this.cache.set(token, entry);
    }
    await this.assertNotRevoked(entry.iat, entry.claims);
    return entry.claims;
  }

  /** The kit TokenVerifier's rule: a token issued before its subject's (or impersonator's) mark is refused. */
  private async assertNotRevoked(iat: number | undefined, claims: AccessClaims): Promise<void> {
    const { revocations } = this.options;
    if (!revocations) return;
    for (const id of [claims.sub, claims.impersonatedBy]) {
      if (!id) continue;
      const notBefore = await revocations.notBefore(id);
      if (notBefore !== undefined && (iat === undefined || iat < notBefore)) {
        throw unauthorized('AUTH_TOKEN_INVALID', 'Access token was revoked (password changed or account suspended)');
      }
    }
  }
}
