import { createPublicKey, KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError, forbidden, unauthorized } from './errors';

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
  /** The raw bearer token, forwarded on calls the service makes on the caller's behalf. */
  token: string;
}

export interface Jwk {
  kty: string;
  kid?: string;
  n?: string;
  e?: string;
  alg?: string;
  use?: string;
}

export type KeySource =
  | { publicKeyPem: string }
  | { jwksUrl: string; fetchImpl?: typeof fetch };

/**
 * Verifies access tokens with the issuer's public key: configured as PEM, or fetched from
 * identity's JWKS endpoint (cached; refetched when an unknown key id appears, at most every 30 s).
 */
export class TokenVerifier {
  private keys = new Map<string, KeyObject>();
  private staticKey?: KeyObject;
  private lastFetch = 0;
  private inflight?: Promise<void>;

  constructor(private readonly source: KeySource) {
    if ('publicKeyPem' in source) this.staticKey = createPublicKey(source.publicKeyPem);
  }

  private async refresh(force: boolean): Promise<void> {
    if (!('jwksUrl' in this.source)) return;
    if (!force && this.keys.size > 0) return;
    if (Date.now() - this.lastFetch < 30_000 && this.keys.size > 0) return;
    const { jwksUrl, fetchImpl } = this.source;
    this.inflight ??= (async () => {
      try {
        const res = await (fetchImpl ?? fetch)(jwksUrl, { signal: AbortSignal.timeout(3000) });
        if (!res.ok) throw new Error(`JWKS answered ${res.status}`);
        const body = (await res.json()) as { keys: Jwk[] };
        const next = new Map<string, KeyObject>();
        for (const jwk of body.keys) next.set(jwk.kid ?? 'default', createPublicKey({ key: jwk as never, format: 'jwk' }));
        this.keys = next;
        this.lastFetch = Date.now();
      } finally {
        this.inflight = undefined;
      }
    })();
    await this.inflight;
  }

  private async keyFor(kid: string | undefined): Promise<KeyObject> {
    if (this.staticKey) return this.staticKey;
    try {
      await this.refresh(false);
      let key = this.keys.get(kid ?? 'default') ?? (kid ? undefined : [...this.keys.values()][0]);
      if (!key) {
        await this.refresh(true);
        key = this.keys.get(kid ?? 'default');
      }
      if (!key) throw unauthorized('AUTH_TOKEN_INVALID', 'Access token is invalid');
      return key;
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Token keys are unavailable', { cause: err });
    }
  }

  async verify(token: string): Promise<AccessClaims> {
    const decoded = jwt.decode(token, { complete: true });
    if (!decoded || typeof decoded.payload === 'string') throw unauthorized('AUTH_TOKEN_INVALID', 'Access token is invalid');
    const key = await this.keyFor(decoded.header.kid);
    try {
      const payload = jwt.verify(token, key, {
        algorithms: ['RS256'],
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
      }) as jwt.JwtPayload;
      if (typeof payload.sub !== 'string' || !ROLES.includes(payload.role)) {
        throw unauthorized('AUTH_TOKEN_INVALID', 'Access token is invalid');
      }
      return {
        sub: payload.sub,
        role: payload.role,
        hqId: payload.hqId,
        storeId: payload.storeId,
        passwordMustChange: payload.passwordMustChange === true,
        impersonatedBy: payload.impersonatedBy,
      };
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof jwt.TokenExpiredError) throw unauthorized('AUTH_TOKEN_EXPIRED', 'Access token has expired');
      throw unauthorized('AUTH_TOKEN_INVALID', 'Access token is invalid');
    }
  }
}

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
    if (req.principal) return next();
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
  if (req.principal?.passwordMustChange) return next(forbidden('PASSWORD_CHANGE_REQUIRED', 'The password must be changed first'));
  next();
};

/** The guard of a protected path outside the password allowlist: token → role gate → password gate. */
export const signedIn = (verifier: TokenVerifier, ...roles: Role[]): RequestHandler[] => [
  authenticate(verifier),
  requireRole(...roles),
  requirePasswordChanged,
];

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
