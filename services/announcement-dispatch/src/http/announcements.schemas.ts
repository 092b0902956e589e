import { z } from 'zod';
import { pagingSchema, uuidSchema } from '@storecast/service-kit';
import { presetAllowed, TEMPO_DEFAULT, TEMPO_MAX, TEMPO_MIN, TTS_TONE_PRESETS, TTS_VOICES } from '../domain/voices';
import { cleanText, notBlank, pageOf } from './common.schemas';

export const TtsVoiceSchema = z.enum(TTS_VOICES);
export const TtsTonePresetSchema = z.enum(TTS_TONE_PRESETS);

/** Create and full-replace bodies share one shape (spec 03 § Announcements). */
export const TtsAnnouncementRequestSchema = z
  .object({
    title: notBlank(255),
    text: notBlank(1000),
    voice: TtsVoiceSchema,
    tonePreset: TtsTonePresetSchema.nullish().transform((v) => v ?? 'NORMAL'),
    tempo: z.number().min(TEMPO_MIN).max(TEMPO_MAX).nullish().transform((v) => v ?? TEMPO_DEFAULT),
  })
  .superRefine((v, ctx) => {
    if (!presetAllowed(v.voice, v.tonePreset)) ctx.addIssue({ code: 'custom', path: ['tonePreset'], message: `${v.tonePreset} is not a preset of ${v.voice}` });
  });

export const TtsAnnouncementDetailSchema = z.object({
  id: uuidSchema(),
  title: z.string(),
  text: z.string(),
  voice: TtsVoiceSchema,
  voiceDisplayName: z.string(),
  tonePreset: TtsTonePresetSchema,
  tonePresetDisplayName: z.string(),
  tempo: z.number(),
  audioUrl: z.string(),
  durationSeconds: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  activeScheduleCount: z.number().int(),
});

export const TtsAnnouncementListItemSchema = z.object({
  id: uuidSchema(),
  title: z.string(),
  voice: TtsVoiceSchema,
  voiceDisplayName: z.string(),
  tonePreset: TtsTonePresetSchema,
  tonePresetDisplayName: z.string(),
  tempo: z.number(),
  durationSeconds: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  dispatchCount: z.number().int(),
  lastDispatchedAt: z.string().nullable(),
  lastDispatchStoreCount: z.number().int().nullable(),
  activeScheduleCount: z.number().int(),
});
export const TtsAnnouncementListSchema = pageOf(TtsAnnouncementListItemSchema);

export const ListAnnouncementsQuerySchema = pagingSchema().extend({ q: cleanText(100).optional() });

/** A name per console language; voiceDisplayName / presetDisplayName stay the Korean one for older clients. */
const DisplayNamesSchema = z.object({ ko: z.string(), en: z.string() });

export const TtsVoiceListSchema = z.object({
  voices: z.array(
    z.object({
      voice: TtsVoiceSchema,
      voiceDisplayName: z.string(),
      voiceDisplayNames: DisplayNamesSchema,
      presets: z.array(z.object({ preset: TtsTonePresetSchema, presetDisplayName: z.string(), presetDisplayNames: DisplayNamesSchema })),
    }),
  ),
});

export const SmokeTestRequestSchema = z
  .object({ text: notBlank(200).optional(), voice: TtsVoiceSchema.optional() })
  .nullish()
  .transform((v) => v ?? {});
export const SmokeTestResponseSchema = z.object({
  provider: z.enum(['local', 'vendor', 'none']),
  voice: TtsVoiceSchema,
  text: z.string(),
  durationSeconds: z.number(),
  bytes: z.number().int(),
  contentType: z.string(),
});
