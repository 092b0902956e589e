import type { RequestHandler } from 'express';
import { authenticate, forbidden, requireRole, type Role, type TokenVerifier } from '@storecast/service-kit';

/**
 * The forced-password-change gate (spec 02 § Authentication). The gateway enforces it first;
 * services check again because they never trust only the gateway. None of this service's paths
 * are on the allowlist.
 */
export const requirePasswordChanged: RequestHandler = (req, _res, next) => {
  if (req.principal?.passwordMustChange) return next(forbidden('PASSWORD_CHANGE_REQUIRED', 'The password must be changed first'));
  next();
};

/** authenticate → role gate → password-change gate, for one path prefix. */
export const guard = (verifier: TokenVerifier, role: Role): RequestHandler[] => [authenticate(verifier), requireRole(role), requirePasswordChanged];
