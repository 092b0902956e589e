import { hqScope, pageEnvelope, type ServiceApi } from '@storecast/service-kit';
import type { Router } from 'express';

import { createAnnouncement, deleteAnnouncement, getAnnouncement, listAnnouncements, updateAnnouncementContent } from '../app/announcements.use-case';
import type { AppContext } from '../app/ports';
import { presetDisplayName, presetDisplayNames, TTS_VOICES, VOICES, voiceDisplayName, voiceDisplayNames } from '../domain/voices';
import {
  ListAnnouncementsQuerySchema,
  TtsAnnouncementDetailSchema,
  TtsAnnouncementListSchema,
  TtsAnnouncementRequestSchema,
  TtsVoiceListSchema,
} from './announcements.schemas';
import { announcementDetail, announcementListItem } from './dto';

const HQ = { roles: ['HQ_MANAGER'] } as const;
const TAGS = ['HQ announcements'];
const SCOPE = ['PRINCIPAL_SCOPE_MISMATCH'];
const TTS_ERRORS = { 502: ['TTS_SYNTHESIS_FAILED'], 503: ['TTS_TOKEN_NOT_CONFIGURED'] };

export const hqAnnouncementRoutes = (api: ServiceApi, router: Router, ctx: AppContext) => {
  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/tts-voices',
    operationId: 'listHqTtsVoices',
    summary: 'Voices and the tone presets each voice allows',
    tags: TAGS,
    auth: HQ,
    response: { status: 200, description: 'TtsVoiceListResponse', schema: TtsVoiceListSchema },
    errors: { 403: SCOPE },
    handler: ({ principal }) => {
      hqScope(principal);
      return {
        voices: TTS_VOICES.map((voice) => ({
          voice,
          voiceDisplayName: voiceDisplayName(voice),
          voiceDisplayNames: voiceDisplayNames(voice),
          presets: VOICES[voice].presets.map((preset) => ({ preset, presetDisplayName: presetDisplayName(preset), presetDisplayNames: presetDisplayNames(preset) })),
        })),
      };
    },
  });

  api.define(router, {
    method: 'post',
    path: '/api/v1/hq/announcements',
    operationId: 'createHqTtsAnnouncement',
    summary: 'Create an announcement: synthesized and stored (SYNTHESIS rate group)',
    description: 'Nothing is created when synthesis is not configured (503) or fails (502). tonePreset must be one of the voice\'s presets (GET /api/v1/hq/tts-voices).',
    tags: TAGS,
    auth: HQ,
    body: TtsAnnouncementRequestSchema,
    response: { status: 201, description: 'TtsAnnouncementDetailResponse', schema: TtsAnnouncementDetailSchema },
    errors: { 403: SCOPE, ...TTS_ERRORS, 503: ['TTS_TOKEN_NOT_CONFIGURED', 'SERVICE_UNAVAILABLE'] },
    handler: async ({ principal, body }) => announcementDetail(await createAnnouncement(ctx, principal, hqScope(principal), body)),
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/announcements',
    operationId: 'listHqTtsAnnouncements',
    summary: 'Announcements of the HQ, newest first; q matches title or text (case-insensitive, at most 100)',
    tags: TAGS,
    auth: HQ,
    query: ListAnnouncementsQuerySchema,
    response: { status: 200, description: 'TtsAnnouncementListResponse', schema: TtsAnnouncementListSchema },
    errors: { 403: SCOPE },
    handler: async ({ principal, query }) => {
      const { rows, total } = await listAnnouncements(ctx, hqScope(principal), query.q, query);
      return pageEnvelope(rows.map(announcementListItem), query, total);
    },
  });

  api.define(router, {
    method: 'get',
    path: '/api/v1/hq/announcements/{announcementId}',
    operationId: 'getHqTtsAnnouncement',
    summary: 'One announcement of the HQ',
    tags: TAGS,
    auth: HQ,
    response: { status: 200, description: 'TtsAnnouncementDetailResponse', schema: TtsAnnouncementDetailSchema },
    errors: { 403: SCOPE, 404: ['TTS_ANNOUNCEMENT_NOT_FOUND'] },
    handler: async ({ principal, params }) => announcementDetail(await getAnnouncement(ctx, hqScope(principal), params.announcementId)),
  });

  api.define(router, {
    method: 'put',
    path: '/api/v1/hq/announcements/{announcementId}',
    operationId: 'updateHqTtsAnnouncement',
    summary: 'Replace an announcement; resynthesized (same file) only when text, voice, preset or tempo change',
    tags: TAGS,
    auth: HQ,
    body: TtsAnnouncementRequestSchema,
    response: { status: 200, description: 'TtsAnnouncementDetailResponse', schema: TtsAnnouncementDetailSchema },
    errors: { 403: SCOPE, 404: ['TTS_ANNOUNCEMENT_NOT_FOUND'], ...TTS_ERRORS, 503: ['TTS_TOKEN_NOT_CONFIGURED', 'SERVICE_UNAVAILABLE'] },
    handler: async ({ principal, params, body }) =>
      announcementDetail(await updateAnnouncementContent(ctx, principal, hqScope(principal), params.announcementId, body)),
  });

  api.define(router, {
    method: 'delete',
    path: '/api/v1/hq/announcements/{announcementId}',
    operationId: 'deleteHqTtsAnnouncement',
    summary: 'Delete an announcement',
    description: 'Cancels its active recurring schedules and its future reservations (SCHEDULED); dispatches already PENDING are kept and still play.',
    tags: TAGS,
    auth: HQ,
    response: { status: 204, description: 'Deleted' },
    errors: { 403: SCOPE, 404: ['TTS_ANNOUNCEMENT_NOT_FOUND'] },
    handler: async ({ principal, params }) => {
      await deleteAnnouncement(ctx, principal, hqScope(principal), params.announcementId);
    },
  });
};

