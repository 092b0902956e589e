import { type Context, context } from '@opentelemetry/api';
import { createPublicKey, type KeyObject } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Metadata } from '@grpc/grpc-js';
import type { Clock } from './clock';
import { AppError, forbidden, unauthorized } from './errors';
import type { TokenRevocations } from './token-revocations';
import { TicketInvalidError, TicketSigner, type VerifiedTicket } from './tickets';
import { setNewest } from './bounded-map';

export const ROLES = ['OPERATOR', 'HQ_MANAGER', 'STORE_MANAGER'] as const;
export type Role = (typeof ROLES)[number];

export const JWT_ISSUER = 'storecast-identity';
export const JWT_AUDIENCE = 'storecast';

/** Claims of an access token (spec 02 § Authentication; ARCHITECTURE § Identity on the wire). */
export interface AccessClaims {
  sub: string;
  role: Role;
  hqId?: string;
  storeId?: string;
  passwordMustChange: boolean;
  /** Operator account id while an operator impersonates an HQ manager. */
  impersonatedBy?: string;
}

/** The caller as every service sees it after verification. */
export interface Principal {
  accountId: string;
  role: Role;
  hqId?: string;
  storeId?: string;
  passwordMustChange: boolean;
  impersonatedBy?: string;
  /** The raw bearer token, forwarded on calls the service makes on the caller's behalf ('' for an upload ticket). */
  token: string;
  /** Set when the caller was authenticated by an upload ticket instead of a bearer token. */
  uploadTicket?: { purpose: UploadPurpose; targetId?: string };
}

export type KeySource =
  | { publicKeyPem: string }
  | { jwksUrl: string; fetchImpl?: typeof fetch };

export interface TokenVerifierOptions {
  /** The time tokens are judged at (expiry); tests and the e2e harness move it by hand. */
  clock?: Clock;
  /**
   * Revocation marks identity writes on password change/reset and suspension (decision 0007):
   * a token of the account (or of the impersonating operator) issued before the mark is 401
   * AUTH_TOKEN_INVALID at once, not when it expires.
   */
  revocations?: TokenRevocations;
  /**
   * Most verified tokens whose claims are kept (least recently used dropped beyond it; 0: none
   * kept). Default TOKEN_CACHE_MAX_ENTRIES.
   */
  cacheMaxEntries?: number;
}

/** Verified tokens kept by default (a token and its claims take about 1.5 KB: 15 MB at most). */
export const TOKEN_CACHE_MAX_ENTRIES = 10_000;

interface VerifiedToken {
  claims: AccessClaims;
  /** Issued-at (seconds), for the revocation marks. */
  iat: unknown;
  /** The token's own expiry (ms since the epoch): the entry is not used from then on. */
  expiresAtMs: number;
}

type Jose = typeof import('jose', { with: { 'resolution-mode': 'import' } });
type RemoteKeys = ReturnType<Jose['createRemoteJWKSet']>;

// jose is ESM-only: loaded once, on the first verification (dynamic import from CommonJS).
let josePromise: Promise<Jose> | undefined;
const loadJose = (): Promise<Jose> => (josePromise ??= import('jose'));

/** The key set could not be fetched (identity down, timeout, not a JWKS): the token cannot be judged. */
class KeysUnavailable extends Error {}

/**
 * Verifies access tokens (RS256, the kit's issuer and audience) with jose: against the PEM public
 * key when configured, else against identity's JWKS endpoint (jose's remote key set: fetched on
 * first use, cached, refetched when a token names an unknown key id — at most every 30 s — and
 * after 10 minutes). An expired token is 401 AUTH_TOKEN_EXPIRED, any other bad token 401
 * AUTH_TOKEN_INVALID, unreachable keys 503 SERVICE_UNAVAILABLE (never a verdict on the token).
 *
 * The RS256 check is done once per token: a verified token's claims are kept (bounded, least
 * recently used dropped) until the token's own `exp` on the verifier's clock, as the gateway
 * does, because a player or a dashboard sends the same token on every request of its session and
 * the signature check is the most expensive step of a small request. Failures are never kept (a
 * bad token costs a verification every time; unreachable keys are not a verdict). The revocation
 * marks are still checked on every request (RedisTokenRevocations answers from a local copy Redis keeps
 * exact, decision 0009), so a revoked token stops at once, cached or not.
 */
export class TokenVerifier {
  private readonly staticKey?: KeyObject;
  private remote?: Promise<RemoteKeys>;
  /** Map order is recency order: a hit is moved to the end, the first entry is the oldest. */
  private readonly verified = new Map<string, VerifiedToken>();
  private readonly cacheMaxEntries: number;

  constructor(
    private readonly source: KeySource,
    private readonly options: TokenVerifierOptions = {},
  ) {
    if ('publicKeyPem' in source) this.staticKey = createPublicKey(source.publicKeyPem);
    this.cacheMaxEntries = options.cacheMaxEntries ?? TOKEN_CACHE_MAX_ENTRIES;
  }

  /** How many verified tokens are kept now (tests: the bound holds). */
  get cachedTokens(): number {
    return this.verified.size;
  }

  private remoteKeys(jose: Jose, source: { jwksUrl: string; fetchImpl?: typeof fetch }): Promise<RemoteKeys> {
    this.remote ??= Promise.resolve(
      jose.createRemoteJWKSet(new URL(source.jwksUrl), {
        timeoutDuration: 3000,
        cooldownDuration: 30_000,
        ...(source.fetchImpl ? { [jose.customFetch]: source.fetchImpl } : {}),
      }),
    );
    return this.remote;
  }

  /** A token issued before a revocation mark of its account (or of the impersonating operator) is refused. */
  private async assertNotRevoked(iat: unknown, accountIds: Array<string | undefined>, trace: Context): Promise<void> {
    const { revocations } = this.options;
    if (!revocations) return;
    for (const id of accountIds) {
      if (!id) continue;
      // In the caller's trace: after an await, a context manager without async hooks (the
      // gateway's) no longer has it, and the Redis read would be nobody's child.
      const notBefore = await context.with(trace, () => revocations.notBefore(id));
      if (notBefore !== undefined && (typeof iat !== 'number' || iat < notBefore)) {
        throw unauthorized('AUTH_TOKEN_INVALID', 'Access token was revoked (password changed or account suspended)');
      }
    }
  }

  async verify(token: string): Promise<AccessClaims> {
    const trace = context.active();
    const hit = this.verified.get(token);
    if (hit) {
      this.verified.delete(token);
      if (hit.expiresAtMs > (this.options.clock?.now() ?? new Date()).getTime()) {
        this.verified.set(token, hit);
        await this.assertNotRevoked(hit.iat, [hit.claims.sub, hit.claims.impersonatedBy], trace);
        return hit.claims;
      }
    }
    const { claims, iat, exp } = await this.verifySignature(token);
    await this.assertNotRevoked(iat, [claims.sub, claims.impersonatedBy], trace);
    if (this.cacheMaxEntries > 0) setNewest(this.verified, token, { claims, iat, expiresAtMs: exp * 1000 }, this.cacheMaxEntries);
    return claims;
  }

  /** Signature, issuer, audience, expiry and claims (jose); no revocation check. */
  private async verifySignature(token: string): Promise<{ claims: AccessClaims; iat: unknown; exp: number }> {
    const jose = await loadJose();
    const { source } = this;
    let key: KeyObject | ((...args: Parameters<RemoteKeys>) => ReturnType<RemoteKeys>);
    if (this.staticKey) {
      key = this.staticKey;
    } else {
      const remote = await this.remoteKeys(jose, source as { jwksUrl: string; fetchImpl?: typeof fetch });
      key = async (header, input) => {
        try {
          return await remote(header, input);
        } catch (err) {
          // No key with the token's kid is a bad token; anything else is the key set being unavailable.
          if (err instanceof jose.errors.JWKSNoMatchingKey || err instanceof jose.errors.JWKSMultipleMatchingKeys) throw err;
          throw new KeysUnavailable('token keys are unavailable', { cause: err });
        }
      };
    }
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jose.jwtVerify(token, key as never, {
        algorithms: ['RS256'],
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
        requiredClaims: ['sub', 'exp'],
        currentDate: this.options.clock?.now(),
      }));
    } catch (err) {
      if (err instanceof KeysUnavailable) throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Token keys are unavailable', { cause: err.cause });
      if (err instanceof jose.errors.JWTExpired) throw unauthorized('AUTH_TOKEN_EXPIRED', 'Access token has expired');
      throw unauthorized('AUTH_TOKEN_INVALID', 'Access token is invalid');
    }
    const role = payload.role as Role;
    if (typeof payload.sub !== 'string' || !ROLES.includes(role)) throw unauthorized('AUTH_TOKEN_INVALID', 'Access token is invalid');
    const optionalString = (v: unknown) => (typeof v === 'string' ? v : undefined);
    const claims: AccessClaims = Object.freeze({
      sub: payload.sub,
      role,
      hqId: optionalString(payload.hqId),
      storeId: optionalString(payload.storeId),
      passwordMustChange: payload.passwordMustChange === true,
      impersonatedBy: optionalString(payload.impersonatedBy),
    });
    // requiredClaims makes exp present; jose has checked it is a number.
    return { claims, iat: payload.iat, exp: payload.exp as number };
  }
}

/** OPTIONS passes every guard without credentials (spec 02: it is in the forced-password allowlist; CORS preflights carry no token). */
export const isPreflight = (req: Request): boolean => req.method === 'OPTIONS';

export const bearerToken = (req: Request): string | undefined => {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value : undefined;
};

export const toPrincipal = (claims: AccessClaims, token: string): Principal => ({
  accountId: claims.sub,
  role: claims.role,
  hqId: claims.hqId,
  storeId: claims.storeId,
  passwordMustChange: claims.passwordMustChange,
  impersonatedBy: claims.impersonatedBy,
  token,
});

declare module 'express-serve-static-core' {
  interface Request {
    principal?: Principal;
  }
}

/** Requires a valid access token; sets req.principal (verified once per request). */
export const authenticate = (verifier: TokenVerifier): RequestHandler =>
  async (req: Request, _res: Response, next: NextFunction) => {
    if (req.principal || isPreflight(req)) return next();
    const token = bearerToken(req);
    if (!token) return next(unauthorized('AUTH_TOKEN_INVALID', 'Authentication is required'));
    try {
      req.principal = toPrincipal(await verifier.verify(token), token);
      next();
    } catch (err) {
      next(err);
    }
  };

/** Sets req.principal when a valid bearer token is present; never fails (logout with a stale token). */
export const optionalAuthenticate = (verifier: TokenVerifier): RequestHandler =>
  async (req: Request, _res: Response, next: NextFunction) => {
    const token = bearerToken(req);
    if (token && !req.principal) {
      try {
        req.principal = toPrincipal(await verifier.verify(token), token);
      } catch {
        // an invalid token on an optional route is the same as none
      }
    }
    next();
  };

/** The principal of an authenticated request (authenticate() must run first). */
export const principalOf = (req: Request): Principal => {
  if (!req.principal) throw unauthorized('AUTH_TOKEN_INVALID', 'Authentication is required');
  return req.principal;
};

/** Role gate: a caller with another role gets 403 FORBIDDEN (no domain code, as the spec says). */
export const requireRole = (...roles: Role[]): RequestHandler => (req, _res, next) => {
  if (isPreflight(req)) return next();
  const principal = req.principal;
  if (!principal) return next(unauthorized('AUTH_TOKEN_INVALID', 'Authentication is required'));
  if (!roles.includes(principal.role)) return next(forbidden('FORBIDDEN', 'This role may not use this path'));
  next();
};

/**
 * Forced password change (spec 02 § Authentication): while the token carries passwordMustChange,
 * every protected call outside the allowlist answers 403 PASSWORD_CHANGE_REQUIRED. The gateway
 * gates first; services check again because they never trust only the gateway.
 */
export const requirePasswordChanged: RequestHandler = (req, _res, next) => {
  if (isPreflight(req)) return next();
  if (req.principal?.passwordMustChange) return next(forbidden('PASSWORD_CHANGE_REQUIRED', 'The password must be changed first'));
  next();
};

/** The guard of a protected path outside the password allowlist: token → role gate → password gate. */
export const signedIn = (verifier: TokenVerifier, ...roles: Role[]): RequestHandler[] => [
  authenticate(verifier),
  requireRole(...roles),
  requirePasswordChanged,
];

/**
 * The caller of a gRPC call made on its behalf (decision 0008): the access token the calling
 * service forwarded in metadata (`authorization: Bearer <token>`, callerInterceptor), verified
 * here like a bearer token of an HTTP request (signature, expiry, revocation marks). A handler
 * that acts for someone takes the actor from this principal, never from the request body.
 * No token → 401 AUTH_TOKEN_INVALID (gRPC UNAUTHENTICATED); a bad one → the verifier's answer.
 */
export const callerOf = async (call: { metadata: Metadata }, verifier: TokenVerifier): Promise<Principal> => {
  const header = call.metadata.get('authorization')[0];
  const [scheme, token] = typeof header === 'string' ? header.split(' ') : [];
  if (scheme?.toLowerCase() !== 'bearer' || !token) {
    throw unauthorized('AUTH_TOKEN_INVALID', 'The call carries no caller token');
  }
  return toPrincipal(await verifier.verify(token), token);
};

/** HQ paths act on the caller's HQ only; a token without one is a scope mismatch. */
export const hqScope = (principal: Principal): string => {
  if (principal.role !== 'HQ_MANAGER' || !principal.hqId) {
    throw forbidden('PRINCIPAL_SCOPE_MISMATCH', 'The caller is not bound to an HQ');
  }
  return principal.hqId;
};

/** Store paths act on the caller's store only. */
export const storeScope = (principal: Principal): string => {
  if (principal.role !== 'STORE_MANAGER' || !principal.storeId) {
    throw forbidden('PRINCIPAL_SCOPE_MISMATCH', 'The caller is not bound to a store');
  }
  return principal.storeId;
};

/** Actions an impersonating operator may not take (password, email, manager accounts, agreement). */
export const forbidImpersonation = (principal: Principal): void => {
  if (principal.impersonatedBy) {
    throw forbidden('IMPERSONATION_FORBIDDEN_ACTION', 'This action is not allowed while impersonating');
  }
};

/** Upload ticket purposes (spec 02 § Upload tickets). COMMERCIAL_* are ours: create and replace, like music. */
export const UPLOAD_PURPOSES = [
  'MUSIC_CREATE',
  'MUSIC_REPLACE',
  'COMMERCIAL_CREATE',
  'COMMERCIAL_REPLACE',
  'TICKET_ATTACHMENT_ADMIN',
  'TICKET_ATTACHMENT_HQ',
  'TICKET_ATTACHMENT_HQ_STORE',
  'TICKET_ATTACHMENT_STORE',
] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** The header carrying an upload ticket (lower-case, as node exposes it). */
export const UPLOAD_TICKET_HEADER = 'x-upload-ticket';

/** The TicketSigner of upload tickets from the kit's uploadTicketEnv, or undefined when no secret is configured. */
export const uploadTicketSigner = (config: { UPLOAD_TICKET_SECRET?: string }, clock?: Clock): TicketSigner | undefined =>
  config.UPLOAD_TICKET_SECRET ? new TicketSigner(config.UPLOAD_TICKET_SECRET, clock) : undefined;

export const uploadTicketInvalid = () =>
  unauthorized('UPLOAD_TICKET_INVALID', 'The upload ticket is invalid or has expired; request a new one');

export const uploadNotConfigured = () => new AppError(503, 'UPLOAD_NOT_CONFIGURED', 'Upload tickets are not configured');

export interface UploadTicketRule {
  /** Purposes whose tickets this route accepts. */
  purposes: readonly UploadPurpose[];
  /** The path parameter the ticket's targetId must equal; undefined = the ticket must name no target. */
  targetParam?: string;
}

/**
 * Services never trust only the gateway: on a route that accepts upload tickets, a request WITHOUT
 * a bearer token but with an X-Upload-Ticket gets its principal from the ticket's claims, once the
 * ticket verifies (kind `upload`, signature, expiry), its purpose is one the route accepts and its
 * target id equals the route's path parameter (a replace ticket of one music cannot write
 * another). Anything else answers 401 UPLOAD_TICKET_INVALID. A bearer token, when present, wins
 * (the ticket is not read). No signer (no secret configured) → 503 UPLOAD_NOT_CONFIGURED.
 */
export const authenticateUploadTicket = (signer: TicketSigner | undefined, rule: UploadTicketRule): RequestHandler =>
  (req, _res, next) => {
    const header = req.headers[UPLOAD_TICKET_HEADER];
    if (req.principal || req.headers.authorization !== undefined || header === undefined) return next();
    if (!signer) return next(uploadNotConfigured());
    let ticket: VerifiedTicket;
    try {
      ticket = signer.verify('upload', header);
    } catch (err) {
      return next(err instanceof TicketInvalidError ? uploadTicketInvalid() : err);
    }
    const purpose = rule.purposes.find((p) => p === ticket.purpose);
    const role = ROLES.find((r) => r === ticket.role);
    if (!purpose || !role || typeof ticket.sub !== 'string') return next(uploadTicketInvalid());
    const param: unknown = rule.targetParam === undefined ? undefined : req.params[rule.targetParam];
    const wanted = typeof param === 'string' ? param.toLowerCase() : undefined;
    const named = typeof ticket.targetId === 'string' ? ticket.targetId.toLowerCase() : undefined;
    if (wanted !== named) {
      return next(uploadTicketInvalid());
    }
    req.principal = {
      accountId: ticket.sub,
      role,
      hqId: ticket.hqId,
      storeId: ticket.storeId,
      // Tickets are issued only to sessions past the password gate.
      passwordMustChange: false,
      impersonatedBy: ticket.impersonatedBy,
      token: '',
      uploadTicket: { purpose, ...(named ? { targetId: named } : {}) },
    };
    next();
  };
