import { z } from 'zod';
import { pagingSchema, uuidSchema } from '@storecast/service-kit';
import { DISPATCH_STATUSES, DISPATCH_TARGETS, MISSED_REASONS } from '../domain/dispatch-rules';
import { FREQUENCIES, WEEKDAYS } from '../domain/schedule';
import { isoInstant, pageOf, REGIONS } from './common.schemas';

export const DispatchTargetSchema = z.enum(DISPATCH_TARGETS);
export const DispatchStatusSchema = z.enum(DISPATCH_STATUSES);
export const RegionSchema = z.enum(REGIONS);

const targetFields = {
  target: DispatchTargetSchema,
  /** STORES: at least one store id of the HQ (absent → 400 DISPATCH_INVALID_TARGET). */
  storeIds: z.array(uuidSchema()).min(1).max(5000).optional(),
  /** REGION: one of the 17 regions (absent → 400 DISPATCH_INVALID_TARGET). */
  region: RegionSchema.optional(),
};

export const DispatchRequestSchema = z.object({
  ...targetFields,
  /** Absent or null: now (playAt = issue + 2 s). Otherwise future, within one year. */
  scheduledAt: isoInstant.nullish(),
});

export const DispatchResponseSchema = z.object({
  batchId: uuidSchema(),
  announcementId: uuidSchema(),
  target: DispatchTargetSchema,
  status: z.enum(['PENDING', 'SCHEDULED']),
  scheduledAt: z.string().nullable(),
  playAt: z.string(),
  storeCount: z.number().int(),
  dispatchIds: z.array(uuidSchema()),
});

export const DispatchHistoryItemSchema = z.object({
  dispatchId: uuidSchema(),
  batchId: uuidSchema(),
  announcementId: uuidSchema(),
  storeId: uuidSchema(),
  storeName: z.string().nullable(),
  deviceId: uuidSchema().nullable(),
  scheduleId: uuidSchema().nullable(),
  target: DispatchTargetSchema,
  status: DispatchStatusSchema,
  missedReason: z.enum(MISSED_REASONS).nullable(),
  failureCount: z.number().int(),
  isEmergency: z.boolean(),
  scheduledAt: z.string().nullable(),
  playAt: z.string().nullable(),
  createdAt: z.string(),
  pendingAt: z.string().nullable(),
  playedAt: z.string().nullable(),
  missedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  signalLatencyMs: z.number().int().nullable(),
  actorAccountId: uuidSchema().nullable(),
  actorEmail: z.string().nullable(),
  actorRole: z.string().nullable(),
});
export const DispatchHistorySchema = pageOf(DispatchHistoryItemSchema);
export const DispatchHistoryQuerySchema = pagingSchema().extend({ status: DispatchStatusSchema.optional() });

export const UndeliveredStoreSchema = z.object({
  storeId: uuidSchema(),
  storeName: z.string().nullable(),
  pendingCount: z.number().int(),
  oldestDueAt: z.string(),
});
export const UndeliveredStoresSchema = pageOf(UndeliveredStoreSchema);

const hour = z.number().int().min(0).max(23);
export const ScheduleRequestSchema = z.object({
  ...targetFields,
  frequency: z.enum(FREQUENCIES),
  /** DAILY / WEEKLY: KST times of day "HH:mm" on a 5-minute grid. */
  times: z.array(z.string().max(5)).max(48).optional(),
  /** WEEKLY: days of the week. */
  daysOfWeek: z.array(z.enum(WEEKDAYS)).max(7).optional(),
  /** HOURLY / EVEN_HOURS / ODD_HOURS: operating hours (inclusive, KST) and the minute of each hour. */
  startHour: hour.nullish(),
  endHour: hour.nullish(),
  minute: z.number().int().min(0).max(55).multipleOf(5).nullish(),
  /** KST dates YYYY-MM-DD, inclusive; endDate within one year. */
  startDate: z.iso.date(),
  endDate: z.iso.date(),
});

export const ScheduleSchema = z.object({
  id: uuidSchema(),
  announcementId: uuidSchema(),
  frequency: z.enum(FREQUENCIES),
  times: z.array(z.string()),
  daysOfWeek: z.array(z.enum(WEEKDAYS)),
  startHour: z.number().int().nullable(),
  endHour: z.number().int().nullable(),
  minute: z.number().int().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  target: DispatchTargetSchema,
  storeIds: z.array(uuidSchema()),
  region: RegionSchema.nullable(),
  status: z.enum(['ACTIVE', 'CANCELED', 'ENDED']),
  createdAt: z.string(),
  canceledAt: z.string().nullable(),
});
export const ScheduleListSchema = pageOf(ScheduleSchema);
export const ScheduleListQuerySchema = pagingSchema().extend({
  announcementId: uuidSchema().optional(),
  status: z.enum(['ACTIVE', 'CANCELED', 'ENDED']).optional(),
});
