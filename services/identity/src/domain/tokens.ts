/**
 * Rules of the opaque tokens identity hands out: refresh tokens (rotation with a grace period),
 * emailed link tokens and impersonation exchange tokens. Pure: callers pass the stored row and now.
 */

export interface StoredRefreshToken {
  expiresAt: Date;
  revokedAt: Date | null;
  sessionExpiresAt: Date | null;
}

export type RefreshDecision =
  | { outcome: 'ROTATE' }
  /** Revoked a moment ago (a concurrent or retried refresh): answer with a new pair anyway. */
  | { outcome: 'GRACE' }
  | { outcome: 'EXPIRED' }
  | { outcome: 'REVOKED' };

/**
 * A refresh token is usable while it has not expired (and, for impersonation, while the session
 * has not ended). A rotated (revoked) token is still honoured within `graceMs` of its revocation
 * and before its expiry; later it is AUTH_REFRESH_REVOKED. Unknown tokens are the caller's
 * concern (also REVOKED: after logout the row is gone).
 */
export const decideRefresh = (token: StoredRefreshToken, now: Date, graceMs: number): RefreshDecision => {
  const t = now.getTime();
  if (t >= token.expiresAt.getTime()) return { outcome: 'EXPIRED' };
  if (token.sessionExpiresAt && t >= token.sessionExpiresAt.getTime()) return { outcome: 'EXPIRED' };
  if (token.revokedAt === null) return { outcome: 'ROTATE' };
  return t - token.revokedAt.getTime() <= graceMs ? { outcome: 'GRACE' } : { outcome: 'REVOKED' };
};

export interface SessionLifetimes {
  accessTtlSeconds: number;
  refreshTtlMs: number;
}

export interface SessionTimes {
  accessExpiresAt: Date;
  accessExpiresInSeconds: number;
  refreshExpiresAt: Date;
}

/**
 * Expiry of a new token pair. An impersonation session has a hard end: neither the access token
 * nor the refresh token outlives it, however often it is refreshed.
 */
export const sessionTimes = (now: Date, lifetimes: SessionLifetimes, sessionEnd?: Date | null): SessionTimes => {
  const t = now.getTime();
  let accessExpires = t + lifetimes.accessTtlSeconds * 1000;
  let refreshExpires = t + lifetimes.refreshTtlMs;
  if (sessionEnd) {
    accessExpires = Math.min(accessExpires, sessionEnd.getTime());
    refreshExpires = Math.min(refreshExpires, sessionEnd.getTime());
  }
  return {
    accessExpiresAt: new Date(accessExpires),
    accessExpiresInSeconds: Math.max(0, Math.floor((accessExpires - t) / 1000)),
    refreshExpiresAt: new Date(refreshExpires),
  };
};

export interface StoredLinkToken {
  purpose: string;
  expiresAt: Date;
  consumedAt: Date | null;
}

/** A link token is valid for its own purpose, unused and unexpired; otherwise ACCOUNT_TOKEN_INVALID. */
export const linkTokenValid = (token: StoredLinkToken | undefined, purpose: string, now: Date): boolean =>
  !!token && token.purpose === purpose && token.consumedAt === null && now.getTime() < token.expiresAt.getTime();

export interface StoredExchangeToken {
  expiresAt: Date;
  consumedAt: Date | null;
}

export type ExchangeDecision = 'OK' | 'EXCHANGE_TOKEN_NOT_FOUND' | 'EXCHANGE_TOKEN_CONSUMED' | 'EXCHANGE_TOKEN_EXPIRED';

/** Spec 02 § Impersonation exchange token: second use CONSUMED (even after expiry), late use EXPIRED. */
export const decideExchange = (token: StoredExchangeToken | undefined, now: Date): ExchangeDecision => {
  if (!token) return 'EXCHANGE_TOKEN_NOT_FOUND';
  if (token.consumedAt) return 'EXCHANGE_TOKEN_CONSUMED';
  if (now.getTime() >= token.expiresAt.getTime()) return 'EXCHANGE_TOKEN_EXPIRED';
  return 'OK';
};
