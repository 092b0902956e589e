import { storeScope, toIsoOrNull, type ServiceApi } from '@storecast/service-kit';
import type { Router } from 'express';
import type { AppContext } from '../app/ports';
import { ackDispatch, listPending } from '../app/store-delivery.use-case';
import { AckRequestSchema, PendingAnnouncementsSchema, PendingQuerySchema } from './store.schemas';

const STORE = { roles: ['STORE_MANAGER'] } as const;
const SCOPE = ['PRINCIPAL_SCOPE_MISMATCH'];

export const storeDeliveryRoutes = (api: ServiceApi, router: Router, ctx: AppContext) => {
  api.define(router, {
    method: 'get',
    path: '/api/v1/store/announcements/pending',
    operationId: 'listStorePendingAnnouncements',
    summary: 'Announcements the store should play now or at playAt, oldest first, and today\'s remote stops',
    description:
      'Without deviceId: store-wide PENDING dispatches. With a valid deviceId: also those addressed to that device, and those PLAYED in the last 5 minutes ' +
      'that this device has not acknowledged; dispatches it skipped are left out. An unknown deviceId falls back to store level.',
    tags: ['Store announcements'],
    auth: STORE,
    query: PendingQuerySchema,
    response: { status: 200, description: 'PendingAnnouncementsResponse', schema: PendingAnnouncementsSchema },
    errors: { 403: SCOPE, 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ principal, query }) => {
      const { items, revokedDispatchIds } = await listPending(ctx, storeScope(principal), query.deviceId);
      return {
        items: items.map((i) => ({
          dispatchId: i.dispatch.id,
          announcementId: i.announcement.id,
          title: i.announcement.title,
          audioUrl: i.audioUrl,
          durationSeconds: i.announcement.durationSeconds,
          isEmergency: i.dispatch.isEmergency,
          playAt: toIsoOrNull(i.dispatch.playAt),
        })),
        revokedDispatchIds,
      };
    },
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/store/announcements/{dispatchId}/ack',
    operationId: 'ackStoreAnnouncement',
    summary: 'Report the result of a dispatch: PLAYED (default), FAILED or SKIPPED',
    description:
      'First PLAYED wins (later PLAYED acks answer 204 without change); SKIPPED → MISSED(SKIPPED); the third FAILED → MISSED(PLAYBACK_FAILED), fewer are redelivered. ' +
      'With devices, FAILED/SKIPPED of one device counts only once every active device reported FAILED or SKIPPED. An ack after a final state is 404 DISPATCH_NOT_FOUND. ' +
      'signalSource, receivedAt and startedAt are stored raw; invalid values count as not reported.',
    tags: ['Store announcements'],
    auth: STORE,
    body: AckRequestSchema,
    response: { status: 204, description: 'Recorded' },
    errors: { 403: SCOPE, 404: ['DISPATCH_NOT_FOUND'], 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ principal, params, body }) => {
      await ackDispatch(ctx, storeScope(principal), params.dispatchId, body);
    },
  });
};
