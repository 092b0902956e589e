import type { Router } from 'express';
import { pageEnvelope, type ServiceApi } from '@storecast/service-kit';
import { addTicketComment } from '../app/add-ticket-comment.use-case';
import { changeTicketStatus } from '../app/change-ticket-status.use-case';
import { createTicket } from '../app/create-ticket.use-case';
import { getTicket } from '../app/get-ticket.use-case';
import { listTickets } from '../app/list-tickets.use-case';
import type { SupportContext } from '../app/ports';
import { defineChannelAttachmentRoutes } from './attachment.routes';
import { toCommentItem, toHqDetail, toHqListItem } from './ticket-dto';
import {
  AddHqTicketCommentRequest,
  CreateHqTicketRequest,
  HqTicketCommentItem,
  HqTicketDetailResponse,
  HqTicketListResponse,
  ListHqTicketsQuery,
} from './tickets.schemas';

const auth = { roles: ['HQ_MANAGER'] } as const;
const tags = ['HQ tickets'];
const scope403 = { 403: ['PRINCIPAL_SCOPE_MISMATCH'] };

/**
 * The HQ channel: the HQ's own tickets to the operators (tickets of the HQ with no store). Paths
 * are not shown by the spec; they mirror the store channel under /api/v1/hq/tickets. Priority is
 * shown read-only; the HQ closes a RESOLVED ticket like a store does.
 */
export const hqTicketsRouter = (api: ServiceApi, ctx: SupportContext): Router => {
  const router = api.router();

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/tickets',
    operationId: 'listHqTickets',
    summary: 'List the HQ\'s own tickets (updatedAt desc)',
    tags,
    auth,
    query: ListHqTicketsQuery,
    response: { status: 200, description: 'A page of tickets', schema: HqTicketListResponse },
    errors: scope403,
    handler: async ({ principal, query }) => {
      const { q, status, category, page, size } = query;
      const { entries, total } = await listTickets(ctx, principal, 'hq', { q, status, category }, { page, size });
      return pageEnvelope(entries.map(toHqListItem), { page, size }, total);
    },
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/hq/tickets',
    operationId: 'createHqTicket',
    summary: 'File a ticket of the HQ (status OPEN, priority NORMAL)',
    tags,
    auth,
    body: CreateHqTicketRequest,
    response: { status: 201, description: 'The new ticket', schema: HqTicketDetailResponse },
    errors: { ...scope403, 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ principal, body }) => toHqDetail(await createTicket(ctx, principal, { channel: 'hq', ticket: body })),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/tickets/{id}',
    operationId: 'getHqTicket',
    summary: 'A ticket of the HQ with its replies (oldest first) and attachments',
    tags,
    auth,
    response: { status: 200, description: 'The ticket', schema: HqTicketDetailResponse },
    errors: { ...scope403, 404: ['TICKET_NOT_FOUND'] },
    handler: async ({ principal, params }) => toHqDetail(await getTicket(ctx, principal, 'hq', params.id)),
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/hq/tickets/{id}/comments',
    operationId: 'addHqTicketComment',
    summary: 'Reply on a ticket of the HQ',
    tags,
    auth,
    body: AddHqTicketCommentRequest,
    response: { status: 201, description: 'The comment', schema: HqTicketCommentItem },
    errors: { ...scope403, 404: ['TICKET_NOT_FOUND'] },
    handler: async ({ principal, params, body }) => toCommentItem(await addTicketComment(ctx, principal, 'hq', params.id, { kind: 'REPLY', body: body.body })),
  });

  api.define(router, {
    method: 'patch',
    path: '/api/v1/hq/tickets/{id}/close',
    operationId: 'closeHqTicket',
    summary: 'Close a RESOLVED ticket of the HQ',
    tags,
    auth,
    response: { status: 200, description: 'The closed ticket', schema: HqTicketDetailResponse },
    errors: { ...scope403, 404: ['TICKET_NOT_FOUND'], 409: ['TICKET_INVALID_STATUS_TRANSITION'] },
    handler: async ({ principal, params }) => toHqDetail(await changeTicketStatus(ctx, principal, 'hq', params.id, 'CLOSED')),
  });

  defineChannelAttachmentRoutes(api, router, ctx, { channel: 'hq', base: '/api/v1/hq/tickets', name: 'HqTicket', purpose: 'TICKET_ATTACHMENT_HQ', role: 'HQ_MANAGER', tags });

  return router;
};
