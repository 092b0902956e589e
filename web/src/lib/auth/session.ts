import { ApiError, apiErrorFrom, networkError } from '../errors/api-error';

export type Role = 'OPERATOR' | 'HQ_MANAGER' | 'STORE_MANAGER';

/** AuthResponse of spec 02 (login, refresh, change-password), as kept by the browser. */
export interface SessionTokens {
  accessToken: string;
  /** Device time (ms) the access token expires. */
  accessExpiresAt: number;
  refreshToken: string;
  refreshExpiresAt: string;
  accountId: string;
  role: Role;
  passwordMustChange: boolean;
  /** Set when an operator works as this HQ manager (spec 02 § Impersonation exchange token). */
  impersonation?: Impersonation;
}

export interface Impersonation {
  operatorEmail: string;
  impersonatedBy: string;
  hqName: string;
  /** When the 60-minute session ends (refreshExpiresAt); there is no refresh past it. */
  endsAt: string;
}

/** ImpersonationExchangeResponse of spec 02. */
export interface ImpersonationExchangeBody extends Omit<AuthResponseBody, 'passwordMustChange'> {
  impersonatedBy: string;
  operatorEmail: string;
  hqName: string;
}

export interface AuthResponseBody {
  accessToken: string;
  accessExpiresInSeconds: number;
  refreshToken: string;
  refreshExpiresAt: string;
  accountId: string;
  role: Role;
  passwordMustChange: boolean;
}

export type SignOutReason = 'LOGOUT' | 'EXPIRED' | 'REVOKED';
type Listener = (tokens: SessionTokens | null, reason?: SignOutReason) => void;

const STORAGE_KEY = 'storecast.session';
/** Refresh this long before the access token expires, so no request meets an expired token. */
const REFRESH_AHEAD_MS = 60_000;

/**
 * The signed-in session: tokens kept in local storage (a store player must come back signed in
 * after a power cut), the access token refreshed before it expires with the rotating refresh
 * token, and signed out when the server refuses the refresh (401 AUTH_REFRESH_*).
 *
 * An impersonation session lives in this tab's session storage only: the operator opens it in a
 * new tab, and their own session in local storage (and their other tabs) must stay as it was.
 */
export class Session {
  private tokens: SessionTokens | null;
  private endedBecause: SignOutReason | null = null;
  private readonly listeners = new Set<Listener>();
  private refreshing: Promise<SessionTokens | null> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly storage: Storage = window.localStorage,
    private readonly fetchImpl: typeof fetch = (input, init) => window.fetch(input, init),
    private readonly tabStorage: Storage = window.sessionStorage,
  ) {
    this.tokens = this.read();
    this.schedule();
    // Another tab refreshed or signed out: follow it instead of presenting a rotated token.
    window.addEventListener('storage', (event) => {
      if (event.key !== STORAGE_KEY || this.tokens?.impersonation) return;
      this.tokens = this.read();
      this.schedule();
      this.emit(this.tokens ? undefined : 'LOGOUT');
    });
  }

  get current(): SessionTokens | null {
    return this.tokens;
  }

  /** Why the last session of this page ended (null: none ended here), for the sign-in page to say. */
  get signOutReason(): SignOutReason | null {
    return this.endedBecause;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Takes the tokens of a login, refresh or password change. */
  accept(body: AuthResponseBody): SessionTokens {
    this.endedBecause = null;
    // A refresh keeps the impersonation claim (spec 02), so the banner and its end stay too.
    const impersonation = this.tokens?.impersonation;
    this.tokens = {
      accessToken: body.accessToken,
      accessExpiresAt: Date.now() + body.accessExpiresInSeconds * 1000,
      refreshToken: body.refreshToken,
      refreshExpiresAt: impersonation ? impersonation.endsAt : body.refreshExpiresAt,
      accountId: body.accountId,
      role: body.role,
      passwordMustChange: body.passwordMustChange,
      ...(impersonation ? { impersonation } : {}),
    };
    this.write();
    this.schedule();
    this.emit();
    return this.tokens;
  }

  /** Takes an impersonation exchange: this tab becomes the HQ manager until the session ends. */
  acceptImpersonation(body: ImpersonationExchangeBody): SessionTokens {
    this.endedBecause = null;
    this.tokens = {
      accessToken: body.accessToken,
      accessExpiresAt: Date.now() + body.accessExpiresInSeconds * 1000,
      refreshToken: body.refreshToken,
      refreshExpiresAt: body.refreshExpiresAt,
      accountId: body.accountId,
      role: body.role,
      passwordMustChange: false,
      impersonation: { operatorEmail: body.operatorEmail, impersonatedBy: body.impersonatedBy, hqName: body.hqName, endsAt: body.refreshExpiresAt },
    };
    this.write();
    this.schedule();
    this.emit();
    return this.tokens;
  }

  /** The access token to send now, refreshed first when it is about to expire. */
  async accessToken(): Promise<string | null> {
    const tokens = this.tokens;
    if (!tokens) return null;
    if (tokens.accessExpiresAt - Date.now() > REFRESH_AHEAD_MS / 2) return tokens.accessToken;
    const refreshed = await this.refresh().catch((err: unknown) => {
      // Offline: the old token is still the best thing to try; the request will say what happened.
      if (err instanceof ApiError && err.isNetwork) return tokens;
      throw err;
    });
    return refreshed?.accessToken ?? null;
  }

  /** One refresh at a time: concurrent callers share it (a second would present a rotated token). */
  refresh(): Promise<SessionTokens | null> {
    this.refreshing ??= this.doRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async doRefresh(): Promise<SessionTokens | null> {
    const tokens = this.tokens;
    if (!tokens) return null;
    let res: Response;
    try {
      res = await this.fetchImpl('/api/v1/auth/refresh', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken: tokens.refreshToken }) });
    } catch (err) {
      throw networkError(err);
    }
    const body: unknown = await res.json().catch(() => undefined);
    if (res.ok) return this.accept(body as AuthResponseBody);
    const error = apiErrorFrom(res.status, body, res.headers);
    if (res.status === 401 || (res.status === 403 && /^AUTH_/.test(error.code))) {
      this.clear(error.code === 'AUTH_REFRESH_EXPIRED' ? 'EXPIRED' : 'REVOKED');
      return null;
    }
    throw error;
  }

  /** Logout: the server deletes the refresh tokens; the browser forgets them either way. */
  async logout(): Promise<void> {
    const tokens = this.tokens;
    this.clear('LOGOUT');
    if (!tokens) return;
    await this.fetchImpl('/api/v1/auth/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.accessToken}` },
      body: JSON.stringify({ refreshToken: tokens.refreshToken }),
    }).catch(() => undefined);
  }

  clear(reason: SignOutReason): void {
    const impersonating = Boolean(this.tokens?.impersonation);
    this.endedBecause = reason;
    this.tokens = null;
    if (impersonating) this.tabStorage.removeItem(STORAGE_KEY);
    else this.storage.removeItem(STORAGE_KEY);
    this.schedule();
    this.emit(reason);
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (!this.tokens) return;
    const { impersonation } = this.tokens;
    if (impersonation) {
      // No automatic refresh for impersonation (spec 02): it ends at its hour, requests refresh on demand.
      const left = Date.parse(impersonation.endsAt) - Date.now();
      this.timer = setTimeout(() => this.clear('EXPIRED'), Math.max(0, Math.min(left, 2 ** 31 - 1)));
      return;
    }
    const wait = Math.max(5_000, this.tokens.accessExpiresAt - Date.now() - REFRESH_AHEAD_MS);
    this.timer = setTimeout(() => {
      this.refresh().catch(() => {
        // Offline or the server failed: try again in a while; requests refresh on demand too.
        this.timer = setTimeout(() => this.schedule(), 30_000);
      });
    }, wait);
  }

  private emit(reason?: SignOutReason): void {
    for (const listener of this.listeners) listener(this.tokens, reason);
  }

  private read(): SessionTokens | null {
    try {
      const raw = this.tabStorage.getItem(STORAGE_KEY) ?? this.storage.getItem(STORAGE_KEY);
      return raw ? (JSON.parse(raw) as SessionTokens) : null;
    } catch {
      return null;
    }
  }

  private write(): void {
    (this.tokens?.impersonation ? this.tabStorage : this.storage).setItem(STORAGE_KEY, JSON.stringify(this.tokens));
  }
}
