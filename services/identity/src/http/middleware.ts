import type { RequestHandler } from 'express';
import {
  authenticate,
  bearerToken,
  forbidden,
  requirePasswordChanged,
  forbidImpersonation,
  requireRole,
  toPrincipal,
  TokenVerifier,
} from '@storecast/service-kit';
import { findById } from '../db/accounts.repository';
import type { IdentityContext } from '../app/context';

export interface Guards {
  /** A valid access token (401 AUTH_TOKEN_INVALID / AUTH_TOKEN_EXPIRED otherwise). */
  authenticated: RequestHandler;
  /** Sets req.principal when a valid bearer token is present; never fails. */
  optionalAuth: RequestHandler;
  /** 403 PASSWORD_CHANGE_REQUIRED while the token carries the claim (the gateway gates too). */
  passwordChanged: RequestHandler;
  /**
   * Operator paths: an impersonated session gets 403 IMPERSONATION_FORBIDDEN_ACTION, other roles
   * 403 FORBIDDEN, and the operator must still be ACTIVE in the database (403 PRINCIPAL_SCOPE_MISMATCH).
   */
  operator: RequestHandler[];
}

export const createGuards = (ctx: IdentityContext, verifier: TokenVerifier): Guards => {
  const authenticated = authenticate(verifier);
  const optionalAuth: RequestHandler = async (req, _res, next) => {
    const token = bearerToken(req);
    if (token) {
      try {
        req.principal = toPrincipal(await verifier.verify(token), token);
      } catch {
        // Logout works with the refresh token alone; a stale access token is not an error there.
      }
    }
    next();
  };
  const passwordChanged = requirePasswordChanged;
  const notImpersonating: RequestHandler = (req, _res, next) => {
    try {
      if (req.principal) forbidImpersonation(req.principal);
      next();
    } catch (err) {
      next(err);
    }
  };
  const activeOperator: RequestHandler = async (req, _res, next) => {
    const account = await findById(ctx.db, req.principal!.accountId);
    if (!account || account.role !== 'OPERATOR' || account.status !== 'ACTIVE') {
      return next(forbidden('PRINCIPAL_SCOPE_MISMATCH', 'The caller is not an active operator'));
    }
    next();
  };
  return {
    authenticated,
    optionalAuth,
    passwordChanged,
    operator: [authenticated, notImpersonating, requireRole('OPERATOR'), passwordChanged, activeOperator],
  };
};

/** Client facts recorded with consents. */
export const requestMeta = (req: Parameters<RequestHandler>[0]) => ({
  ip: req.ip,
  userAgent: req.get('user-agent') ?? undefined,
});
