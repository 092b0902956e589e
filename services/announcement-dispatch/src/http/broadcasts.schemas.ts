import { z } from 'zod';
import { pagingSchema, uuidSchema } from '@storecast/service-kit';
import { COMMERCIAL_MAX_SECONDS, COMMERCIAL_MIN_SECONDS, RECORDING_MAX_SECONDS, RECORDING_MIN_SECONDS } from '../domain/broadcast-rules';
import { kstDateWindow } from '../domain/kst';
import { TtsVoiceSchema } from './announcements.schemas';
import { isoInstant, notBlank, pageOf } from './common.schemas';

// ── store broadcasts ─────────────────────────────────────────────────────────────────────────

/** Tone NORMAL and tempo 1.0 are fixed for store broadcasts. */
export const BroadcastPreviewRequestSchema = z.object({
  text: notBlank(200),
  voice: TtsVoiceSchema,
  isEmergency: z.boolean().nullish().transform((v) => v ?? false),
});

export const BroadcastDraftResponseSchema = z.object({
  announcementId: uuidSchema(),
  audioUrl: z.string(),
  durationSeconds: z.number().nullable(),
  isEmergency: z.boolean(),
});

export const RecordingQuerySchema = z.object({
  durationSeconds: z.coerce.number().min(RECORDING_MIN_SECONDS).max(RECORDING_MAX_SECONDS),
  isEmergency: z.stringbool().optional().transform((v) => v ?? false),
});

export const MultipartFileSchema = (description: string) => z.object({ file: z.string().openapi({ type: 'string', format: 'binary', description }) });

/** Optional body: isEmergency absent or null keeps the draft's value; scheduledAt absent or null sends now. */
export const BroadcastSendRequestSchema = z
  .object({
    isEmergency: z.boolean().nullish(),
    scheduledAt: isoInstant.nullish(),
    deviceId: z.string().max(200).nullish(),
  })
  .nullish()
  .transform((v) => v ?? {});

export const BroadcastSendResponseSchema = z.object({ dispatchId: uuidSchema() });

// ── templates ────────────────────────────────────────────────────────────────────────────────

export const BroadcastTemplateRequestSchema = z.object({ name: notBlank(60), text: notBlank(200), voice: TtsVoiceSchema });

export const BroadcastTemplateSchema = z.object({
  id: uuidSchema(),
  name: z.string(),
  text: z.string(),
  voice: TtsVoiceSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const BroadcastTemplateListSchema = z.object({ items: z.array(BroadcastTemplateSchema), total: z.number().int() });

// ── reservations and slots ───────────────────────────────────────────────────────────────────

export const ScheduledBroadcastsQuerySchema = pagingSchema({ maxSize: 50 });

export const StoreScheduledBroadcastItemSchema = z.object({
  dispatchId: uuidSchema(),
  announcementTitle: z.string(),
  audioUrl: z.string(),
  scheduledAt: z.string(),
  isEmergency: z.boolean(),
  createdAt: z.string(),
});
export const StoreScheduledBroadcastListSchema = pageOf(StoreScheduledBroadcastItemSchema);

export const SlotOccupancyQuerySchema = z.object({
  date: z.string().refine((d) => kstDateWindow(d) !== undefined, { message: 'must be a KST date YYYY-MM-DD' }),
});
export const SlotOccupancySchema = z.object({ date: z.string(), occupiedSlots: z.array(z.string()) });

// ── commercial songs ─────────────────────────────────────────────────────────────────────────

const durationSeconds = z.coerce.number().int().min(COMMERCIAL_MIN_SECONDS).max(COMMERCIAL_MAX_SECONDS);

export const RegisterCommercialQuerySchema = z.object({ title: notBlank(200), durationSeconds });
export const ReplaceCommercialFileQuerySchema = z.object({ durationSeconds, title: notBlank(200).optional() });

/** PATCH: null or absent means unchanged; both → 200 without change. */
export const UpdateCommercialRequestSchema = z
  .object({ title: notBlank(200).nullish(), isActive: z.boolean().nullish() })
  .nullish()
  .transform((v) => v ?? {});

export const CommercialSongSchema = z.object({
  id: uuidSchema(),
  title: z.string(),
  audioUrl: z.string(),
  durationSeconds: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const CommercialSongListSchema = pageOf(CommercialSongSchema);
export const CommercialListQuerySchema = pagingSchema();
