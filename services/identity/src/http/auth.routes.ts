import { Router } from 'express';
import { parseInput, principalOf } from '@storecast/service-kit';
import type { IdentityContext } from '../app/context';
import { login } from '../app/login.use-case';
import { refreshSession } from '../app/refresh-session.use-case';
import { logout } from '../app/logout.use-case';
import { changePassword } from '../app/change-password.use-case';
import { getMe } from '../app/get-me.use-case';
import { verifySetup } from '../app/verify-setup.use-case';
import { completeSetup } from '../app/complete-setup.use-case';
import { confirmPasswordReset, requestPasswordReset } from '../app/password-reset.use-case';
import { confirmEmailChange, requestEmailChange } from '../app/email-change.use-case';
import { exchangeImpersonation } from '../app/impersonation.use-case';
import { requestMeta, type Guards } from './middleware';
import { doc } from './openapi';
import {
  AuthResponseSchema,
  ChangePasswordRequest,
  JwksResponse,
  LoginRequest,
  LogoutRequest,
  MeResponseSchema,
  RefreshRequest,
  SetupVerifyRequest,
  SetupVerifyResponseSchema,
  SetupCompleteRequest,
  PasswordResetRequestRequest,
  PasswordResetConfirmRequest,
  EmailChangeRequestRequest,
  EmailChangeConfirmRequest,
  ImpersonateExchangeRequest,
  ImpersonationExchangeResponseSchema,
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

  // Account activation and recovery (public: the emailed link is the credential).
  const FLOWS = 'Account flows';
  doc({ method: 'post', path: '/api/v1/auth/setup/verify', tag: FLOWS, summary: 'Check a setup link; shows the versions to agree to', body: SetupVerifyRequest,
    ok: { status: 200, description: 'SetupVerifyResponse', schema: SetupVerifyResponseSchema },
    errors: { 400: ['VALIDATION_FAILED', 'ACCOUNT_TOKEN_INVALID'], 503: ['SERVICE_UNAVAILABLE (legal service unreachable)'] } });
  r.post('/api/v1/auth/setup/verify', async (req, res) => {
    res.json(await verifySetup(ctx, parseInput(SetupVerifyRequest, req.body)));
  });

  doc({ method: 'post', path: '/api/v1/auth/setup/complete', tag: FLOWS, summary: 'Set the password and agree to the active legal documents (single use)', body: SetupCompleteRequest,
    ok: { status: 204, description: 'Account activated' },
    errors: { 400: ['VALIDATION_FAILED', 'ACCOUNT_TOKEN_INVALID', 'INVALID_LEGAL_VERSION'], 503: ['SERVICE_UNAVAILABLE (legal service unreachable)'] } });
  r.post('/api/v1/auth/setup/complete', async (req, res) => {
    await completeSetup(ctx, parseInput(SetupCompleteRequest, req.body), requestMeta(req));
    res.status(204).end();
  });

  doc({ method: 'post', path: '/api/v1/auth/password-reset/request', tag: FLOWS, summary: 'Ask for a password reset link (same answer whether or not the account exists)', body: PasswordResetRequestRequest,
    ok: { status: 204, description: 'Accepted' }, errors: { 400: ['VALIDATION_FAILED'], 429: ['RATE_LIMITED'] } });
  r.post('/api/v1/auth/password-reset/request', async (req, res) => {
    await requestPasswordReset(ctx, parseInput(PasswordResetRequestRequest, req.body));
    res.status(204).end();
  });

  doc({ method: 'post', path: '/api/v1/auth/password-reset/confirm', tag: FLOWS, summary: 'Set a new password with a reset link (single use; sessions end)', body: PasswordResetConfirmRequest,
    ok: { status: 204, description: 'Password set' }, errors: { 400: ['VALIDATION_FAILED', 'ACCOUNT_TOKEN_INVALID'] } });
  r.post('/api/v1/auth/password-reset/confirm', async (req, res) => {
    await confirmPasswordReset(ctx, parseInput(PasswordResetConfirmRequest, req.body));
    res.status(204).end();
  });

  doc({ method: 'post', path: '/api/v1/auth/email-change/request', tag: FLOWS, auth: true, summary: 'Ask to change the own sign-in email (verification link to the new address)', body: EmailChangeRequestRequest,
    ok: { status: 204, description: 'Verification sent' },
    errors: { 400: ['VALIDATION_FAILED', 'EMAIL_ALREADY_IN_USE'], 401: ['AUTH_TOKEN_INVALID', 'AUTH_TOKEN_EXPIRED'], 403: ['IMPERSONATION_FORBIDDEN_ACTION', 'PASSWORD_CHANGE_REQUIRED'] } });
  r.post('/api/v1/auth/email-change/request', guards.authenticated, guards.passwordChanged, async (req, res) => {
    await requestEmailChange(ctx, principalOf(req), parseInput(EmailChangeRequestRequest, req.body));
    res.status(204).end();
  });

  doc({ method: 'post', path: '/api/v1/auth/email-change/confirm', tag: FLOWS, summary: 'Confirm the new email with the emailed link (notice to the old address)', body: EmailChangeConfirmRequest,
    ok: { status: 204, description: 'Email changed' }, errors: { 400: ['VALIDATION_FAILED', 'ACCOUNT_TOKEN_INVALID', 'EMAIL_ALREADY_IN_USE'] } });
  r.post('/api/v1/auth/email-change/confirm', async (req, res) => {
    await confirmEmailChange(ctx, parseInput(EmailChangeConfirmRequest, req.body));
    res.status(204).end();
  });

  doc({ method: 'post', path: '/api/v1/auth/impersonate-exchange', tag: 'Impersonation', summary: 'Exchange an impersonation token for a 60-minute HQ manager session', body: ImpersonateExchangeRequest,
    ok: { status: 200, description: 'ImpersonationExchangeResponse', schema: ImpersonationExchangeResponseSchema },
    errors: { 400: ['VALIDATION_FAILED'], 401: ['EXCHANGE_TOKEN_NOT_FOUND', 'EXCHANGE_TOKEN_EXPIRED', 'EXCHANGE_TOKEN_CONSUMED', 'AUTH_ACCOUNT_SUSPENDED'], 403: ['AUTH_HQ_SUSPENDED'], 503: ['SERVICE_UNAVAILABLE'] } });
  r.post('/api/v1/auth/impersonate-exchange', async (req, res) => {
    res.json(await exchangeImpersonation(ctx, parseInput(ImpersonateExchangeRequest, req.body)));
  });

  return r;
};
