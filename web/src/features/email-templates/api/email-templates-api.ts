import { useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';

type Schemas = components['schemas'];
export type EmailTemplate = Schemas['EmailTemplateListItem'];
export type EmailTemplateType = Schemas['EmailTemplateType'];

/** The four templates identity renders (spec 02 EmailTemplateListItem.type). */
export const EMAIL_TEMPLATE_TYPES: readonly EmailTemplateType[] = ['ACCOUNT_SETUP', 'PASSWORD_RESET', 'EMAIL_CHANGE_VERIFY', 'EMAIL_CHANGE_NOTICE'];
export const isEmailTemplateType = (v: string | undefined): v is EmailTemplateType => EMAIL_TEMPLATE_TYPES.includes(v as EmailTemplateType);

export const emailTemplateKeys = {
  list: ['email-templates', 'list'] as const,
  preview: (type: EmailTemplateType) => ['email-templates', 'preview', type] as const,
};

export const useEmailTemplates = () =>
  useQuery({ queryKey: emailTemplateKeys.list, queryFn: () => unwrap(api.GET('/api/v1/admin/email-templates')) });

export const useEmailTemplatePreview = (type: EmailTemplateType) =>
  useQuery({
    queryKey: emailTemplateKeys.preview(type),
    queryFn: () => unwrap(api.GET('/api/v1/admin/email-templates/{type}/preview', { params: { path: { type } } })),
  });

export const useTestSend = (type: EmailTemplateType) =>
  useMutation({
    mutationFn: (to: string) => unwrap(api.POST('/api/v1/admin/email-templates/{type}/test-send', { params: { path: { type } }, body: { to: to.trim() } })),
  });
