import { z } from 'zod';
import { emailSchema, passwordSchema } from '@storecast/service-kit';
import { linkToken, RoleSchema } from './common.schemas';

// Account activation and recovery: setup, password reset, email change (emailed links).

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
