import { hqScope, pageEnvelope, toIso, toIsoOrNull, type ServiceApi } from '@storecast/service-kit';
import type { Router } from 'express';
import { dispatchAnnouncement } from '../app/dispatch-announcement.use-case';
import { cancelDispatch, listHistory, revokeDispatch, undeliveredToday } from '../app/hq-dispatches.use-case';
import { getDeliverySummary } from '../app/delivery-summary.use-case';
import { getDispatchReceipts } from '../app/dispatch-receipts.use-case';
import type { AppContext } from '../app/ports';
import { cancelSchedule, createSchedule, listSchedules } from '../app/schedules.use-case';
import {
  DeliverySummaryQuerySchema,
  DeliverySummarySchema,
  DispatchReceiptsSchema,
  DispatchHistoryQuerySchema,
  DispatchHistorySchema,
  DispatchRequestSchema,
  DispatchResponseSchema,
  ScheduleListQuerySchema,
  ScheduleListSchema,
  ScheduleRequestSchema,
  ScheduleSchema,
  UndeliveredStoresSchema,
} from './dispatches.schemas';
import { deliverySummaryDto, historyItem, receiptsDto, scheduleDto } from './dto';
import { pagingSchema } from '@storecast/service-kit';

const HQ = { roles: ['HQ_MANAGER'] } as const;
const SCOPE = ['PRINCIPAL_SCOPE_MISMATCH'];
const PEER = { 503: ['SERVICE_UNAVAILABLE'] };

export const hqDispatchRoutes = (api: ServiceApi, router: Router, ctx: AppContext) => {
  api.define(router, {
    method: 'post',
    path: '/api/v1/hq/announcements/{announcementId}/dispatches',
    operationId: 'dispatchHqTtsAnnouncement',
    summary: 'Dispatch an announcement to ALL stores, STORES or a REGION, now or at a scheduled time (DISPATCH rate group)',
    description:
      'One row per target store (closed stores excluded; REGION never includes stores without a region). Now: PENDING with playAt = issue + 2 s. ' +
      'scheduledAt: SCHEDULED, made PENDING by the minute scheduler; past or beyond one year is 400. STORES without storeIds, REGION without region, ' +
      'or a target with no store is 400 DISPATCH_INVALID_TARGET; a store that is not the HQ\'s is 404 TTS_ANNOUNCEMENT_NOT_FOUND.',
    tags: ['HQ dispatch'],
    auth: HQ,
    body: DispatchRequestSchema,
    response: { status: 201, description: 'DispatchHqTtsAnnouncementResponse', schema: DispatchResponseSchema },
    errors: { 400: ['DISPATCH_INVALID_TARGET'], 403: SCOPE, 404: ['TTS_ANNOUNCEMENT_NOT_FOUND'], ...PEER },
    handler: async ({ principal, params, body }) => {
      const r = await dispatchAnnouncement(ctx, principal, hqScope(principal), params.announcementId, {
        target: body.target,
        storeIds: body.storeIds,
        region: body.region,
        scheduledAt: body.scheduledAt ?? undefined,
      });
      return {
        batchId: r.batchId,
        announcementId: r.announcementId,
        target: body.target,
        status: r.status,
        scheduledAt: toIsoOrNull(r.scheduledAt),
        playAt: toIso(r.playAt),
        storeCount: r.rows.length,
        dispatchIds: r.rows.map((d) => d.id),
      };
    },
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/announcements/{announcementId}/dispatches',
    operationId: 'listHqTtsAnnouncementDispatches',
    summary: 'Dispatch history of an announcement, newest first, with the actor of each dispatch',
    description: 'actorAccountId and actorRole come from the audit record of the dispatch (or of the recurring schedule); actorEmail from identity, null when unknown.',
    tags: ['HQ dispatch'],
    auth: HQ,
    query: DispatchHistoryQuerySchema,
    response: { status: 200, description: 'Dispatch history page', schema: DispatchHistorySchema },
    errors: { 403: SCOPE, 404: ['TTS_ANNOUNCEMENT_NOT_FOUND'], ...PEER },
    handler: async ({ principal, params, query }) => {
      const { items, total } = await listHistory(ctx, hqScope(principal), params.announcementId, { status: query.status }, query);
      return pageEnvelope(items.map(historyItem), query, total);
    },
  });

  // Before the /{dispatchId}/… routes, so this fixed path is never read as a dispatch id.
  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/dispatches/delivery-summary',
    operationId: 'getHqDeliverySummary',
    summary: 'Per store of the HQ: how its dispatches due within the last `days` × 24 h went (on time, late, missed, pending, canceled)',
    description:
      'Rows due in [from, to] (to = now). late = PLAYED with a started lag (startedAt of the PLAYED ack − due) over lateAfterMs; pending includes SCHEDULED rows ' +
      'not made PENDING yet. One item per store with at least one row, most missed first, then most late, then store name. Store broadcasts never count.',
    tags: ['HQ dispatch'],
    auth: HQ,
    query: DeliverySummaryQuerySchema,
    response: { status: 200, description: 'HqDeliverySummaryResponse', schema: DeliverySummarySchema },
    errors: { 403: SCOPE, ...PEER },
    handler: async ({ principal, query }) => deliverySummaryDto(await getDeliverySummary(ctx, hqScope(principal), query.days)),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/dispatches/{dispatchId}/receipts',
    operationId: 'getHqDispatchReceipts',
    summary: 'Delivery receipts of one dispatch call: every target store of the call the given row belongs to, with its devices\' acks and lags',
    description:
      'dispatchId is any row of the call (one row per target store, grouped by batchId). Lags are player-reported times − dueAt; store-level ones come from the ' +
      'ack that made the row PLAYED. late = PLAYED with startedLagMs over lateAfterMs. Another HQ\'s or a missing dispatch is 404 DISPATCH_NOT_FOUND. ' +
      'Device labels come from organization and are null when it does not answer.',
    tags: ['HQ dispatch'],
    auth: HQ,
    response: { status: 200, description: 'HqDispatchReceiptsResponse', schema: DispatchReceiptsSchema },
    errors: { 403: SCOPE, 404: ['DISPATCH_NOT_FOUND'], ...PEER },
    handler: async ({ principal, params }) => receiptsDto(await getDispatchReceipts(ctx, hqScope(principal), params.dispatchId)),
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/hq/dispatches/{dispatchId}/cancel',
    operationId: 'cancelHqDispatch',
    summary: 'Cancel a PENDING or SCHEDULED dispatch of the HQ (HQ_CONTROL rate group)',
    tags: ['HQ dispatch'],
    auth: HQ,
    response: { status: 204, description: 'Canceled' },
    errors: { 403: SCOPE, 404: ['DISPATCH_NOT_FOUND'] },
    handler: async ({ principal, params }) => {
      await cancelDispatch(ctx, principal, hqScope(principal), params.dispatchId);
    },
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/hq/dispatches/{dispatchId}/revoke',
    operationId: 'revokeHqDispatch',
    summary: 'Remote stop of a PENDING dispatch due today (KST) (HQ_CONTROL rate group)',
    description: 'The dispatch becomes CANCELED and is listed in the store\'s revokedDispatchIds for the rest of the KST day; players are told at once (dispatch.dispatch.revoked).',
    tags: ['HQ dispatch'],
    auth: HQ,
    response: { status: 204, description: 'Revoked' },
    errors: { 403: SCOPE, 404: ['DISPATCH_NOT_FOUND'] },
    handler: async ({ principal, params }) => {
      await revokeDispatch(ctx, principal, hqScope(principal), params.dispatchId);
    },
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/dashboard/undelivered-today/stores',
    operationId: 'listHqUndeliveredTodayStores',
    summary: 'Distinct stores with PENDING dispatches due today (KST), by store name',
    tags: ['HQ dashboard'],
    auth: HQ,
    query: pagingSchema(),
    response: { status: 200, description: 'Stores with undelivered announcements', schema: UndeliveredStoresSchema },
    errors: { 403: SCOPE, ...PEER },
    handler: async ({ principal, query }) => {
      const { items, total } = await undeliveredToday(ctx, hqScope(principal), query);
      return pageEnvelope(
        items.map((i) => ({ storeId: i.storeId, storeName: i.storeName, pendingCount: i.pendingCount, oldestDueAt: toIso(i.oldestDueAt) })),
        query,
        total,
      );
    },
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/hq/announcements/{announcementId}/schedules',
    operationId: 'createHqDispatchSchedule',
    summary: 'Create a recurring dispatch schedule (HQ_CONTROL rate group)',
    description:
      'DAILY / WEEKLY: times "HH:mm" (KST, 5-minute grid), WEEKLY also daysOfWeek. HOURLY / EVEN_HOURS / ODD_HOURS: startHour..endHour (inclusive) at minute (0..55, step 5). ' +
      'startDate..endDate inclusive (KST), endDate within one year. Each expanded time dispatches once to the target\'s stores of that moment.',
    tags: ['HQ dispatch schedules'],
    auth: HQ,
    body: ScheduleRequestSchema,
    response: { status: 201, description: 'The schedule', schema: ScheduleSchema },
    errors: { 400: ['DISPATCH_INVALID_TARGET'], 403: SCOPE, 404: ['TTS_ANNOUNCEMENT_NOT_FOUND'], ...PEER },
    handler: async ({ principal, params, body }) =>
      scheduleDto(
        await createSchedule(ctx, principal, hqScope(principal), params.announcementId, {
          target: body.target,
          storeIds: body.storeIds,
          region: body.region,
          frequency: body.frequency,
          times: body.times ?? [],
          daysOfWeek: body.daysOfWeek ?? [],
          startHour: body.startHour ?? null,
          endHour: body.endHour ?? null,
          minute: body.minute ?? null,
          startDate: body.startDate,
          endDate: body.endDate,
        }),
      ),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/dispatch-schedules',
    operationId: 'listHqDispatchSchedules',
    summary: 'Recurring schedules of the HQ, newest first (filter by announcementId, status)',
    tags: ['HQ dispatch schedules'],
    auth: HQ,
    query: ScheduleListQuerySchema,
    response: { status: 200, description: 'Schedules page', schema: ScheduleListSchema },
    errors: { 403: SCOPE },
    handler: async ({ principal, query }) => {
      const { rows, total } = await listSchedules(ctx, hqScope(principal), { announcementId: query.announcementId, status: query.status }, query);
      return pageEnvelope(rows.map(scheduleDto), query, total);
    },
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/hq/dispatch-schedules/{scheduleId}/cancel',
    operationId: 'cancelHqDispatchSchedule',
    summary: 'Cancel an active recurring schedule (HQ_CONTROL rate group); occurrences already materialized stay',
    tags: ['HQ dispatch schedules'],
    auth: HQ,
    response: { status: 200, description: 'The canceled schedule', schema: ScheduleSchema },
    errors: { 403: SCOPE, 404: ['DISPATCH_SCHEDULE_NOT_FOUND'] },
    handler: async ({ principal, params }) => scheduleDto(await cancelSchedule(ctx, principal, hqScope(principal), params.scheduleId)),
  });
};
