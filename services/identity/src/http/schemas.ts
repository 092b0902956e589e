import { z } from 'zod';
import { emailSchema, passwordSchema } from '@storecast/service-kit';

// Wire shapes of spec 02 § Authentication and account shapes (and the choices where it is silent).

export const RoleSchema = z.enum(['OPERATOR', 'HQ_MANAGER', 'STORE_MANAGER']).openapi('Role');
export const AccountStatusSchema = z.enum(['ACTIVE', 'SUSPENDED', 'WITHDRAWN']).openapi('AccountStatus');

export const LoginRequest = z
  .object({ email: emailSchema, password: z.string().min(1).max(200) })
  .openapi('LoginRequest');

export const AuthResponseSchema = z
  .object({
    accessToken: z.string(),
    accessExpiresInSeconds: z.number().int(),
    refreshToken: z.string(),
    refreshExpiresAt: z.iso.datetime(),
    accountId: z.uuid(),
    role: RoleSchema,
    passwordMustChange: z.boolean(),
  })
  .openapi('AuthResponse');

export const RefreshRequest = z.object({ refreshToken: z.string().min(1).max(512) }).openapi('RefreshRequest');
export const LogoutRequest = z.object({ refreshToken: z.string().min(1).max(512) }).openapi('LogoutRequest');

export const ChangePasswordRequest = z
  .object({ currentPassword: z.string().min(1).max(200), newPassword: passwordSchema })
  .openapi('ChangePasswordRequest');

export const MeResponseSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string().optional(),
    role: RoleSchema,
    hqId: z.uuid().optional(),
    storeId: z.uuid().optional(),
    passwordMustChange: z.boolean(),
    termsRequiresAgreement: z.boolean(),
    privacyRequiresAgreement: z.boolean(),
    hqName: z.string().optional(),
  })
  .openapi('MeResponse');

export const JwksResponse = z
  .object({
    keys: z.array(z.object({ kty: z.string(), kid: z.string(), alg: z.literal('RS256'), use: z.literal('sig'), n: z.string(), e: z.string() })),
  })
  .openapi('JwksResponse');

const linkToken = z.string().min(1).max(256);

export const SetupVerifyRequest = z.object({ token: linkToken }).openapi('SetupVerifyRequest');
export const SetupVerifyResponseSchema = z
  .object({
    email: z.string(),
    role: RoleSchema,
    expiresAt: z.iso.datetime(),
    activeTermsVersion: z.string().nullable().optional(),
    activePrivacyPolicyVersion: z.string().nullable().optional(),
  })
  .openapi('SetupVerifyResponse');
export const SetupCompleteRequest = z
  .object({
    token: linkToken,
    newPassword: passwordSchema,
    termsVersion: z.string().max(32).nullable().optional(),
    privacyPolicyVersion: z.string().max(32).nullable().optional(),
    signerName: z.string().trim().max(255).nullable().optional(),
  })
  .openapi('SetupCompleteRequest');

export const PasswordResetRequestRequest = z.object({ email: emailSchema }).openapi('PasswordResetRequestRequest');
export const PasswordResetConfirmRequest = z.object({ token: linkToken, newPassword: passwordSchema }).openapi('PasswordResetConfirmRequest');
export const EmailChangeRequestRequest = z.object({ newEmail: emailSchema }).openapi('EmailChangeRequestRequest');
export const EmailChangeConfirmRequest = z.object({ token: linkToken }).openapi('EmailChangeConfirmRequest');

export const ImpersonateExchangeRequest = z.object({ exchangeToken: z.string().min(1).max(256) }).openapi('ImpersonateExchangeRequest');
export const ImpersonationIssueResponseSchema = z
  .object({ exchangeToken: z.string(), expiresInSeconds: z.number().int() })
  .openapi('ImpersonationIssueResponse');
// The same session pair as AuthResponse (no password claim: impersonation always carries false).
export const ImpersonationExchangeResponseSchema = AuthResponseSchema.omit({ passwordMustChange: true })
  .extend({
    impersonatedBy: z.uuid(),
    operatorEmail: z.string(),
    hqName: z.string(),
  })
  .openapi('ImpersonationExchangeResponse');

// Account lifecycle (operator).
export const ResetPasswordRequest = z.object({ tempPassword: passwordSchema }).openapi('ResetPasswordRequest');
export const AccountSuspendRequest = z.object({ reason: z.string().trim().min(1).max(255) }).openapi('AccountSuspendRequest');
export const ManagerAccountResponse = z
  .object({ id: z.uuid(), status: AccountStatusSchema, passwordMustChange: z.boolean() })
  .openapi('ManagerAccountResponse', { description: 'HqManagerAccountResponse / StoreManagerAccountResponse / operator equivalent' });

export const OperatorItem = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string().nullable(),
    status: AccountStatusSchema,
    passwordMustChange: z.boolean(),
    lastLoginAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('OperatorListItem');
export const OperatorListResponse = z
  .object({ items: z.array(OperatorItem), page: z.number().int(), size: z.number().int(), total: z.number().int() })
  .openapi('OperatorListResponse');
export const ListOperatorsParams = z.object({
  q: z.string().trim().max(100).optional(),
  status: AccountStatusSchema.optional(),
  page: z.string().optional(),
  size: z.string().optional(),
});
export const CreateOperatorRequest = z
  .object({ email: emailSchema, name: z.string().trim().min(1).max(255), tempPassword: passwordSchema.optional() })
  .openapi('CreateOperatorRequest');
export const CreateOperatorResponse = OperatorItem.extend({ setupEmailSent: z.boolean() }).openapi('CreateOperatorResponse');

// Email templates.
export const EmailTemplateTypeSchema = z.enum(['ACCOUNT_SETUP', 'PASSWORD_RESET', 'EMAIL_CHANGE_VERIFY', 'EMAIL_CHANGE_NOTICE']).openapi('EmailTemplateType');
export const EmailTemplateListItem = z
  .object({ type: EmailTemplateTypeSchema, label: z.string(), subject: z.string(), placeholders: z.array(z.string()) })
  .openapi('EmailTemplateListItem');
export const EmailTemplateListResponse = z.object({ items: z.array(EmailTemplateListItem) }).openapi('EmailTemplateListResponse');
export const EmailTemplatePreviewResponse = z.object({ subject: z.string(), html: z.string() }).openapi('EmailTemplatePreviewResponse');
export const EmailTemplateTestSendRequest = z.object({ to: z.string().trim().max(254).pipe(z.email()) }).openapi('EmailTemplateTestSendRequest');
export const EmailTemplateTestSendResponse = z
  .object({ delivered: z.boolean(), emailConfigured: z.boolean() })
  .openapi('EmailTemplateTestSendResponse');

// Public API clients and keys (spec 01; paths and shapes chosen here).
export const ApiClientStatusSchema = z.enum(['PENDING', 'APPROVED', 'REJECTED']).openapi('ApiClientStatus');
export const ApiSignUpRequest = z
  .object({
    organizationName: z.string().trim().min(1).max(200),
    contactName: z.string().trim().min(1).max(100),
    contactEmail: z.string().trim().toLowerCase().max(254).pipe(z.email()),
    purpose: z.string().trim().max(2000).nullable().optional(),
  })
  .openapi('ApiSignUpRequest');
export const ApiKeyItemSchema = z
  .object({
    id: z.uuid(),
    prefix: z.string(),
    status: z.enum(['ACTIVE', 'REVOKED', 'EXPIRED']),
    expiresAt: z.iso.datetime(),
    createdAt: z.iso.datetime(),
    revokedAt: z.iso.datetime().nullable(),
    lastUsedAt: z.iso.datetime().nullable(),
    rotatedFromKeyId: z.uuid().nullable(),
  })
  .openapi('ApiKeyItem');
export const ApiClientResponseSchema = z
  .object({
    id: z.uuid(),
    organizationName: z.string(),
    contactName: z.string(),
    contactEmail: z.string(),
    purpose: z.string().nullable(),
    status: ApiClientStatusSchema,
    decisionReason: z.string().nullable(),
    decidedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    keys: z.array(ApiKeyItemSchema).optional(),
  })
  .openapi('ApiClientResponse');
export const ApiClientListResponse = z
  .object({ items: z.array(ApiClientResponseSchema), page: z.number().int(), size: z.number().int(), total: z.number().int() })
  .openapi('ApiClientListResponse');
export const ListApiClientsParams = z.object({
  q: z.string().trim().max(100).optional(),
  status: ApiClientStatusSchema.optional(),
  page: z.string().optional(),
  size: z.string().optional(),
});
export const ApiClientRejectRequest = z.object({ reason: z.string().trim().min(1).max(255) }).openapi('ApiClientRejectRequest');
export const IssueApiKeyRequest = z
  .object({ expiresInDays: z.number().int().min(1).max(3650).optional() })
  .openapi('IssueApiKeyRequest');
export const IssuedApiKeySchema = z
  .object({
    id: z.uuid(),
    clientId: z.uuid(),
    prefix: z.string(),
    apiKey: z.string().openapi({ description: 'sc_live_<8 [a-z0-9]>_<40 [A-Za-z0-9]> — shown once, stored hashed' }),
    status: z.literal('ACTIVE'),
    expiresAt: z.iso.datetime(),
    createdAt: z.iso.datetime(),
  })
  .openapi('IssuedApiKey');
export const UsageParams = z.object({
  from: z.string().optional().openapi({ description: 'YYYY-MM-DD (UTC), default to − 29 days' }),
  to: z.string().optional().openapi({ description: 'YYYY-MM-DD (UTC), default today' }),
});
export const ApiUsageResponse = z
  .object({
    clientId: z.uuid(),
    from: z.string(),
    to: z.string(),
    items: z.array(
      z.object({
        day: z.string(),
        keyId: z.uuid(),
        keyPrefix: z.string(),
        endpoint: z.string(),
        calls: z.number().int(),
        successCount: z.number().int(),
        successRate: z.number(),
        avgResponseMs: z.number(),
        p95ResponseMs: z.number(),
      }),
    ),
  })
  .openapi('ApiUsageResponse');
export const ApiKeySelfResponse = z
  .object({ keyId: z.uuid(), clientId: z.uuid(), prefix: z.string(), expiresAt: z.iso.datetime() })
  .openapi('ApiKeySelfResponse');
