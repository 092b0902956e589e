import type { Request } from 'express';
import { type AccessClaims, bearerToken, forbidden, type Principal, toPrincipal, unauthorized } from '@storecast/service-kit/edge';
import { allowedWhilePasswordMustChange, type RouteEntry } from '../routes/route-table';

/**
 * Token routes: a valid access JWT (401 AUTH_TOKEN_INVALID / AUTH_TOKEN_EXPIRED), the role gate of
 * the route's prefix (403 FORBIDDEN, no domain code — spec 02; an impersonated session on an
 * operator path 403 IMPERSONATION_FORBIDDEN_ACTION), then the forced-password-change
 * gate (403 PASSWORD_CHANGE_REQUIRED outside the allowlist). The Authorization header itself is
 * forwarded unchanged: services verify the token again and re-check scope against their data.
 */
/** What the gateway needs of a token verifier (the kit's TokenVerifier in production). */
export interface AccessTokenVerifier {
  verify(token: string): Promise<AccessClaims>;
}

export const authorizeToken = async (verifier: AccessTokenVerifier, route: RouteEntry, req: Request): Promise<Principal> => {
  const token = bearerToken(req);
  if (!token) throw unauthorized('AUTH_TOKEN_INVALID', 'Authentication is required');
  const principal = toPrincipal(await verifier.verify(token), token);
  if (route.roles && !route.roles.includes(principal.role)) {
    // An impersonated HQ session on an operator path is an impersonating operator taking an
    // operator action (HQ manager account actions among them): spec 02's code, not the role gate's.
    if (principal.impersonatedBy && route.roles.includes('OPERATOR')) {
      throw forbidden('IMPERSONATION_FORBIDDEN_ACTION', 'This action is not allowed while impersonating');
    }
    throw forbidden('FORBIDDEN', 'This role may not use this path');
  }
  if (principal.passwordMustChange && !allowedWhilePasswordMustChange(req.method, req.path)) {
    throw forbidden('PASSWORD_CHANGE_REQUIRED', 'The password must be changed before using this function');
  }
  return principal;
};
