import type { RequestHandler } from 'express';
import { authenticate, forbidden, requireRole, type Role, type TokenVerifier } from '@storecast/service-kit';

/**
 * Forced password change (spec 02 § Authentication): none of this service's protected paths is on
 * the allowlist, so a token still carrying passwordMustChange gets 403 PASSWORD_CHANGE_REQUIRED.
 * The gateway enforces it first; services verify again (ARCHITECTURE § Identity on the wire).
 */
export const requirePasswordChanged: RequestHandler = (req, _res, next) => {
  if (req.principal?.passwordMustChange) return next(forbidden('PASSWORD_CHANGE_REQUIRED', 'The password must be changed first'));
  next();
};

/** authenticate → role gate → password-change gate. */
export const signedIn = (verifier: TokenVerifier, ...roles: Role[]): RequestHandler[] => [
  authenticate(verifier),
  requireRole(...roles),
  requirePasswordChanged,
];
