import { z } from 'zod';
import { pagingSchema, uuidSchema } from '@storecast/service-kit';
import { SUMMARY_DAYS_DEFAULT, SUMMARY_DAYS_MAX, SUMMARY_DAYS_MIN } from '../domain/delivery';
import { ACK_OUTCOMES, DISPATCH_STATUSES, DISPATCH_TARGETS, MISSED_REASONS, SIGNAL_SOURCES } from '../domain/dispatch-rules';
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
  /** The device whose PLAYED ack made the row PLAYED (null: not PLAYED, or played at store level). */
  playedDeviceId: uuidSchema().nullable(),
  playedDeviceLabel: z.string().nullable().openapi({ description: 'Label of playedDeviceId from organization; null when revoked since or not resolved' }),
  receivedAt: z.string().nullable().openapi({ description: 'receivedAt the PLAYED ack reported (player clock); null when not reported or not an instant' }),
  startedAt: z.string().nullable().openapi({ description: 'startedAt the PLAYED ack reported (player clock); null when not reported or not an instant' }),
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

const lag = (of: string) =>
  z
    .number()
    .int()
    .nullable()
    .openapi({ description: `${of} − dueAt in ms (negative: before due); null when not reported or the player clock was judged off (as signal latency)` });

export const DispatchDeviceReceiptSchema = z
  .object({
    /** null: an ack without a (valid) device, store level. */
    deviceId: uuidSchema().nullable(),
    deviceLabel: z.string().nullable(),
    outcome: z.enum(ACK_OUTCOMES),
    signalSource: z.enum(SIGNAL_SOURCES).nullable(),
    receivedAt: z.string().nullable(),
    startedAt: z.string().nullable(),
    receivedLagMs: lag('receivedAt'),
    startedLagMs: lag('startedAt'),
  })
  .openapi('HqDispatchDeviceReceipt', { description: 'One ack per device: the one that made the row PLAYED, else its first PLAYED, else its latest' });

export const DispatchStoreReceiptSchema = z
  .object({
    dispatchId: uuidSchema(),
    storeId: uuidSchema(),
    storeName: z.string().nullable(),
    status: DispatchStatusSchema,
    missedReason: z.enum(MISSED_REASONS).nullable(),
    dueAt: z.string(),
    playedAt: z.string().nullable(),
    receivedLagMs: lag('receivedAt of the PLAYED ack'),
    startedLagMs: lag('startedAt of the PLAYED ack'),
    late: z.boolean().openapi({ description: 'PLAYED with startedLagMs over lateAfterMs' }),
    devices: z.array(DispatchDeviceReceiptSchema),
  })
  .openapi('HqDispatchStoreReceipt');

const deliveryCounts = {
  total: z.number().int(),
  onTime: z.number().int(),
  late: z.number().int(),
  missed: z.number().int(),
  pending: z.number().int().openapi({ description: 'PENDING, and SCHEDULED rows not made PENDING yet' }),
  canceled: z.number().int(),
};

export const DispatchReceiptsSchema = z
  .object({
    announcementId: uuidSchema(),
    title: z.string(),
    createdAt: z.string(),
    dueAt: z.string().openapi({ description: 'playAt (scheduled time, or issue + 2 s), else creation' }),
    lateAfterMs: z.number().int(),
    summary: z.object({ ...deliveryCounts, played: z.number().int().openapi({ description: 'onTime + late' }) }),
    items: z.array(DispatchStoreReceiptSchema).openapi({ description: 'MISSED first, then late, then PENDING, then the rest; inside by startedLagMs desc, then store name' }),
  })
  .openapi('HqDispatchReceiptsResponse');

export const DeliverySummaryQuerySchema = z.object({
  days: z.coerce
    .number()
    .int()
    .min(SUMMARY_DAYS_MIN)
    .max(SUMMARY_DAYS_MAX)
    .default(SUMMARY_DAYS_DEFAULT)
    .openapi({ type: 'integer', minimum: SUMMARY_DAYS_MIN, maximum: SUMMARY_DAYS_MAX, default: SUMMARY_DAYS_DEFAULT, description: 'Rows due within the last days × 24 h' }),
});

export const StoreDeliverySummarySchema = z.object({ storeId: uuidSchema(), storeName: z.string().nullable(), ...deliveryCounts }).openapi('HqStoreDeliverySummary');

export const DeliverySummarySchema = z
  .object({
    from: z.string(),
    to: z.string(),
    lateAfterMs: z.number().int(),
    items: z.array(StoreDeliverySummarySchema).openapi({ description: 'Stores with a row due in [from, to]: missed desc, late desc, store name asc' }),
  })
  .openapi('HqDeliverySummaryResponse');

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
