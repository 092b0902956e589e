// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Session, type AuthResponseBody, type ImpersonationExchangeBody } from './session';

const KEY = 'storecast.session';

const login = (overrides: Partial<AuthResponseBody> = {}): AuthResponseBody => ({
  accessToken: 'operator-access',
  accessExpiresInSeconds: 1800,
  refreshToken: 'operator-refresh',
  refreshExpiresAt: new Date(Date.now() + 14 * 86_400_000).toISOString(),
  accountId: 'operator-1',
  role: 'OPERATOR',
  passwordMustChange: false,
  ...overrides,
});

const exchange = (minutes = 60): ImpersonationExchangeBody => ({
  accessToken: 'hq-access',
  accessExpiresInSeconds: 1800,
  refreshToken: 'hq-refresh',
  refreshExpiresAt: new Date(Date.now() + minutes * 60_000).toISOString(),
  accountId: 'hq-manager-1',
  role: 'HQ_MANAGER',
  impersonatedBy: 'operator-1',
  operatorEmail: 'ops@storecast.test',
  hqName: 'Corner Market',
});

describe('an impersonation session', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('is kept in this tab only, leaving the operator\'s own session in local storage as it was', () => {
    const operatorTab = new Session(localStorage, vi.fn(), sessionStorage);
    operatorTab.accept(login());
    const stored = localStorage.getItem(KEY);

    const tab = new Session(localStorage, vi.fn(), sessionStorage);
    tab.acceptImpersonation(exchange());

    expect(localStorage.getItem(KEY)).toBe(stored);
    expect(JSON.parse(sessionStorage.getItem(KEY)!)).toMatchObject({ accountId: 'hq-manager-1', impersonation: { operatorEmail: 'ops@storecast.test', hqName: 'Corner Market' } });
    expect(tab.current?.impersonation?.operatorEmail).toBe('ops@storecast.test');
    expect(tab.current?.passwordMustChange).toBe(false);
  });

  it('comes back after a reload of the tab, before the operator\'s session', () => {
    new Session(localStorage, vi.fn(), sessionStorage).accept(login());
    new Session(localStorage, vi.fn(), sessionStorage).acceptImpersonation(exchange());
    const reloaded = new Session(localStorage, vi.fn(), sessionStorage);
    expect(reloaded.current?.accountId).toBe('hq-manager-1');
  });

  it('keeps its claim and its end across a refresh of the access token', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify(login({ accessToken: 'hq-access-2', accountId: 'hq-manager-1', role: 'HQ_MANAGER', refreshToken: 'hq-refresh-2' })), { status: 200 }));
    const tab = new Session(localStorage, fetchImpl, sessionStorage);
    const first = tab.acceptImpersonation(exchange());
    await tab.refresh();
    expect(tab.current?.accessToken).toBe('hq-access-2');
    expect(tab.current?.impersonation).toEqual(first.impersonation);
    expect(tab.current?.refreshExpiresAt).toBe(first.impersonation!.endsAt);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('ends at its hour without a refresh, and signing out clears only this tab', () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn();
    new Session(localStorage, vi.fn(), sessionStorage).accept(login());
    const tab = new Session(localStorage, fetchImpl, sessionStorage);
    const ended = vi.fn();
    tab.subscribe((tokens, reason) => ended(tokens, reason));
    tab.acceptImpersonation(exchange(60));

    vi.advanceTimersByTime(60 * 60_000 + 1);

    expect(fetchImpl).not.toHaveBeenCalled();
    expect(ended).toHaveBeenLastCalledWith(null, 'EXPIRED');
    expect(tab.signOutReason).toBe('EXPIRED');
    expect(sessionStorage.getItem(KEY)).toBeNull();
    expect(JSON.parse(localStorage.getItem(KEY)!).accountId).toBe('operator-1');
  });
});
