import type { ServiceApi } from '@storecast/service-kit';
import type { IdentityContext } from '../app/context';
import { listEmailTemplates, previewEmailTemplate, testSendEmailTemplate } from '../app/email-templates.use-case';
import {
  EmailTemplateListResponse,
  EmailTemplateParams,
  EmailTemplatePreviewResponse,
  EmailTemplateTestSendRequest,
  EmailTemplateTestSendResponse,
} from './email-templates.schemas';
import { OPERATOR_ERRORS, OPERATOR_ONLY } from './operator-auth';

const TAGS = ['Email templates'];

/** The four email templates: list, preview from sample data, test send (operator; paths chosen here). */
export const emailTemplateRoutes = (api: ServiceApi, ctx: IdentityContext) => {
  const r = api.router();

  api.define(r, {
    method: 'get', path: '/api/v1/admin/email-templates', operationId: 'listEmailTemplates', tags: TAGS, summary: 'The four email templates',
    auth: OPERATOR_ONLY,
    response: { status: 200, description: '{ items: EmailTemplateListItem[] }', schema: EmailTemplateListResponse },
    errors: OPERATOR_ERRORS,
    handler: ({ principal }) => listEmailTemplates(ctx, principal),
  });

  api.define(r, {
    method: 'get', path: '/api/v1/admin/email-templates/{type}/preview', operationId: 'previewEmailTemplate', tags: TAGS, summary: 'Self-contained HTML rendered from sample data',
    auth: OPERATOR_ONLY, params: EmailTemplateParams,
    response: { status: 200, description: 'EmailTemplatePreviewResponse', schema: EmailTemplatePreviewResponse },
    errors: { ...OPERATOR_ERRORS, 400: ['INVALID_ENUM_VALUE'] },
    handler: ({ principal, params }) => previewEmailTemplate(ctx, principal, params.type),
  });

  api.define(r, {
    method: 'post', path: '/api/v1/admin/email-templates/{type}/test-send', operationId: 'testSendEmailTemplate', tags: TAGS, summary: 'Send the sample rendering to an address (5 per minute)',
    auth: OPERATOR_ONLY, params: EmailTemplateParams, body: EmailTemplateTestSendRequest,
    response: { status: 200, description: 'EmailTemplateTestSendResponse', schema: EmailTemplateTestSendResponse },
    errors: { ...OPERATOR_ERRORS, 400: ['INVALID_ENUM_VALUE'], 429: ['RATE_LIMITED'] },
    handler: ({ principal, params, body }) => testSendEmailTemplate(ctx, principal, params.type, body.to),
  });

  return r;
};
