import { storeScope, type ServiceApi } from '@storecast/service-kit';
import type { Router } from 'express';
import type { AppContext } from '../app/context';
import { issueStreamTicket, STREAM_PATH } from '../app/issue-stream-ticket.use-case';
import { openStream } from '../app/open-stream.use-case';
import { STREAM_END_REASONS, STREAM_EVENT } from '../app/stream-events';
import { EVENT_STREAM, startEventStream } from './event-stream';
import { StreamQuerySchema, StreamTicketQuerySchema, StreamTicketResponseSchema } from './stream.schemas';

const TAGS = ['Store announcements'];

const STREAM_DESCRIPTION = [
  'Server-sent events for the store of the ticket (spec 03 § Events). The ticket is checked once, at connect; the stream outlives it.',
  `Events: \`${STREAM_EVENT.connected}\` first, data { storeId, deviceId, connectedAt, closesAt, keepAliveSeconds } (with \`retry:\`);`,
  `\`${STREAM_EVENT.announcement}\` when a dispatch of the store became PENDING (created for now, scheduled time reached), data { dispatchId, announcementId, title, audioUrl, durationSeconds, isEmergency, playAt, deviceId, pendingAt } — reload the pending list;`,
  `\`${STREAM_EVENT.revoked}\` when HQ stopped a dispatch remotely, data { dispatchId, announcementId, deviceId, revokedAt } — stop it at once;`,
  `\`${STREAM_EVENT.ended}\` last, when the store was suspended, closed or deleted (every stream of the store) or the stream's device was revoked (the streams opened with that deviceId), data { reason: ${STREAM_END_REASONS.join(' | ')}, endedAt } —`,
  'the server closes the stream right after it: do not reconnect at once (close the EventSource), the store or device no longer receives announcements. It carries `retry:` longer than a ticket lives, so an EventSource left to reconnect by itself presents an expired ticket and stops (401).',
  'A comment line every 25 s keeps the connection alive; the server closes the stream after at most 30 minutes (reconnect with a new ticket).',
  'Nothing is replayed: after a reconnect, reload the pending list. A dispatch addressed to one device reaches only a stream opened with that deviceId.',
  'A client too slow to read its events is disconnected.',
].join(' ');

export const streamRoutes = (api: ServiceApi, ctx: AppContext): Router => {
  const router = api.router();

  api.define(router, {
    method: 'post',
    path: '/api/v1/store/announcements/stream-ticket',
    operationId: 'issueStreamTicket',
    summary: 'A short-lived ticket and the complete URL of the store\'s announcement stream',
    description:
      'The ticket is signed, bound to the stream (an upload ticket does not open a stream) and valid for expiresInSeconds (60 by default) to connect; ' +
      'the connection then outlives it. With deviceId, the stream also receives dispatches addressed to that device.',
    tags: TAGS,
    auth: { roles: ['STORE_MANAGER'] },
    query: StreamTicketQuerySchema,
    response: { status: 200, description: 'StreamTicketResponse', schema: StreamTicketResponseSchema },
    errors: { 403: ['PRINCIPAL_SCOPE_MISMATCH'] },
    handler: ({ principal, query }) => issueStreamTicket(ctx, principal, storeScope(principal), query.deviceId),
  });

  api.define(router, {
    method: 'get',
    path: STREAM_PATH,
    operationId: 'streamStoreAnnouncements',
    summary: 'The store\'s announcement events (server-sent events)',
    description: STREAM_DESCRIPTION,
    tags: TAGS,
    auth: 'public',
    query: StreamQuerySchema,
    response: { status: 200, description: 'An event stream', contentType: EVENT_STREAM },
    errors: { 401: ['AUTH_TOKEN_INVALID'] },
    handler: ({ query, res }) => openStream(ctx, query.ticket, () => startEventStream(res)),
  });

  return router;
};
