import type { ServiceApi } from '@storecast/service-kit';
import type { Router } from 'express';
import type { AppContext } from '../app/ports';
import { SmokeTestRequestSchema, SmokeTestResponseSchema } from './announcements.schemas';

const DEFAULT_TEXT = '안녕하세요. Storecast 음성 합성 점검입니다.';

export const adminTtsRoutes = (api: ServiceApi, router: Router, ctx: AppContext) => {
  api.define(router, {
    method: 'post',
    path: '/api/v1/admin/tts/smoke-test',
    operationId: 'runTtsSmokeTest',
    summary: 'Synthesize a short text with the configured provider and report its measured duration (SYNTHESIS rate group)',
    description: 'Body optional: text (1..200, default a short Korean sentence) and voice (default SHEAN). Nothing is stored.',
    tags: ['Operator TTS'],
    auth: { roles: ['OPERATOR'] },
    body: SmokeTestRequestSchema,
    response: { status: 200, description: 'The synthesis worked', schema: SmokeTestResponseSchema },
    errors: { 502: ['TTS_SYNTHESIS_FAILED'], 503: ['TTS_TOKEN_NOT_CONFIGURED'] },
    handler: async ({ body }) => {
      const text = body.text ?? DEFAULT_TEXT;
      const voice = body.voice ?? 'SHEAN';
      const audio = await ctx.tts.synthesize({ text, voice, tonePreset: 'NORMAL', tempo: 1 });
      return { provider: ctx.tts.provider, voice, text, durationSeconds: audio.durationSeconds, bytes: audio.audio.length, contentType: audio.contentType };
    },
  });
};
