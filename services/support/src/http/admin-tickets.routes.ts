import type { Router } from 'express';
import { pageEnvelope, type ServiceApi } from '@storecast/service-kit';
import { addTicketComment } from '../app/add-ticket-comment.use-case';
import { assignTicket } from '../app/assign-ticket.use-case';
import { changeTicketCategory } from '../app/change-ticket-category.use-case';
import { changeTicketPriority } from '../app/change-ticket-priority.use-case';
import { changeTicketStatus } from '../app/change-ticket-status.use-case';
import { createTicket } from '../app/create-ticket.use-case';
import { getTicket } from '../app/get-ticket.use-case';
import { getTicketAttachment } from '../app/get-ticket-attachment.use-case';
import { listTickets } from '../app/list-tickets.use-case';
import type { SupportContext } from '../app/ports';
import { readAdminStats } from '../app/read-admin-stats.use-case';
import { uploadTicketAttachment } from '../app/upload-ticket-attachment.use-case';
import { commentIdField, readAttachmentUpload } from './attachment-upload';
import { toAdminAttachmentItem, toAdminCommentItem, toAdminDetail, toAdminListItem } from './ticket-dto';
import {
  AddAdminTicketCommentRequest,
  AdminStatsResponse,
  AdminTicketAttachmentItem,
  AdminTicketCommentItem,
  AdminTicketDetailResponse,
  AdminTicketListResponse,
  AssignTicketRequest,
  AttachmentUploadForm,
  ChangeTicketCategoryRequest,
  ChangeTicketPriorityRequest,
  ChangeTicketStatusRequest,
  CreateAdminTicketRequest,
  ListAdminTicketsQuery,
} from './tickets.schemas';

const auth = { roles: ['OPERATOR'] } as const;
const tags = ['Operator tickets'];
const unavailable = { 503: ['SERVICE_UNAVAILABLE'] };

/** The operator channel (spec 02 § Endpoints, Tickets): every ticket, every comment and file. */
export const adminTicketsRouter = (api: ServiceApi, ctx: SupportContext): Router => {
  const router = api.router();

  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/tickets',
    operationId: 'listAdminTickets',
    summary: 'List tickets (updatedAt desc) with source names, category, assignee and comment count',
    description: 'Filter values that are not valid (unknown enum values, malformed ids) are ignored.',
    tags,
    auth,
    query: ListAdminTicketsQuery,
    response: { status: 200, description: 'A page of tickets', schema: AdminTicketListResponse },
    errors: unavailable,
    handler: async ({ principal, query }) => {
      const { page, size, ...filters } = query;
      const { entries, total } = await listTickets(ctx, principal, 'operator', filters, { page, size });
      return pageEnvelope(entries.map(toAdminListItem), { page, size }, total);
    },
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/admin/tickets',
    operationId: 'createAdminTicket',
    summary: 'File a ticket (optionally for an HQ or a store)',
    tags,
    auth,
    body: CreateAdminTicketRequest,
    response: { status: 201, description: 'The new ticket', schema: AdminTicketDetailResponse },
    errors: { 404: ['HQ_NOT_FOUND', 'STORE_NOT_FOUND'], ...unavailable },
    handler: async ({ principal, body }) =>
      toAdminDetail(await createTicket(ctx, principal, { channel: 'operator', ticket: { ...body, category: body.category ?? null } })),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/tickets/{id}',
    operationId: 'getAdminTicket',
    summary: 'A ticket with every comment (REPLY and INTERNAL) and attachment (with visibility)',
    tags,
    auth,
    response: { status: 200, description: 'The ticket', schema: AdminTicketDetailResponse },
    errors: { 404: ['TICKET_NOT_FOUND'], ...unavailable },
    handler: async ({ principal, params }) => toAdminDetail(await getTicket(ctx, principal, 'operator', params.id)),
  });

  api.define(router, {
    method: 'patch',
    path: '/api/v1/admin/tickets/{id}/status',
    operationId: 'changeAdminTicketStatus',
    summary: 'Move a ticket along the ticket status table',
    tags,
    auth,
    body: ChangeTicketStatusRequest,
    response: { status: 200, description: 'The ticket', schema: AdminTicketDetailResponse },
    errors: { 404: ['TICKET_NOT_FOUND'], 409: ['TICKET_INVALID_STATUS_TRANSITION'], ...unavailable },
    handler: async ({ principal, params, body }) => toAdminDetail(await changeTicketStatus(ctx, principal, 'operator', params.id, body.status)),
  });

  api.define(router, {
    method: 'patch',
    path: '/api/v1/admin/tickets/{id}/priority',
    operationId: 'changeAdminTicketPriority',
    summary: 'Set a ticket\'s priority (free)',
    tags,
    auth,
    body: ChangeTicketPriorityRequest,
    response: { status: 200, description: 'The ticket', schema: AdminTicketDetailResponse },
    errors: { 404: ['TICKET_NOT_FOUND'], ...unavailable },
    handler: async ({ principal, params, body }) => toAdminDetail(await changeTicketPriority(ctx, principal, params.id, body.priority)),
  });

  api.define(router, {
    method: 'patch',
    path: '/api/v1/admin/tickets/{id}/category',
    operationId: 'changeAdminTicketCategory',
    summary: 'Set or clear (null) a ticket\'s category (free)',
    tags,
    auth,
    body: ChangeTicketCategoryRequest,
    response: { status: 200, description: 'The ticket', schema: AdminTicketDetailResponse },
    errors: { 404: ['TICKET_NOT_FOUND'], ...unavailable },
    handler: async ({ principal, params, body }) => toAdminDetail(await changeTicketCategory(ctx, principal, params.id, body.category)),
  });

  api.define(router, {
    method: 'patch',
    path: '/api/v1/admin/tickets/{id}/assignee',
    operationId: 'assignAdminTicket',
    summary: 'Assign a ticket to an operator, or clear the assignee (body without assigneeOperatorId)',
    tags,
    auth,
    body: AssignTicketRequest,
    response: { status: 200, description: 'The ticket', schema: AdminTicketDetailResponse },
    errors: { 404: ['TICKET_NOT_FOUND', 'ACCOUNT_NOT_FOUND'], ...unavailable },
    handler: async ({ principal, params, body }) => toAdminDetail(await assignTicket(ctx, principal, params.id, body.assigneeOperatorId)),
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/admin/tickets/{id}/comments',
    operationId: 'addAdminTicketComment',
    summary: 'Comment on a ticket: REPLY (seen by the HQ or store) or INTERNAL (operators only)',
    tags,
    auth,
    body: AddAdminTicketCommentRequest,
    response: { status: 201, description: 'The comment', schema: AdminTicketCommentItem },
    errors: { 404: ['TICKET_NOT_FOUND'] },
    handler: async ({ principal, params, body }) => toAdminCommentItem(await addTicketComment(ctx, principal, 'operator', params.id, body)),
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/admin/tickets/{id}/attachments',
    operationId: 'uploadTicketAttachment',
    summary: 'Attach a file (PNG, JPEG, GIF, WebP, PDF; at most 10 MB, 5 per ticket); INTERNAL when its comment is INTERNAL',
    description: 'Also the target of upload tickets with purpose TICKET_ATTACHMENT_ADMIN. 10 per minute per account (gateway group TICKET_ATTACHMENT).',
    tags,
    auth: { ...auth, uploadPurposes: ['TICKET_ATTACHMENT_ADMIN'] },
    requestContent: { contentType: 'multipart/form-data', schema: AttachmentUploadForm },
    before: [readAttachmentUpload],
    response: { status: 201, description: 'The attachment', schema: AdminTicketAttachmentItem },
    errors: {
      400: ['TICKET_ATTACHMENT_INVALID_FIELD', 'TICKET_ATTACHMENT_UNSUPPORTED_TYPE'],
      404: ['TICKET_NOT_FOUND'],
      409: ['TICKET_ATTACHMENT_LIMIT_EXCEEDED'],
      429: ['RATE_LIMITED'],
      ...unavailable,
    },
    handler: async ({ principal, params, req }) =>
      toAdminAttachmentItem(
        await uploadTicketAttachment(ctx, principal, 'operator', params.id, { file: req.upload?.file, commentId: commentIdField(req.upload?.fields) }),
      ),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/tickets/{id}/attachments/{attId}',
    operationId: 'getAdminTicketAttachment',
    summary: 'An attachment with a fresh presigned download URL',
    tags,
    auth,
    response: { status: 200, description: 'The attachment', schema: AdminTicketAttachmentItem },
    errors: { 404: ['TICKET_NOT_FOUND', 'TICKET_ATTACHMENT_NOT_FOUND'] },
    handler: async ({ principal, params }) => toAdminAttachmentItem(await getTicketAttachment(ctx, principal, 'operator', params.id, params.attId)),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/admin/stats',
    operationId: 'getAdminStats',
    summary: 'Dashboard counts: HQs and stores (organization), tickets per status',
    tags: ['Operator dashboard'],
    auth,
    response: { status: 200, description: 'The counts', schema: AdminStatsResponse },
    errors: unavailable,
    handler: async () => readAdminStats(ctx),
  });

  return router;
};
