import { decideExchange, decideRefresh, linkTokenValid, sessionTimes } from './tokens';

const at = (iso: string) => new Date(iso);
const now = at('2026-03-01T10:00:00.000Z');
const plus = (ms: number) => new Date(now.getTime() + ms);

describe('refresh token rotation', () => {
  const fresh = { expiresAt: plus(14 * 86_400_000), revokedAt: null, sessionExpiresAt: null };

  it('rotates a live token', () => {
    expect(decideRefresh(fresh, now, 60_000)).toEqual({ outcome: 'ROTATE' });
  });

  it('honours a token revoked within the grace period', () => {
    expect(decideRefresh({ ...fresh, revokedAt: plus(-60_000) }, now, 60_000)).toEqual({ outcome: 'GRACE' });
    expect(decideRefresh({ ...fresh, revokedAt: plus(-1) }, now, 60_000)).toEqual({ outcome: 'GRACE' });
  });

  it('refuses a token revoked longer ago than the grace period', () => {
    expect(decideRefresh({ ...fresh, revokedAt: plus(-60_001) }, now, 60_000)).toEqual({ outcome: 'REVOKED' });
  });

  it('refuses an expired token as EXPIRED even within the grace period', () => {
    expect(decideRefresh({ ...fresh, expiresAt: now, revokedAt: plus(-1000) }, now, 60_000)).toEqual({ outcome: 'EXPIRED' });
    expect(decideRefresh({ ...fresh, expiresAt: plus(-1) }, now, 60_000)).toEqual({ outcome: 'EXPIRED' });
  });

  it('refuses a token of an ended impersonation session', () => {
    expect(decideRefresh({ ...fresh, sessionExpiresAt: now }, now, 60_000)).toEqual({ outcome: 'EXPIRED' });
  });
});

describe('session times', () => {
  const lifetimes = { accessTtlSeconds: 1800, refreshTtlMs: 14 * 86_400_000 };

  it('gives 1800 s access and 14 days refresh by default', () => {
    const t = sessionTimes(now, lifetimes);
    expect(t.accessExpiresInSeconds).toBe(1800);
    expect(t.refreshExpiresAt).toEqual(plus(14 * 86_400_000));
  });

  it('never lets an impersonation session outlive its end', () => {
    const t = sessionTimes(now, lifetimes, plus(10 * 60_000));
    expect(t.accessExpiresInSeconds).toBe(600);
    expect(t.accessExpiresAt).toEqual(plus(600_000));
    expect(t.refreshExpiresAt).toEqual(plus(600_000));
  });
});

describe('link tokens', () => {
  const token = { purpose: 'SETUP', expiresAt: plus(1000), consumedAt: null };
  it('are valid once, for their purpose, before expiry', () => {
    expect(linkTokenValid(token, 'SETUP', now)).toBe(true);
    expect(linkTokenValid(token, 'PASSWORD_RESET', now)).toBe(false);
    expect(linkTokenValid({ ...token, consumedAt: now }, 'SETUP', now)).toBe(false);
    expect(linkTokenValid(token, 'SETUP', plus(1000))).toBe(false);
    expect(linkTokenValid(undefined, 'SETUP', now)).toBe(false);
  });
});

describe('exchange tokens', () => {
  it('distinguish unknown, consumed and expired', () => {
    expect(decideExchange(undefined, now)).toBe('EXCHANGE_TOKEN_NOT_FOUND');
    expect(decideExchange({ expiresAt: plus(1), consumedAt: null }, now)).toBe('OK');
    expect(decideExchange({ expiresAt: plus(0), consumedAt: null }, now)).toBe('EXCHANGE_TOKEN_EXPIRED');
    expect(decideExchange({ expiresAt: plus(-5), consumedAt: plus(-10) }, now)).toBe('EXCHANGE_TOKEN_CONSUMED');
  });
});
