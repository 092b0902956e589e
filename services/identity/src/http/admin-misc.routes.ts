import { Router } from 'express';
import { z } from 'zod';
import { parseInput, principalOf } from '@storecast/service-kit';
import type { IdentityContext } from '../app/context';
import { issueImpersonation } from '../app/impersonation.use-case';
import { listEmailTemplates, previewEmailTemplate, testSendEmailTemplate } from '../app/email-templates.use-case';
import type { Guards } from './middleware';
import { doc } from './openapi';
import {
  EmailTemplateListResponse,
  EmailTemplatePreviewResponse,
  EmailTemplateTestSendRequest,
  EmailTemplateTestSendResponse,
  EmailTemplateTypeSchema,
  ImpersonationIssueResponseSchema,
} from './schemas';

const operatorErrors = { 401: ['AUTH_TOKEN_INVALID', 'AUTH_TOKEN_EXPIRED'], 403: ['FORBIDDEN', 'IMPERSONATION_FORBIDDEN_ACTION', 'PRINCIPAL_SCOPE_MISMATCH', 'PASSWORD_CHANGE_REQUIRED'] };

/** Operator: impersonation issue (spec path) and email templates (paths chosen here). */
export const adminMiscRoutes = (ctx: IdentityContext, guards: Guards): Router => {
  const r = Router();
  const ops = guards.operator;

  doc({ method: 'post', path: '/api/v1/admin/hq/{id}/impersonate', tag: 'Impersonation', auth: true, summary: 'Issue a 60 s single-use exchange token to enter a FRANCHISE HQ as its HQ manager',
    params: z.object({ id: z.string() }), ok: { status: 200, description: 'ImpersonationIssueResponse', schema: ImpersonationIssueResponseSchema },
    errors: { ...operatorErrors, 403: [...operatorErrors[403], 'INDEPENDENT_HQ_IMPERSONATION_FORBIDDEN'], 404: ['HQ_NOT_FOUND', 'HQ_MANAGER_NOT_FOUND'], 503: ['SERVICE_UNAVAILABLE'] } });
  r.post('/api/v1/admin/hq/:id/impersonate', ...ops, async (req, res) => {
    res.json(await issueImpersonation(ctx, principalOf(req), String(req.params.id)));
  });

  const TAG = 'Email templates';
  const TypeParams = z.object({ type: EmailTemplateTypeSchema });
  doc({ method: 'get', path: '/api/v1/admin/email-templates', tag: TAG, auth: true, summary: 'The four email templates',
    ok: { status: 200, description: '{ items: EmailTemplateListItem[] }', schema: EmailTemplateListResponse }, errors: operatorErrors });
  r.get('/api/v1/admin/email-templates', ...ops, (_req, res) => {
    res.json(listEmailTemplates());
  });

  doc({ method: 'get', path: '/api/v1/admin/email-templates/{type}/preview', tag: TAG, auth: true, summary: 'Self-contained HTML rendered from sample data',
    params: TypeParams, ok: { status: 200, description: 'EmailTemplatePreviewResponse', schema: EmailTemplatePreviewResponse },
    errors: { ...operatorErrors, 400: ['INVALID_ENUM_VALUE'] } });
  r.get('/api/v1/admin/email-templates/:type/preview', ...ops, (req, res) => {
    res.json(previewEmailTemplate(String(req.params.type)));
  });

  doc({ method: 'post', path: '/api/v1/admin/email-templates/{type}/test-send', tag: TAG, auth: true, summary: 'Send the sample rendering to an address (5 per minute)',
    params: TypeParams, body: EmailTemplateTestSendRequest, ok: { status: 200, description: 'EmailTemplateTestSendResponse', schema: EmailTemplateTestSendResponse },
    errors: { ...operatorErrors, 400: ['VALIDATION_FAILED', 'INVALID_ENUM_VALUE'], 429: ['RATE_LIMITED'] } });
  r.post('/api/v1/admin/email-templates/:type/test-send', ...ops, async (req, res) => {
    const { to } = parseInput(EmailTemplateTestSendRequest, req.body);
    res.json(await testSendEmailTemplate(ctx, principalOf(req), String(req.params.type), to));
  });

  return r;
};
