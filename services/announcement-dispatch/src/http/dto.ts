import { toIso, toIsoOrNull } from '@storecast/service-kit';
import type { AnnouncementListItem, AnnouncementView } from '../app/announcements.use-case';
import type { ScheduleView } from '../app/schedules.use-case';
import type { HistoryItem } from '../app/hq-dispatches.use-case';
import type { DispatchReceipts } from '../app/dispatch-receipts.use-case';
import type { DeliverySummary } from '../app/delivery-summary.use-case';
import { presetDisplayName, voiceDisplayName, type TtsTonePreset, type TtsVoice } from '../domain/voices';
import type { AckOutcome, MissedReason } from '../domain/dispatch-rules';
import type { Weekday, Frequency } from '../domain/schedule';
import type { DispatchTarget } from '../domain/dispatch-rules';
import type { z } from 'zod';
import type { DeliverySummarySchema, DispatchHistoryItemSchema, DispatchReceiptsSchema, ScheduleSchema } from './dispatches.schemas';
import type { TtsAnnouncementDetailSchema, TtsAnnouncementListItemSchema } from './announcements.schemas';
import type { REGIONS } from './common.schemas';

const voiceFields = (voice: string, preset: string) => ({
  voice: voice as TtsVoice,
  voiceDisplayName: voiceDisplayName(voice as TtsVoice),
  tonePreset: preset as TtsTonePreset,
  tonePresetDisplayName: presetDisplayName(preset as TtsTonePreset),
});

export const announcementDetail = (view: AnnouncementView): z.input<typeof TtsAnnouncementDetailSchema> => ({
  id: view.row.id,
  title: view.row.title,
  text: view.row.text,
  ...voiceFields(view.row.voice, view.row.tonePreset),
  tempo: view.row.tempo,
  audioUrl: view.audioUrl,
  durationSeconds: view.row.durationSeconds,
  createdAt: toIso(view.row.createdAt),
  updatedAt: toIso(view.row.updatedAt),
  activeScheduleCount: view.activeScheduleCount,
});

export const announcementListItem = (row: AnnouncementListItem): z.input<typeof TtsAnnouncementListItemSchema> => ({
  id: row.id,
  title: row.title,
  ...voiceFields(row.voice, row.tonePreset),
  tempo: row.tempo,
  durationSeconds: row.durationSeconds,
  createdAt: toIso(row.createdAt),
  updatedAt: toIso(row.updatedAt),
  dispatchCount: row.dispatchCount,
  lastDispatchedAt: toIsoOrNull(row.lastDispatchedAt),
  lastDispatchStoreCount: row.lastDispatchStoreCount,
  activeScheduleCount: row.activeScheduleCount,
});

export const historyItem = (r: HistoryItem): z.input<typeof DispatchHistoryItemSchema> => ({
  dispatchId: r.id,
  batchId: r.batchId,
  announcementId: r.announcementId,
  storeId: r.storeId,
  storeName: r.storeName,
  deviceId: r.deviceId,
  scheduleId: r.scheduleId,
  target: r.target as DispatchTarget,
  status: r.status,
  missedReason: r.missedReason as MissedReason | null,
  failureCount: r.failureCount,
  isEmergency: r.isEmergency,
  scheduledAt: toIsoOrNull(r.scheduledAt),
  playAt: toIsoOrNull(r.playAt),
  createdAt: toIso(r.createdAt),
  pendingAt: toIsoOrNull(r.pendingAt),
  playedAt: toIsoOrNull(r.playedAt),
  missedAt: toIsoOrNull(r.missedAt),
  canceledAt: toIsoOrNull(r.canceledAt),
  revokedAt: toIsoOrNull(r.revokedAt),
  signalLatencyMs: r.signalLatencyMs,
  playedDeviceId: r.playedByDeviceId,
  playedDeviceLabel: r.playedDeviceLabel,
  receivedAt: toIsoOrNull(r.receivedAt),
  startedAt: toIsoOrNull(r.startedAt),
  actorAccountId: r.actorAccountId,
  actorEmail: r.actorEmail,
  actorRole: r.actorRole,
});

export const receiptsDto = (r: DispatchReceipts): z.input<typeof DispatchReceiptsSchema> => ({
  announcementId: r.announcementId,
  title: r.title,
  createdAt: toIso(r.createdAt),
  dueAt: toIso(r.dueAt),
  lateAfterMs: r.lateAfterMs,
  summary: r.summary,
  items: r.items.map((i) => ({
    dispatchId: i.dispatchId,
    storeId: i.storeId,
    storeName: i.storeName,
    status: i.status,
    missedReason: i.missedReason,
    dueAt: toIso(i.dueAt),
    playedAt: toIsoOrNull(i.playedAt),
    receivedLagMs: i.receivedLagMs,
    startedLagMs: i.startedLagMs,
    late: i.late,
    devices: i.devices.map((d) => ({
      deviceId: d.deviceId,
      deviceLabel: d.deviceLabel,
      outcome: d.outcome as AckOutcome,
      signalSource: d.signalSource,
      receivedAt: toIsoOrNull(d.receivedAt),
      startedAt: toIsoOrNull(d.startedAt),
      receivedLagMs: d.receivedLagMs,
      startedLagMs: d.startedLagMs,
    })),
  })),
});

export const deliverySummaryDto = (s: DeliverySummary): z.input<typeof DeliverySummarySchema> => ({
  from: toIso(s.from),
  to: toIso(s.to),
  lateAfterMs: s.lateAfterMs,
  items: s.items.map((i) => ({
    storeId: i.storeId,
    storeName: i.storeName,
    total: i.total,
    onTime: i.onTime,
    late: i.late,
    missed: i.missed,
    pending: i.pending,
    canceled: i.canceled,
  })),
});

export const scheduleDto = (s: ScheduleView): z.input<typeof ScheduleSchema> => ({
  id: s.id,
  announcementId: s.announcementId,
  frequency: s.frequency as Frequency,
  times: s.times,
  daysOfWeek: s.daysOfWeek as Weekday[],
  startHour: s.startHour,
  endHour: s.endHour,
  minute: s.minute,
  startDate: s.startDate,
  endDate: s.endDate,
  target: s.target as DispatchTarget,
  storeIds: s.storeIds,
  region: s.region as (typeof REGIONS)[number] | null,
  status: s.status,
  createdAt: toIso(s.createdAt),
  canceledAt: toIsoOrNull(s.canceledAt),
});
