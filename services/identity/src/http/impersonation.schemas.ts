import { z } from 'zod';
import { uuidSchema } from '@storecast/service-kit';
import { AuthResponseSchema } from './auth.schemas';

// Impersonation of an HQ manager by an operator (spec 02 § Authentication, Impersonation).

export const ImpersonateExchangeRequest = z.object({ exchangeToken: z.string().min(1).max(256) }).openapi('ImpersonateExchangeRequest');
export const ImpersonationIssueResponseSchema = z
  .object({ exchangeToken: z.string(), expiresInSeconds: z.number().int() })
  .openapi('ImpersonationIssueResponse');
// The same session pair as AuthResponse (no password claim: impersonation always carries false).
export const ImpersonationExchangeResponseSchema = AuthResponseSchema.omit({ passwordMustChange: true })
  .extend({
    impersonatedBy: uuidSchema(),
    operatorEmail: z.string(),
    hqName: z.string(),
  })
  .openapi('ImpersonationExchangeResponse');
