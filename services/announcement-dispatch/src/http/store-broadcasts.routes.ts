import { pageEnvelope, readUpload, storeScope, toIso, type ServiceApi } from '@storecast/service-kit';
import type { Router } from 'express';
import { previewBroadcast, recordingInvalid, sendBroadcast, uploadRecording, type DraftView } from '../app/broadcasts.use-case';
import type { AppContext } from '../app/ports';
import { cancelReservation, listReservations, slotOccupancy } from '../app/reservations.use-case';
import { createTemplate, deleteTemplate, listTemplates, replaceTemplate, type TemplateView } from '../app/templates.use-case';
import type { TtsVoice } from '../domain/voices';
import {
  BroadcastDraftResponseSchema,
  BroadcastPreviewRequestSchema,
  BroadcastSendRequestSchema,
  BroadcastSendResponseSchema,
  BroadcastTemplateListSchema,
  BroadcastTemplateRequestSchema,
  BroadcastTemplateSchema,
  MultipartFileSchema,
  RecordingQuerySchema,
  ScheduledBroadcastsQuerySchema,
  SlotOccupancyQuerySchema,
  SlotOccupancySchema,
  StoreScheduledBroadcastListSchema,
} from './broadcasts.schemas';

const STORE = { roles: ['STORE_MANAGER'] } as const;
const SCOPE = ['PRINCIPAL_SCOPE_MISMATCH'];
const BROADCAST_TAGS = ['Store broadcasts'];
const TEMPLATE_TAGS = ['Store broadcast templates'];

const draftDto = (d: DraftView) => ({ announcementId: d.row.id, audioUrl: d.audioUrl, durationSeconds: d.row.durationSeconds, isEmergency: d.row.isEmergency });
const templateDto = (t: TemplateView) => ({
  id: t.id,
  name: t.name,
  text: t.text,
  voice: t.voice as TtsVoice,
  createdAt: toIso(t.createdAt),
  updatedAt: toIso(t.updatedAt),
});

export const storeBroadcastRoutes = (api: ServiceApi, router: Router, ctx: AppContext, options: { recordingMaxBytes: number }) => {
  api.define(router, {
    method: 'post',
    path: '/api/v1/store/broadcasts/preview',
    operationId: 'previewStoreBroadcast',
    summary: 'Synthesize a broadcast text into a draft of the store (tone NORMAL, tempo 1.0), not dispatched (SYNTHESIS rate group)',
    description: 'The draft can be sent for BROADCAST_DRAFT_TTL_MINUTES (24 hours by default). Synthesis not configured (503) or failed (502): no draft is created.',
    tags: BROADCAST_TAGS,
    auth: STORE,
    body: BroadcastPreviewRequestSchema,
    response: { status: 201, description: 'BroadcastPreviewResponse', schema: BroadcastDraftResponseSchema },
    errors: { 403: SCOPE, 502: ['TTS_SYNTHESIS_FAILED'], 503: ['TTS_TOKEN_NOT_CONFIGURED', 'SERVICE_UNAVAILABLE'] },
    handler: async ({ principal, body }) => draftDto(await previewBroadcast(ctx, principal, storeScope(principal), body)),
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/store/broadcasts/recording',
    operationId: 'uploadStoreBroadcastRecording',
    summary: 'Upload a recorded broadcast (multipart part file) into a draft of the store, not dispatched',
    description:
      'audio/webm, audio/mp4 or audio/mpeg, recognized by the file signature (the declared type is not trusted), else 400 RECORDING_UNSUPPORTED_FORMAT. ' +
      'Empty file, over 10 MB, durationSeconds outside 1..30 (or MP3 audio measured outside it) → 400 RECORDING_INVALID_FIELD. Stored as uploaded.',
    tags: BROADCAST_TAGS,
    auth: STORE,
    query: RecordingQuerySchema,
    invalidCode: 'RECORDING_INVALID_FIELD',
    requestContent: { contentType: 'multipart/form-data', schema: MultipartFileSchema('The recording (WebM, MP4 or MP3 audio), 1..30 s, at most 10 MB') },
    before: [
      readUpload({
        field: 'file',
        maxBytes: options.recordingMaxBytes,
        tooLarge: () => recordingInvalid(`The recording is larger than ${options.recordingMaxBytes} bytes`),
        invalid: (reason) => recordingInvalid(reason),
      }),
    ],
    response: { status: 201, description: 'BroadcastRecordingResponse', schema: BroadcastDraftResponseSchema },
    errors: { 400: ['RECORDING_UNSUPPORTED_FORMAT'], 403: SCOPE, 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ principal, query, req }) =>
      draftDto(await uploadRecording(ctx, principal, storeScope(principal), { file: req.upload?.file, durationSeconds: query.durationSeconds, isEmergency: query.isEmergency })),
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/store/broadcasts/{announcementId}/send',
    operationId: 'sendStoreBroadcast',
    summary: 'Send a draft to the own store, now (optionally to one device) or at a scheduled time (DISPATCH rate group)',
    description:
      'Now: PENDING with playAt = issue + 2 s; deviceId (immediate only) addresses one device, invalid or revoked ids mean all devices. ' +
      'scheduledAt: a SCHEDULED reservation; past → 400 BROADCAST_SCHEDULED_AT_PAST, beyond one year → 400 BROADCAST_SCHEDULED_AT_TOO_FAR, ' +
      'in the 5-minute slot of an HQ-originated reservation of the store → 409 DISPATCH_SLOT_OCCUPIED (store reservations may share a slot). ' +
      'isEmergency absent or null keeps the draft\'s value. An expired, foreign or unknown draft → 404 TTS_ANNOUNCEMENT_NOT_FOUND. ' +
      'A store organization has closed or deleted (its event handled) → 403 AUTH_STORE_CLOSED.',
    tags: BROADCAST_TAGS,
    auth: STORE,
    body: BroadcastSendRequestSchema,
    response: { status: 201, description: 'BroadcastSendResponse', schema: BroadcastSendResponseSchema },
    errors: {
      400: ['BROADCAST_SCHEDULED_AT_PAST', 'BROADCAST_SCHEDULED_AT_TOO_FAR'],
      403: [...SCOPE, 'AUTH_STORE_CLOSED'],
      404: ['TTS_ANNOUNCEMENT_NOT_FOUND'],
      409: ['DISPATCH_SLOT_OCCUPIED'],
      503: ['SERVICE_UNAVAILABLE'],
    },
    handler: async ({ principal, params, body }) => sendBroadcast(ctx, principal, storeScope(principal), params.announcementId, body),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/store/scheduled-broadcasts',
    operationId: 'listStoreScheduledBroadcasts',
    summary: 'The store\'s own reservations (SCHEDULED broadcasts), scheduled time ascending; size 1..50 (default 20)',
    tags: BROADCAST_TAGS,
    auth: STORE,
    query: ScheduledBroadcastsQuerySchema,
    response: { status: 200, description: 'StoreScheduledBroadcastListResponse', schema: StoreScheduledBroadcastListSchema },
    errors: { 403: SCOPE },
    handler: async ({ principal, query }) => {
      const { items, total } = await listReservations(ctx, storeScope(principal), query);
      return pageEnvelope(
        items.map((i) => ({
          dispatchId: i.dispatch.id,
          announcementTitle: i.announcement.title,
          audioUrl: i.audioUrl,
          scheduledAt: toIso(i.dispatch.scheduledAt ?? i.dispatch.dueAt),
          isEmergency: i.dispatch.isEmergency,
          createdAt: toIso(i.dispatch.createdAt),
        })),
        query,
        total,
      );
    },
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/store/scheduled-broadcasts/{dispatchId}/cancel',
    operationId: 'cancelStoreScheduledBroadcast',
    summary: 'Cancel one of the store\'s own reservations (SCHEDULED → CANCELED)',
    description: 'Audit STORE_DISPATCH_CANCELED. A reservation already due, final, HQ-originated, of another store or unknown → 404 DISPATCH_NOT_FOUND.',
    tags: BROADCAST_TAGS,
    auth: STORE,
    response: { status: 204, description: 'Canceled' },
    errors: { 403: SCOPE, 404: ['DISPATCH_NOT_FOUND'] },
    handler: async ({ principal, params }) => {
      await cancelReservation(ctx, principal, storeScope(principal), params.dispatchId);
    },
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/store/slot-occupancy',
    operationId: 'getStoreSlotOccupancy',
    summary: '5-minute UTC slots of a KST date taken by HQ-originated reservations of the store (its own are not included)',
    description: 'Scheduled HQ dispatches and occurrences of the HQ\'s active recurring schedules that target the store; slot start times in UTC ISO 8601, ascending.',
    tags: BROADCAST_TAGS,
    auth: STORE,
    query: SlotOccupancyQuerySchema,
    response: { status: 200, description: 'SlotOccupancyResponse', schema: SlotOccupancySchema },
    errors: { 403: SCOPE, 503: ['SERVICE_UNAVAILABLE'] },
    handler: async ({ principal, query }) => ({ date: query.date, occupiedSlots: await slotOccupancy(ctx, principal, storeScope(principal), query.date) }),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/store/broadcast-templates',
    operationId: 'listStoreBroadcastTemplates',
    summary: 'The store\'s active broadcast templates, most recently updated first (unpaged)',
    tags: TEMPLATE_TAGS,
    auth: STORE,
    response: { status: 200, description: 'Broadcast template list', schema: BroadcastTemplateListSchema },
    errors: { 403: SCOPE },
    handler: async ({ principal }) => {
      const rows = await listTemplates(ctx, storeScope(principal));
      return { items: rows.map(templateDto), total: rows.length };
    },
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/store/broadcast-templates',
    operationId: 'createStoreBroadcastTemplate',
    summary: 'Create a broadcast template (at most 20 active per store)',
    tags: TEMPLATE_TAGS,
    auth: STORE,
    body: BroadcastTemplateRequestSchema,
    response: { status: 201, description: 'BroadcastTemplateResponse', schema: BroadcastTemplateSchema },
    errors: { 403: SCOPE, 409: ['BROADCAST_TEMPLATE_LIMIT_EXCEEDED'] },
    handler: async ({ principal, body }) => templateDto(await createTemplate(ctx, storeScope(principal), body)),
  });

  api.define(router, {
    method: 'put',
    path: '/api/v1/store/broadcast-templates/{templateId}',
    operationId: 'updateStoreBroadcastTemplate',
    summary: 'Replace a broadcast template of the store',
    tags: TEMPLATE_TAGS,
    auth: STORE,
    body: BroadcastTemplateRequestSchema,
    response: { status: 200, description: 'BroadcastTemplateResponse', schema: BroadcastTemplateSchema },
    errors: { 403: SCOPE, 404: ['BROADCAST_TEMPLATE_NOT_FOUND'] },
    handler: async ({ principal, params, body }) => templateDto(await replaceTemplate(ctx, storeScope(principal), params.templateId, body)),
  });

  api.define(router, {
    method: 'delete',
    path: '/api/v1/store/broadcast-templates/{templateId}',
    operationId: 'deleteStoreBroadcastTemplate',
    summary: 'Delete a broadcast template of the store (soft delete)',
    tags: TEMPLATE_TAGS,
    auth: STORE,
    response: { status: 204, description: 'Deleted' },
    errors: { 403: SCOPE, 404: ['BROADCAST_TEMPLATE_NOT_FOUND'] },
    handler: async ({ principal, params }) => {
      await deleteTemplate(ctx, storeScope(principal), params.templateId);
    },
  });
};
