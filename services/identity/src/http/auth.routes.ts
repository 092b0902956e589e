import { Router } from 'express';
import { parseInput, principalOf } from '@storecast/service-kit';
import type { IdentityContext } from '../app/context';
import { login } from '../app/login.use-case';
import { refreshSession } from '../app/refresh-session.use-case';
import { logout } from '../app/logout.use-case';
import { changePassword } from '../app/change-password.use-case';
import { getMe } from '../app/get-me.use-case';
import type { Guards } from './middleware';
import { doc } from './openapi';
import {
  AuthResponseSchema,
  ChangePasswordRequest,
  JwksResponse,
  LoginRequest,
  LogoutRequest,
  MeResponseSchema,
  RefreshRequest,
} from './schemas';

const TAG = 'Authentication';

/** Sign-in and session endpoints of spec 02 § Authentication and accounts. */
export const authRoutes = (ctx: IdentityContext, guards: Guards): Router => {
  const r = Router();

  doc({ method: 'post', path: '/api/v1/auth/login', tag: TAG, summary: 'Sign in with email and password', body: LoginRequest,
    ok: { status: 200, description: 'AuthResponse', schema: AuthResponseSchema },
    errors: { 400: ['VALIDATION_FAILED'], 401: ['AUTH_INVALID_CREDENTIALS', 'AUTH_ACCOUNT_SUSPENDED'], 403: ['AUTH_STORE_SUSPENDED', 'AUTH_STORE_CLOSED', 'AUTH_HQ_SUSPENDED'], 429: ['RATE_LIMITED'], 503: ['SERVICE_UNAVAILABLE'] } });
  r.post('/api/v1/auth/login', async (req, res) => {
    res.json(await login(ctx, parseInput(LoginRequest, req.body)));
  });

  doc({ method: 'post', path: '/api/v1/auth/refresh', tag: TAG, summary: 'Rotate the refresh token (60 s grace for a just-rotated one)', body: RefreshRequest,
    ok: { status: 200, description: 'AuthResponse', schema: AuthResponseSchema },
    errors: { 400: ['VALIDATION_FAILED'], 401: ['AUTH_REFRESH_EXPIRED', 'AUTH_REFRESH_REVOKED', 'AUTH_ACCOUNT_SUSPENDED'], 403: ['AUTH_STORE_SUSPENDED', 'AUTH_STORE_CLOSED', 'AUTH_HQ_SUSPENDED'], 503: ['SERVICE_UNAVAILABLE'] } });
  r.post('/api/v1/auth/refresh', async (req, res) => {
    res.json(await refreshSession(ctx, parseInput(RefreshRequest, req.body)));
  });

  doc({ method: 'post', path: '/api/v1/auth/logout', tag: TAG, summary: 'Sign out: deletes every refresh token of the account (of this session kind)', body: LogoutRequest,
    description: 'Always 204, also for an unknown token. The bearer token is optional.',
    ok: { status: 204, description: 'Signed out' }, errors: { 400: ['VALIDATION_FAILED'] } });
  r.post('/api/v1/auth/logout', guards.optionalAuth, async (req, res) => {
    await logout(ctx, parseInput(LogoutRequest, req.body), req.principal);
    res.status(204).end();
  });

  doc({ method: 'post', path: '/api/v1/auth/change-password', tag: TAG, summary: 'Change the own password; answers a new session', auth: true, body: ChangePasswordRequest,
    ok: { status: 200, description: 'AuthResponse with passwordMustChange false', schema: AuthResponseSchema },
    errors: { 400: ['VALIDATION_FAILED'], 401: ['AUTH_INVALID_CREDENTIALS', 'AUTH_TOKEN_INVALID', 'AUTH_TOKEN_EXPIRED', 'AUTH_ACCOUNT_SUSPENDED'], 403: ['IMPERSONATION_FORBIDDEN_ACTION'] } });
  r.post('/api/v1/auth/change-password', guards.authenticated, async (req, res) => {
    res.json(await changePassword(ctx, principalOf(req), parseInput(ChangePasswordRequest, req.body)));
  });

  doc({ method: 'get', path: '/api/v1/auth/me', tag: TAG, summary: 'The signed-in account', auth: true,
    ok: { status: 200, description: 'MeResponse', schema: MeResponseSchema },
    errors: { 401: ['AUTH_TOKEN_INVALID', 'AUTH_TOKEN_EXPIRED', 'AUTH_ACCOUNT_SUSPENDED'], 503: ['SERVICE_UNAVAILABLE (legal service unreachable)'] } });
  r.get('/api/v1/auth/me', guards.authenticated, async (req, res) => {
    res.json(await getMe(ctx, principalOf(req)));
  });

  doc({ method: 'get', path: '/api/v1/auth/jwks', tag: TAG, summary: 'Public keys verifying access tokens (RS256, by kid)',
    ok: { status: 200, description: 'JWK set', schema: JwksResponse } });
  r.get('/api/v1/auth/jwks', (_req, res) => {
    res.set('cache-control', 'public, max-age=300');
    res.json({ keys: [ctx.signingKey.jwk()] });
  });

  return r;
};
