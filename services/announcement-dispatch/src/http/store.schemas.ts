import { z } from 'zod';
import { uuidSchema } from '@storecast/service-kit';
import { ACK_OUTCOMES } from '../domain/dispatch-rules';

export const PendingQuerySchema = z.object({ deviceId: z.string().max(200).optional() });

export const PendingAnnouncementItemSchema = z.object({
  dispatchId: uuidSchema(),
  announcementId: uuidSchema(),
  title: z.string(),
  audioUrl: z.string(),
  durationSeconds: z.number().nullable(),
  isEmergency: z.boolean(),
  playAt: z.string().nullable(),
});
export const PendingAnnouncementsSchema = z.object({
  items: z.array(PendingAnnouncementItemSchema),
  revokedDispatchIds: z.array(uuidSchema()),
});

/**
 * Optional body. outcome absent means PLAYED; deviceId, signalSource, receivedAt and startedAt
 * are never a reason for 400: an unknown device falls back to store level and invalid measurement
 * values count as not reported.
 */
export const AckRequestSchema = z
  .object({
    outcome: z.enum(ACK_OUTCOMES).nullish(),
    deviceId: z.unknown().optional(),
    signalSource: z.unknown().optional(),
    receivedAt: z.unknown().optional(),
    startedAt: z.unknown().optional(),
  })
  .nullish()
  .transform((v) => v ?? {});
