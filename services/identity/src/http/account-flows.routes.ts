import { ROLES, type ServiceApi } from '@storecast/service-kit';
import type { IdentityContext, RequestMeta } from '../app/context';
import { verifySetup } from '../app/verify-setup.use-case';
import { completeSetup } from '../app/complete-setup.use-case';
import { confirmPasswordReset, requestPasswordReset } from '../app/password-reset.use-case';
import { confirmEmailChange, requestEmailChange } from '../app/email-change.use-case';
import {
  EmailChangeConfirmRequest,
  EmailChangeRequestRequest,
  PasswordResetConfirmRequest,
  PasswordResetRequestRequest,
  SetupCompleteRequest,
  SetupVerifyRequest,
  SetupVerifyResponseSchema,
} from './account-flows.schemas';

const TAGS = ['Account flows'];

/** Client facts recorded with consents. */
const requestMeta = (req: { ip?: string; get(name: string): string | undefined }): RequestMeta => ({ ip: req.ip, userAgent: req.get('user-agent') ?? undefined });

/**
 * Account activation and recovery. Public, except the email-change request: the emailed link is
 * the credential.
 */
export const accountFlowRoutes = (api: ServiceApi, ctx: IdentityContext) => {
  const r = api.router();

  api.define(r, {
    method: 'post', path: '/api/v1/auth/setup/verify', operationId: 'verifySetupLink', tags: TAGS, summary: 'Check a setup link; shows the versions to agree to',
    auth: 'public', body: SetupVerifyRequest,
    response: { status: 200, description: 'SetupVerifyResponse', schema: SetupVerifyResponseSchema },
    errors: { 400: ['ACCOUNT_TOKEN_INVALID'], 503: ['SERVICE_UNAVAILABLE (legal service unreachable)'] },
    handler: ({ body }) => verifySetup(ctx, body),
  });

  api.define(r, {
    method: 'post', path: '/api/v1/auth/setup/complete', operationId: 'completeSetup', tags: TAGS, summary: 'Set the password and agree to the active legal documents (single use)',
    auth: 'public', body: SetupCompleteRequest,
    response: { status: 204, description: 'Account activated' },
    errors: { 400: ['ACCOUNT_TOKEN_INVALID', 'INVALID_LEGAL_VERSION'], 503: ['SERVICE_UNAVAILABLE (legal service unreachable)'] },
    handler: async ({ body, req }) => {
      await completeSetup(ctx, body, requestMeta(req));
    },
  });

  api.define(r, {
    method: 'post', path: '/api/v1/auth/password-reset/request', operationId: 'requestPasswordReset', tags: TAGS,
    summary: 'Ask for a password reset link (same answer whether or not the account exists)',
    auth: 'public', body: PasswordResetRequestRequest,
    response: { status: 204, description: 'Accepted' },
    errors: { 429: ['RATE_LIMITED (gateway)'] },
    // Answered before any account lookup: the work runs after the response (password-reset.use-case).
    handler: ({ body }) => {
      requestPasswordReset(ctx, body);
    },
  });

  api.define(r, {
    method: 'post', path: '/api/v1/auth/password-reset/confirm', operationId: 'confirmPasswordReset', tags: TAGS, summary: 'Set a new password with a reset link (single use; sessions end)',
    auth: 'public', body: PasswordResetConfirmRequest,
    response: { status: 204, description: 'Password set' },
    errors: { 400: ['ACCOUNT_TOKEN_INVALID'] },
    handler: async ({ body }) => {
      await confirmPasswordReset(ctx, body);
    },
  });

  api.define(r, {
    method: 'post', path: '/api/v1/auth/email-change/request', operationId: 'requestEmailChange', tags: TAGS,
    summary: 'Ask to change the own sign-in email (verification link to the new address)',
    auth: { roles: ROLES, forbidImpersonation: true }, body: EmailChangeRequestRequest,
    response: { status: 204, description: 'Verification sent' },
    errors: { 400: ['EMAIL_ALREADY_IN_USE'] },
    handler: async ({ principal, body }) => {
      await requestEmailChange(ctx, principal, body);
    },
  });

  api.define(r, {
    method: 'post', path: '/api/v1/auth/email-change/confirm', operationId: 'confirmEmailChange', tags: TAGS, summary: 'Confirm the new email with the emailed link (notice to the old address)',
    auth: 'public', body: EmailChangeConfirmRequest,
    response: { status: 204, description: 'Email changed' },
    errors: { 400: ['ACCOUNT_TOKEN_INVALID', 'EMAIL_ALREADY_IN_USE'] },
    handler: async ({ body }) => {
      await confirmEmailChange(ctx, body);
    },
  });

  return r;
};
