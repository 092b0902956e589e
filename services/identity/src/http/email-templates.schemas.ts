import { z } from 'zod';
import { EMAIL_TEMPLATE_TYPES } from '../domain/email-templates';

// Email templates (operator; paths and shapes "not shown" in spec 02, chosen here).

export const EmailTemplateTypeSchema = z.enum(EMAIL_TEMPLATE_TYPES).openapi('EmailTemplateType');
/** The {type} path segment: any text reaches the use case, which answers 400 INVALID_ENUM_VALUE for an unknown one. */
export const EmailTemplateParams = z.object({
  type: z.string().openapi({ description: `One of ${EMAIL_TEMPLATE_TYPES.join(', ')} (else 400 INVALID_ENUM_VALUE)`, example: 'ACCOUNT_SETUP' }),
});
export const EmailTemplateListItem = z
  .object({ type: EmailTemplateTypeSchema, label: z.string(), subject: z.string(), placeholders: z.array(z.string()) })
  .openapi('EmailTemplateListItem');
export const EmailTemplateListResponse = z.object({ items: z.array(EmailTemplateListItem) }).openapi('EmailTemplateListResponse');
export const EmailTemplatePreviewResponse = z.object({ subject: z.string(), html: z.string() }).openapi('EmailTemplatePreviewResponse');
export const EmailTemplateTestSendRequest = z.object({ to: z.string().trim().max(254).pipe(z.email()) }).openapi('EmailTemplateTestSendRequest');
export const EmailTemplateTestSendResponse = z
  .object({ delivered: z.boolean(), emailConfigured: z.boolean() })
  .openapi('EmailTemplateTestSendResponse');
