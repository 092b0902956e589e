import type { Router } from 'express';
import type { Role, ServiceApi } from '@storecast/service-kit';
import { getTicketAttachment } from '../app/get-ticket-attachment.use-case';
import type { SupportContext } from '../app/ports';
import { uploadTicketAttachment } from '../app/upload-ticket-attachment.use-case';
import type { Channel } from '../domain/visibility';
import { commentIdField, readAttachmentUpload } from './attachment-upload';
import { toAttachmentItem } from './ticket-dto';
import { AttachmentUploadForm, TicketAttachmentItem } from './tickets.schemas';

export interface AttachmentRoutesOptions {
  channel: Exclude<Channel, 'operator'>;
  /** The channel's ticket path, e.g. `/api/v1/store/tickets`. */
  base: '/api/v1/store/tickets' | '/api/v1/hq/tickets' | '/api/v1/hq/store-tickets';
  /** The operationId stem: `upload<Name>Attachment`, `get<Name>Attachment`. */
  name: string;
  purpose: 'TICKET_ATTACHMENT_STORE' | 'TICKET_ATTACHMENT_HQ' | 'TICKET_ATTACHMENT_HQ_STORE';
  role: Role;
  tags: string[];
}

const scope403 = { 403: ['PRINCIPAL_SCOPE_MISMATCH'] };

/**
 * Upload and download of attachments in an HQ or store channel: the same contract in each
 * (visibility SHARED only; the operator channel has its own, with INTERNAL files).
 */
export const defineChannelAttachmentRoutes = (api: ServiceApi, router: Router, ctx: SupportContext, o: AttachmentRoutesOptions): void => {
  const auth = { roles: [o.role] } as const;
  api.define(router, {
    method: 'post',
    path: `${o.base}/{id}/attachments`,
    operationId: `upload${o.name}Attachment`,
    summary: 'Attach a file (PNG, JPEG, GIF, WebP, PDF; at most 10 MB, 5 per ticket)',
    description: `Also the target of upload tickets with purpose ${o.purpose}. 10 per minute per account (gateway group TICKET_ATTACHMENT).`,
    tags: o.tags,
    auth: { ...auth, uploadPurposes: [o.purpose] },
    requestContent: { contentType: 'multipart/form-data', schema: AttachmentUploadForm },
    before: [readAttachmentUpload],
    response: { status: 201, description: 'The attachment', schema: TicketAttachmentItem },
    errors: {
      ...scope403,
      400: ['TICKET_ATTACHMENT_INVALID_FIELD', 'TICKET_ATTACHMENT_UNSUPPORTED_TYPE'],
      404: ['TICKET_NOT_FOUND'],
      409: ['TICKET_ATTACHMENT_LIMIT_EXCEEDED'],
      429: ['RATE_LIMITED'],
      503: ['SERVICE_UNAVAILABLE'],
    },
    handler: async ({ principal, params, req }) =>
      toAttachmentItem(await uploadTicketAttachment(ctx, principal, o.channel, params.id, { file: req.upload?.file, commentId: commentIdField(req.upload?.fields) })),
  });

  api.define(router, {
    method: 'get',
    path: `${o.base}/{id}/attachments/{attId}`,
    operationId: `get${o.name}Attachment`,
    summary: 'An attachment with a fresh presigned download URL',
    tags: o.tags,
    auth,
    response: { status: 200, description: 'The attachment', schema: TicketAttachmentItem },
    errors: { ...scope403, 404: ['TICKET_NOT_FOUND', 'TICKET_ATTACHMENT_NOT_FOUND'] },
    handler: async ({ principal, params }) => toAttachmentItem(await getTicketAttachment(ctx, principal, o.channel, params.id, params.attId)),
  });
};
