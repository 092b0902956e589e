import { ROLES, type ServiceApi } from '@storecast/service-kit';
import type { IdentityContext } from '../app/context';
import { login } from '../app/login.use-case';
import { refreshSession } from '../app/refresh-session.use-case';
import { logout } from '../app/logout.use-case';
import { changePassword } from '../app/change-password.use-case';
import { getMe } from '../app/get-me.use-case';
import { AuthResponseSchema, ChangePasswordRequest, JwksResponse, LoginRequest, LogoutRequest, MeResponseSchema, RefreshRequest } from './auth.schemas';

const TAGS = ['Authentication'];
const ORGANIZATION_BLOCKS = ['AUTH_STORE_SUSPENDED', 'AUTH_STORE_CLOSED', 'AUTH_HQ_SUSPENDED'];
const PEER_DOWN = { 503: ['SERVICE_UNAVAILABLE'] };

/** Sign-in and session endpoints of spec 02 § Authentication and accounts. */
export const authRoutes = (api: ServiceApi, ctx: IdentityContext) => {
  const r = api.router();

  api.define(r, {
    method: 'post', path: '/api/v1/auth/login', operationId: 'loginAccount', tags: TAGS, summary: 'Sign in with email and password',
    auth: 'public', body: LoginRequest,
    response: { status: 200, description: 'AuthResponse', schema: AuthResponseSchema },
    errors: { 401: ['AUTH_INVALID_CREDENTIALS', 'AUTH_ACCOUNT_SUSPENDED'], 403: ORGANIZATION_BLOCKS, 429: ['RATE_LIMITED (gateway)'], ...PEER_DOWN },
    handler: ({ body }) => login(ctx, body),
  });

  api.define(r, {
    method: 'post', path: '/api/v1/auth/refresh', operationId: 'refreshSession', tags: TAGS, summary: 'Rotate the refresh token (60 s grace for a just-rotated one)',
    auth: 'public', body: RefreshRequest,
    response: { status: 200, description: 'AuthResponse', schema: AuthResponseSchema },
    errors: { 401: ['AUTH_REFRESH_EXPIRED', 'AUTH_REFRESH_REVOKED', 'AUTH_ACCOUNT_SUSPENDED'], 403: ORGANIZATION_BLOCKS, ...PEER_DOWN },
    handler: ({ body }) => refreshSession(ctx, body),
  });

  api.define(r, {
    method: 'post', path: '/api/v1/auth/logout', operationId: 'logoutSession', tags: TAGS,
    summary: 'Sign out: deletes every refresh token of the account (of this session kind)',
    description: 'Always 204, also for an unknown token. The bearer token is optional here (the gateway requires one).',
    auth: 'optional', body: LogoutRequest,
    response: { status: 204, description: 'Signed out' },
    handler: async ({ body, principal }) => {
      await logout(ctx, body, principal);
    },
  });

  api.define(r, {
    method: 'post', path: '/api/v1/auth/change-password', operationId: 'changePassword', tags: TAGS, summary: 'Change the own password; answers a new session',
    auth: { roles: ROLES, allowPasswordChange: true, forbidImpersonation: true }, body: ChangePasswordRequest,
    response: { status: 200, description: 'AuthResponse with passwordMustChange false', schema: AuthResponseSchema },
    errors: { 401: ['AUTH_INVALID_CREDENTIALS', 'AUTH_ACCOUNT_SUSPENDED'], 403: ORGANIZATION_BLOCKS, ...PEER_DOWN },
    handler: ({ principal, body }) => changePassword(ctx, principal, body),
  });

  api.define(r, {
    method: 'get', path: '/api/v1/auth/me', operationId: 'getMe', tags: TAGS, summary: 'The signed-in account',
    auth: { roles: ROLES, allowPasswordChange: true },
    response: { status: 200, description: 'MeResponse', schema: MeResponseSchema },
    errors: { 401: ['AUTH_ACCOUNT_SUSPENDED'], 503: ['SERVICE_UNAVAILABLE (legal service unreachable)'] },
    handler: ({ principal }) => getMe(ctx, principal),
  });

  api.define(r, {
    method: 'get', path: '/api/v1/auth/jwks', operationId: 'getJwks', tags: TAGS, summary: 'Public keys verifying access tokens (RS256, by kid)',
    auth: 'public',
    response: { status: 200, description: 'JWK set (cacheable for 5 minutes)', schema: JwksResponse },
    handler: ({ res }) => {
      res.set('cache-control', 'public, max-age=300');
      return { keys: [ctx.signingKey.jwk()] };
    },
  });

  return r;
};
