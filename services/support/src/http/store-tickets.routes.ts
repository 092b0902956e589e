import type { Router } from 'express';
import { pageEnvelope, type ServiceApi } from '@storecast/service-kit';
import { addTicketComment } from '../app/add-ticket-comment.use-case';
import { changeTicketStatus } from '../app/change-ticket-status.use-case';
import { createTicket } from '../app/create-ticket.use-case';
import { getTicket } from '../app/get-ticket.use-case';
import { listTickets } from '../app/list-tickets.use-case';
import type { SupportContext } from '../app/ports';
import { readStoreSupportSignal } from '../app/read-support-signals.use-case';
import { defineChannelAttachmentRoutes } from './attachment.routes';
import { toCommentItem, toStoreDetail, toStoreListItem } from './ticket-dto';
import {
  AddStoreTicketCommentRequest,
  CreateStoreTicketRequest,
  ListStoreTicketsQuery,
  StoreSupportUnreadSignalResponse,
  StoreTicketCommentItem,
  StoreTicketDetailResponse,
  StoreTicketListResponse,
} from './tickets.schemas';

const auth = { roles: ['STORE_MANAGER'] } as const;
const tags = ['Store tickets'];
const scope403 = { 403: ['PRINCIPAL_SCOPE_MISMATCH'] };

/** The store channel (spec 03 § Support tickets): the caller's store's tickets, replies only. */
export const storeTicketsRouter = (api: ServiceApi, ctx: SupportContext): Router => {
  const router = api.router();

  api.define(router, {
    method: 'get',
    path: '/api/v1/store/tickets',
    operationId: 'listStoreTickets',
    summary: 'List the store\'s tickets (updatedAt desc; no priority)',
    tags,
    auth,
    query: ListStoreTicketsQuery,
    response: { status: 200, description: 'A page of tickets', schema: StoreTicketListResponse },
    errors: scope403,
    handler: async ({ principal, query }) => {
      const { q, status, category, page, size } = query;
      const { entries, total } = await listTickets(ctx, principal, 'store', { q, status, category }, { page, size });
      return pageEnvelope(entries.map(toStoreListItem), { page, size }, total);
    },
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/store/tickets',
    operationId: 'createStoreTicket',
    summary: 'File a ticket (status OPEN, priority NORMAL, the store\'s HQ)',
    tags,
    auth,
    body: CreateStoreTicketRequest,
    response: { status: 201, description: 'The new ticket', schema: StoreTicketDetailResponse },
    errors: { ...scope403, 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ principal, body }) => toStoreDetail(await createTicket(ctx, principal, { channel: 'store', ticket: body })),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/store/tickets/{id}',
    operationId: 'getStoreTicket',
    summary: 'A ticket of the store with its replies (oldest first) and attachments',
    tags,
    auth,
    response: { status: 200, description: 'The ticket', schema: StoreTicketDetailResponse },
    errors: { ...scope403, 404: ['TICKET_NOT_FOUND'] },
    handler: async ({ principal, params }) => toStoreDetail(await getTicket(ctx, principal, 'store', params.id)),
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/store/tickets/{id}/comments',
    operationId: 'addStoreTicketComment',
    summary: 'Reply on a ticket of the store',
    tags,
    auth,
    body: AddStoreTicketCommentRequest,
    response: { status: 201, description: 'The comment', schema: StoreTicketCommentItem },
    errors: { ...scope403, 404: ['TICKET_NOT_FOUND'] },
    handler: async ({ principal, params, body }) =>
      toCommentItem(await addTicketComment(ctx, principal, 'store', params.id, { kind: 'REPLY', body: body.body })),
  });

  api.define(router, {
    method: 'patch',
    path: '/api/v1/store/tickets/{id}/close',
    operationId: 'closeStoreTicket',
    summary: 'Close a RESOLVED ticket (the only move a store makes)',
    tags,
    auth,
    response: { status: 200, description: 'The closed ticket', schema: StoreTicketDetailResponse },
    errors: { ...scope403, 404: ['TICKET_NOT_FOUND'], 409: ['TICKET_INVALID_STATUS_TRANSITION'] },
    handler: async ({ principal, params }) => toStoreDetail(await changeTicketStatus(ctx, principal, 'store', params.id, 'CLOSED')),
  });

  defineChannelAttachmentRoutes(api, router, ctx, { channel: 'store', base: '/api/v1/store/tickets', name: 'StoreTicket', purpose: 'TICKET_ATTACHMENT_STORE', role: 'STORE_MANAGER', tags });

  api.define(router, {
    method: 'get',
    path: '/api/v1/store/support/unread-signal',
    operationId: 'getStoreSupportUnreadSignal',
    summary: 'When the store\'s tickets last got a reply from the people handling them',
    tags,
    auth,
    response: { status: 200, description: 'The signal', schema: StoreSupportUnreadSignalResponse },
    errors: scope403,
    handler: async ({ principal }) => {
      const signal = await readStoreSupportSignal(ctx, principal);
      return { latestOperatorReplyAt: signal.latestOperatorReplyAt?.toISOString() ?? null };
    },
  });

  return router;
};
