import { z } from 'zod';
import { emailSchema, passwordSchema, uuidSchema } from '@storecast/service-kit';
import { RoleSchema } from './common.schemas';

// Sign-in and sessions (spec 02 § Authentication).

export const LoginRequest = z.object({ email: emailSchema, password: z.string().min(1).max(200) }).openapi('LoginRequest');

export const AuthResponseSchema = z
  .object({
    accessToken: z.string(),
    accessExpiresInSeconds: z.number().int(),
    refreshToken: z.string(),
    refreshExpiresAt: z.iso.datetime(),
    accountId: uuidSchema(),
    role: RoleSchema,
    passwordMustChange: z.boolean(),
  })
  .openapi('AuthResponse');
export type AuthResponse = z.output<typeof AuthResponseSchema>;

export const RefreshRequest = z.object({ refreshToken: z.string().min(1).max(512) }).openapi('RefreshRequest');
export const LogoutRequest = z.object({ refreshToken: z.string().min(1).max(512) }).openapi('LogoutRequest');

export const ChangePasswordRequest = z
  .object({ currentPassword: z.string().min(1).max(200), newPassword: passwordSchema })
  .openapi('ChangePasswordRequest');

export const MeResponseSchema = z
  .object({
    id: uuidSchema(),
    email: z.string(),
    name: z.string().optional(),
    role: RoleSchema,
    hqId: uuidSchema().optional(),
    storeId: uuidSchema().optional(),
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
