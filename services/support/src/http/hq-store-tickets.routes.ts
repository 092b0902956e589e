import type { Router } from 'express';
import { pageEnvelope, type ServiceApi } from '@storecast/service-kit';
import { addTicketComment } from '../app/add-ticket-comment.use-case';
import { changeTicketStatus } from '../app/change-ticket-status.use-case';
import { getTicket } from '../app/get-ticket.use-case';
import { listTickets } from '../app/list-tickets.use-case';
import type { SupportContext } from '../app/ports';
import { readHqStoreSupportSignal } from '../app/read-support-signals.use-case';
import { defineChannelAttachmentRoutes } from './attachment.routes';
import { toCommentItem, toHqStoreDetail, toHqStoreListItem } from './ticket-dto';
import {
  AddHqTicketCommentRequest,
  ChangeTicketStatusRequest,
  HqStoreSupportUnreadSignalResponse,
  HqStoreTicketDetailResponse,
  HqStoreTicketListResponse,
  HqTicketCommentItem,
  ListHqStoreTicketsQuery,
} from './tickets.schemas';

const auth = { roles: ['HQ_MANAGER'] } as const;
const tags = ['HQ store tickets'];
const scope403 = { 403: ['PRINCIPAL_SCOPE_MISMATCH'] };

/**
 * The HQ handling its stores' tickets (spec 03 § Support tickets, "HQ acts as handler"): the full
 * status table, priority read-only, replies only (never INTERNAL comments or their files).
 */
export const hqStoreTicketsRouter = (api: ServiceApi, ctx: SupportContext): Router => {
  const router = api.router();

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/store-tickets',
    operationId: 'listHqStoreTickets',
    summary: 'List the tickets of the HQ\'s stores (updatedAt desc)',
    tags,
    auth,
    query: ListHqStoreTicketsQuery,
    response: { status: 200, description: 'A page of tickets', schema: HqStoreTicketListResponse },
    errors: { ...scope403, 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ principal, query }) => {
      const { q, status, category, storeId, page, size } = query;
      const { entries, total } = await listTickets(ctx, principal, 'hq-store', { q, status, category, storeId }, { page, size });
      return pageEnvelope(entries.map(toHqStoreListItem), { page, size }, total);
    },
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/store-tickets/{id}',
    operationId: 'getHqStoreTicket',
    summary: 'A ticket of one of the HQ\'s stores with its replies (oldest first) and attachments',
    tags,
    auth,
    response: { status: 200, description: 'The ticket', schema: HqStoreTicketDetailResponse },
    errors: { ...scope403, 404: ['TICKET_NOT_FOUND'], 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ principal, params }) => toHqStoreDetail(await getTicket(ctx, principal, 'hq-store', params.id)),
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/hq/store-tickets/{id}/comments',
    operationId: 'addHqStoreTicketComment',
    summary: 'Reply on a store\'s ticket as its HQ (authorRole HQ_MANAGER)',
    tags,
    auth,
    body: AddHqTicketCommentRequest,
    response: { status: 201, description: 'The comment', schema: HqTicketCommentItem },
    errors: { ...scope403, 404: ['TICKET_NOT_FOUND'] },
    handler: async ({ principal, params, body }) =>
      toCommentItem(await addTicketComment(ctx, principal, 'hq-store', params.id, { kind: 'REPLY', body: body.body })),
  });

  api.define(router, {
    method: 'patch',
    path: '/api/v1/hq/store-tickets/{id}/status',
    operationId: 'changeHqStoreTicketStatus',
    summary: 'Move a store\'s ticket along the ticket status table',
    tags,
    auth,
    body: ChangeTicketStatusRequest,
    response: { status: 200, description: 'The ticket', schema: HqStoreTicketDetailResponse },
    errors: { ...scope403, 404: ['TICKET_NOT_FOUND'], 409: ['TICKET_INVALID_STATUS_TRANSITION'], 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ principal, params, body }) => toHqStoreDetail(await changeTicketStatus(ctx, principal, 'hq-store', params.id, body.status)),
  });

  defineChannelAttachmentRoutes(api, router, ctx, { channel: 'hq-store', base: '/api/v1/hq/store-tickets', name: 'HqStoreTicket', purpose: 'TICKET_ATTACHMENT_HQ_STORE', role: 'HQ_MANAGER', tags });

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/store-support/unread-signal',
    operationId: 'getHqStoreSupportUnreadSignal',
    summary: 'Open work on the stores\' tickets and the stores\' newest ticket or comment',
    tags,
    auth,
    response: { status: 200, description: 'The signal', schema: HqStoreSupportUnreadSignalResponse },
    errors: scope403,
    handler: async ({ principal }) => {
      const signal = await readHqStoreSupportSignal(ctx, principal);
      return { openOrInProgressCount: signal.openOrInProgressCount, latestStoreActivityAt: signal.latestStoreActivityAt?.toISOString() ?? null };
    },
  });

  return router;
};
