import { AppError, badRequest, type Principal } from '@storecast/service-kit';
import { isTemplateType, listTemplates, previewEmail, sampleValues, EMAIL_TEMPLATE_TYPES, type EmailTemplateListItem, type EmailTemplateType } from '../domain/email-templates';
import type { IdentityContext } from './context';
import { deliver } from './mail';
import { assertActiveOperator } from './operator-scope';

export const templateType = (value: string): EmailTemplateType => {
  if (!isTemplateType(value)) {
    // `details` is for VALIDATION_FAILED only (spec 02 § Errors): the field goes in `fields`.
    throw badRequest('INVALID_ENUM_VALUE', `Unknown email template type (one of ${EMAIL_TEMPLATE_TYPES.join(', ')})`, {
      fields: { type: `Expected one of ${EMAIL_TEMPLATE_TYPES.join(', ')}` },
    });
  }
  return value;
};

/** GET /api/v1/admin/email-templates → { items }. */
export const listEmailTemplates = async (ctx: IdentityContext, principal: Principal): Promise<{ items: EmailTemplateListItem[] }> => {
  await assertActiveOperator(ctx, principal);
  return { items: listTemplates() };
};

/** GET /api/v1/admin/email-templates/{type}/preview → { subject, html } from sample data; unknown type 400 INVALID_ENUM_VALUE. */
export const previewEmailTemplate = async (ctx: IdentityContext, principal: Principal, type: string) => {
  await assertActiveOperator(ctx, principal);
  const { subject, html } = previewEmail(templateType(type));
  return { subject, html };
};

/**
 * POST /api/v1/admin/email-templates/{type}/test-send. At most EMAIL_TEST_SEND_PER_MINUTE (5) per
 * operator per minute here too (429 RATE_LIMITED with Retry-After; the gateway's limit is the one
 * shared by replicas). The sample rendering goes to `to` with a "[Test] " subject. `delivered` is
 * true only when a real transport (SMTP) accepted it — false when unconfigured (the local file
 * outbox still gets a copy) or when the vendor failed.
 */
export const testSendEmailTemplate = async (
  ctx: IdentityContext,
  principal: Principal,
  type: string,
  to: string,
) => {
  await assertActiveOperator(ctx, principal);
  const t = templateType(type);
  const retryAfter = ctx.testSendLimiter.hit(principal.accountId, ctx.clock.now());
  if (retryAfter !== undefined) {
    throw new AppError(429, 'RATE_LIMITED', 'Too many test sends; try again later', { headers: { 'Retry-After': String(retryAfter) } });
  }
  const result = await deliver(ctx, { template: t, to, values: sampleValues(t), subjectPrefix: '[Test] ' });
  return { delivered: result.configured && result.sent, emailConfigured: result.configured };
};
