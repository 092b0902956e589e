import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '@storecast/service-kit';
import type { StoreGoneReason } from '../domain/dispatch-rules';

const ts = (name: string) => timestamptz(name, { precision: 3 });

/**
 * Spoken announcements. HQ announcements (source HQ) belong to an HQ; store broadcast drafts
 * (source STORE_BROADCAST) belong to a store and never appear in HQ views. The audio lives in
 * object storage under audio_key (the same key across resyntheses).
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey(),
    source: text('source').$type<'HQ' | 'STORE_BROADCAST'>().notNull(),
    hqId: uuid('hq_id'),
    storeId: uuid('store_id'),
    title: text('title').notNull(),
    text: text('text').notNull(),
    voice: text('voice').notNull(),
    tonePreset: text('tone_preset').notNull(),
    tempo: doublePrecision('tempo').notNull(),
    audioKey: text('audio_key').notNull(),
    durationSeconds: doublePrecision('duration_seconds'),
    isEmergency: boolean('is_emergency').notNull().default(false),
    /** MIME type of the stored audio: audio/mpeg (synthesized) or a recording's audio/webm, audio/mp4, audio/mpeg. */
    audioContentType: text('audio_content_type').notNull().default('audio/mpeg'),
    /** Store broadcast drafts: TTS (synthesized preview) or RECORDING; null for HQ announcements. */
    broadcastKind: text('broadcast_kind').$type<'TTS' | 'RECORDING'>(),
    /** Store broadcast drafts: sendable until then; a never-sent draft past it is purged with its audio. */
    expiresAt: ts('expires_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('announcements_hq_idx').on(t.hqId, t.createdAt, t.id).where(sql`deleted_at is null`),
    index('announcements_draft_expiry_idx').on(t.expiresAt).where(sql`source = 'STORE_BROADCAST'`),
  ],
);

/** Recurring dispatch schedules of an announcement (rule columns as in domain/schedule.ts). */
export const dispatchSchedules = pgTable(
  'dispatch_schedules',
  {
    id: uuid('id').primaryKey(),
    hqId: uuid('hq_id').notNull(),
    announcementId: uuid('announcement_id').notNull().references(() => announcements.id),
    frequency: text('frequency').notNull(),
    times: text('times').array().notNull(),
    daysOfWeek: text('days_of_week').array().notNull(),
    startHour: integer('start_hour'),
    endHour: integer('end_hour'),
    minute: integer('minute'),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    target: text('target').notNull(),
    storeIds: uuid('store_ids').array().notNull(),
    region: text('region'),
    status: text('status').$type<'ACTIVE' | 'CANCELED' | 'ENDED'>().notNull(),
    /** Occurrences up to this instant are materialized as dispatch rows. */
    materializedUntil: ts('materialized_until').notNull(),
    auditId: uuid('audit_id'),
    createdAt: ts('created_at').notNull(),
    canceledAt: ts('canceled_at'),
  },
  (t) => [
    index('dispatch_schedules_active_idx').on(t.status, t.materializedUntil),
    index('dispatch_schedules_hq_idx').on(t.hqId, t.createdAt, t.id),
    index('dispatch_schedules_announcement_idx').on(t.announcementId, t.status),
  ],
);

/** One expanded time of a schedule: the key that makes an occurrence happen once, never twice. */
export const scheduleOccurrences = pgTable(
  'schedule_occurrences',
  {
    scheduleId: uuid('schedule_id').notNull().references(() => dispatchSchedules.id),
    occursAt: ts('occurs_at').notNull(),
    batchId: uuid('batch_id').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.occursAt] })],
);

/**
 * One row per target store of a dispatch call (batch). due_at is when it is due: the scheduled
 * time, or issue + 2 s for an immediate one; the scheduler turns SCHEDULED rows PENDING at due_at
 * and PENDING rows MISSED at due_at + 10 minutes. hq_id is set exactly on HQ-originated rows
 * (dispatch calls, recurring occurrences); a store's own broadcast has hq_id null and target STORE.
 */
export const dispatches = pgTable(
  'dispatches',
  {
    id: uuid('id').primaryKey(),
    batchId: uuid('batch_id').notNull(),
    announcementId: uuid('announcement_id').notNull().references(() => announcements.id),
    hqId: uuid('hq_id'),
    storeId: uuid('store_id').notNull(),
    /** Addressed to one device of the store only. */
    deviceId: uuid('device_id'),
    scheduleId: uuid('schedule_id'),
    target: text('target').notNull(),
    status: text('status').$type<'SCHEDULED' | 'PENDING' | 'PLAYED' | 'MISSED' | 'CANCELED'>().notNull(),
    missedReason: text('missed_reason'),
    isEmergency: boolean('is_emergency').notNull().default(false),
    scheduledAt: ts('scheduled_at'),
    playAt: ts('play_at'),
    dueAt: ts('due_at').notNull(),
    failureCount: integer('failure_count').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    pendingAt: ts('pending_at'),
    playedAt: ts('played_at'),
    playedByDeviceId: uuid('played_by_device_id'),
    /** The ack that made the row PLAYED (no foreign key: a tenant purge deletes acks first). */
    playedAckId: uuid('played_ack_id'),
    /** That ack's startedAt − due_at, null when not reported or its clock was judged off (domain/delivery.ts). */
    startedLagMs: integer('started_lag_ms'),
    missedAt: ts('missed_at'),
    canceledAt: ts('canceled_at'),
    /** Set by an HQ remote stop: listed in the store's revokedDispatchIds that KST day. */
    revokedAt: ts('revoked_at'),
    signalLatencyMs: integer('signal_latency_ms'),
    /** The audit record of the action that created the row (dispatch call or schedule creation). */
    auditId: uuid('audit_id'),
  },
  (t) => [
    index('dispatches_due_idx').on(t.status, t.dueAt),
    index('dispatches_store_idx').on(t.storeId, t.status, t.dueAt),
    index('dispatches_store_revoked_idx').on(t.storeId, t.revokedAt).where(sql`revoked_at is not null`),
    index('dispatches_announcement_idx').on(t.announcementId, t.createdAt, t.id),
    index('dispatches_hq_idx').on(t.hqId, t.status, t.dueAt),
    index('dispatches_hq_due_idx').on(t.hqId, t.dueAt),
    uniqueIndex('dispatches_occurrence_store_uq').on(t.scheduleId, t.scheduledAt, t.storeId).where(sql`schedule_id is not null`),
  ],
);

/** Every ack as received: outcome, device (when valid) and the raw measurement fields. */
export const dispatchAcks = pgTable(
  'dispatch_acks',
  {
    id: uuid('id').primaryKey(),
    dispatchId: uuid('dispatch_id').notNull().references(() => dispatches.id),
    storeId: uuid('store_id').notNull(),
    deviceId: uuid('device_id'),
    outcome: text('outcome').notNull(),
    signalSource: text('signal_source'),
    receivedAtRaw: text('received_at_raw'),
    startedAtRaw: text('started_at_raw'),
    signalLatencyMs: integer('signal_latency_ms'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('dispatch_acks_dispatch_idx').on(t.dispatchId, t.deviceId, t.createdAt)],
);

/** A store's reusable broadcast texts (spec 03 § Store broadcast): at most 20 active, soft delete. */
export const broadcastTemplates = pgTable(
  'broadcast_templates',
  {
    id: uuid('id').primaryKey(),
    storeId: uuid('store_id').notNull(),
    name: text('name').notNull(),
    text: text('text').notNull(),
    voice: text('voice').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('broadcast_templates_store_idx').on(t.storeId, t.updatedAt, t.id).where(sql`deleted_at is null`)],
);

/**
 * Commercial songs (CM songs) of an HQ: the MP3 stored as uploaded under audio_key (the same key
 * across file replacements); soft delete, purged for good 90 days later.
 */
export const commercialSongs = pgTable(
  'commercial_songs',
  {
    id: uuid('id').primaryKey(),
    hqId: uuid('hq_id').notNull(),
    title: text('title').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    audioKey: text('audio_key').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('commercial_songs_hq_idx').on(t.hqId, t.createdAt, t.id).where(sql`deleted_at is null`),
    index('commercial_songs_deleted_idx').on(t.deletedAt).where(sql`deleted_at is not null`),
  ],
);

/**
 * Stores organization closed or deleted, as their events were consumed: no dispatch row is written
 * for them any more, even by a transaction that asked organization just before the closure.
 */
export const goneStores = pgTable('gone_stores', {
  storeId: uuid('store_id').primaryKey(),
  hqId: uuid('hq_id').notNull(),
  reason: text('reason').$type<StoreGoneReason>().notNull(),
  goneAt: ts('gone_at').notNull(),
});

export const schema = { announcements, dispatchSchedules, scheduleOccurrences, dispatches, dispatchAcks, broadcastTemplates, commercialSongs, goneStores };
export type DispatchSchema = typeof schema;
export type AnnouncementRow = typeof announcements.$inferSelect;
export type DispatchRow = typeof dispatches.$inferSelect;
export type DispatchScheduleRow = typeof dispatchSchedules.$inferSelect;
export type BroadcastTemplateRow = typeof broadcastTemplates.$inferSelect;
export type CommercialSongRow = typeof commercialSongs.$inferSelect;
export type GoneStoreRow = typeof goneStores.$inferSelect;
