import { badRequest, conflict, forbidden, isUuid, newId, serviceUnavailable, sniffFileType, type Principal, type UploadedFile } from '@storecast/service-kit';
import { findStoreDraft } from '../db/broadcast.repository';
import { insertAnnouncement } from '../db/announcement.repository';
import { insertDispatches } from '../db/dispatch.repository';
import type { AnnouncementRow } from '../db/schema';
import { broadcastTitle, draftUsable, extensionOf, measuredLengthProblem, RECORDING_TITLE, recordingMimeOf, slotConflict, slotOf, SLOT_MS } from '../domain/broadcast-rules';
import { dispatchTiming, scheduledAtProblem } from '../domain/dispatch-rules';
import { measureMp3 } from '../domain/mp3';
import type { TtsVoice } from '../domain/voices';
import { announcementNotFound, presignAudio } from './announcements.use-case';
import { emitPending } from './pending-events';
import type { AppContext } from './ports';
import { hqReservationsOfStore } from './reservations.use-case';

export interface DraftView {
  row: AnnouncementRow;
  audioUrl: string;
}

export const recordingInvalid = (message: string) => badRequest('RECORDING_INVALID_FIELD', message);
export const recordingUnsupported = () => badRequest('RECORDING_UNSUPPORTED_FORMAT', 'Recordings must be audio/webm, audio/mp4 or audio/mpeg');

const draftKey = (storeId: string, id: string, ext: string) => `broadcasts/${storeId}/${id}.${ext}`;

/**
 * Stores the audio, then the draft row; a failed insert removes the stored file again. Object
 * storage down is 503 SERVICE_UNAVAILABLE and leaves nothing behind.
 */
const saveDraft = async (ctx: AppContext, row: Omit<AnnouncementRow, 'createdAt' | 'updatedAt' | 'expiresAt' | 'deletedAt'>, audio: Buffer): Promise<DraftView> => {
  try {
    await ctx.storage.put(row.audioKey, audio, row.audioContentType, audio.length);
  } catch (err) {
    throw serviceUnavailable('Object storage is unavailable', err);
  }
  try {
    const now = ctx.clock.now();
    const created = await insertAnnouncement(ctx.db, { ...row, createdAt: now, updatedAt: now, expiresAt: new Date(now.getTime() + ctx.settings.draftTtlMs) });
    return { row: created, audioUrl: await presignAudio(ctx, created) };
  } catch (err) {
    await ctx.storage.delete(row.audioKey).catch(() => undefined);
    throw err;
  }
};

/**
 * Preview: the text synthesized with the voice (tone NORMAL, tempo 1.0) into a draft of the store
 * (source STORE_BROADCAST), not dispatched. Synthesis unconfigured (503) or failed (502): no draft.
 */
export const previewBroadcast = async (
  ctx: AppContext,
  principal: Principal,
  storeId: string,
  input: { text: string; voice: TtsVoice; isEmergency: boolean },
): Promise<DraftView> => {
  const audio = await ctx.tts.synthesize({ text: input.text, voice: input.voice, tonePreset: 'NORMAL', tempo: 1 });
  const id = newId();
  return saveDraft(
    ctx,
    {
      id,
      source: 'STORE_BROADCAST',
      hqId: principal.hqId ?? null,
      storeId,
      title: broadcastTitle(input.text),
      text: input.text,
      voice: input.voice,
      tonePreset: 'NORMAL',
      tempo: 1,
      audioKey: draftKey(storeId, id, 'mp3'),
      audioContentType: audio.contentType,
      durationSeconds: audio.durationSeconds,
      isEmergency: input.isEmergency,
      broadcastKind: 'TTS',
    },
    audio.audio,
  );
};

/**
 * Recording: the uploaded audio as is. Empty (or no file part) → 400 RECORDING_INVALID_FIELD; a
 * signature other than WebM, MP4 or MPEG audio → 400 RECORDING_UNSUPPORTED_FORMAT (the declared
 * type is never trusted); MP3 audio measured outside 1..30 s → 400 RECORDING_INVALID_FIELD (the
 * declared durationSeconds is checked with the request, over 10 MB while reading).
 */
export const uploadRecording = async (
  ctx: AppContext,
  principal: Principal,
  storeId: string,
  input: { file: UploadedFile | undefined; durationSeconds: number; isEmergency: boolean },
): Promise<DraftView> => {
  const file = input.file;
  if (!file || file.size === 0) throw recordingInvalid('The recording file is empty');
  const mime = recordingMimeOf(await sniffFileType(file.buffer));
  if (!mime) throw recordingUnsupported();
  const problem = measuredLengthProblem(mime === 'audio/mpeg' ? measureMp3(file.buffer)?.durationSeconds : undefined);
  if (problem) throw recordingInvalid(problem);
  const id = newId();
  return saveDraft(
    ctx,
    {
      id,
      source: 'STORE_BROADCAST',
      hqId: principal.hqId ?? null,
      storeId,
      title: RECORDING_TITLE,
      text: '',
      voice: 'RECORDING',
      tonePreset: 'NORMAL',
      tempo: 1,
      audioKey: draftKey(storeId, id, extensionOf(mime)),
      audioContentType: mime,
      durationSeconds: input.durationSeconds,
      isEmergency: input.isEmergency,
      broadcastKind: 'RECORDING',
    },
    file.buffer,
  );
};

export interface SendInput {
  /** Absent or null: the draft's own value. */
  isEmergency?: boolean | null;
  scheduledAt?: Date | null;
  deviceId?: string | null;
}

/** A device of the store for an immediate send; invalid, malformed or revoked ids mean every device. */
const targetDevice = async (ctx: AppContext, storeId: string, deviceId: string | null | undefined): Promise<string | null> => {
  if (!deviceId || !isUuid(deviceId)) return null;
  return (await ctx.organization.isActiveDevice(storeId, deviceId)) ? deviceId : null;
};

/**
 * Send a draft to the own store. Immediate: one PENDING row (playAt = issue + 2 s, optionally for
 * one device) and its pending event. Scheduled: a SCHEDULED row the minute scheduler makes
 * PENDING; refused with 409 DISPATCH_SLOT_OCCUPIED when an HQ-originated reservation of the store
 * (a scheduled dispatch or a recurring occurrence) falls in the same 5-minute slot; other store
 * reservations never block. An expired, foreign or unknown draft → 404 TTS_ANNOUNCEMENT_NOT_FOUND.
 * A draft may be sent more than once within its lifetime.
 */
export const sendBroadcast = async (ctx: AppContext, principal: Principal, storeId: string, announcementId: string, input: SendInput): Promise<{ dispatchId: string }> => {
  const draft = await findStoreDraft(ctx.db, storeId, announcementId);
  if (!draft || !draftUsable(draft, ctx.clock.now())) throw announcementNotFound();
  const scheduledAt = input.scheduledAt ?? undefined;
  if (scheduledAt) {
    const problem = scheduledAtProblem(scheduledAt, ctx.clock.now());
    if (problem === 'PAST') throw badRequest('BROADCAST_SCHEDULED_AT_PAST', 'scheduledAt must be in the future');
    if (problem === 'TOO_FAR') throw badRequest('BROADCAST_SCHEDULED_AT_TOO_FAR', 'scheduledAt must be within one year');
    const slot = slotOf(scheduledAt);
    const hqTimes = await hqReservationsOfStore(ctx, storeId, principal.hqId, { start: slot, end: new Date(slot.getTime() + SLOT_MS) });
    if (slotConflict(scheduledAt, hqTimes)) throw conflict('DISPATCH_SLOT_OCCUPIED', 'An HQ announcement is reserved for this store in that 5-minute slot');
  }
  // deviceId applies to immediate sends only (ignored for scheduled ones).
  const deviceId = scheduledAt ? null : await targetDevice(ctx, storeId, input.deviceId);
  return ctx.db.transaction(async (tx) => {
    // Locked: the purge never takes a draft a send holds, and one past its lifetime is not sent.
    const current = await findStoreDraft(tx, storeId, announcementId, true);
    const now = ctx.clock.now();
    if (!current || !draftUsable(current, now)) throw announcementNotFound();
    const timing = dispatchTiming(now, scheduledAt);
    const [row] = await insertDispatches(
      tx,
      {
        batchId: newId(),
        announcementId,
        hqId: null,
        deviceId,
        scheduleId: null,
        target: 'STORE',
        status: timing.status,
        isEmergency: input.isEmergency ?? current.isEmergency,
        scheduledAt: timing.scheduledAt,
        playAt: timing.playAt,
        dueAt: timing.dueAt,
        createdAt: now,
        pendingAt: timing.status === 'PENDING' ? now : null,
        auditId: null,
      },
      [{ id: newId(), storeId }],
    );
    // No row: organization closed or deleted the store (its token still valid until it expires).
    if (!row) throw forbidden('AUTH_STORE_CLOSED', 'The store is closed');
    if (timing.status === 'PENDING') await emitPending(ctx, tx, [row], () => current);
    return { dispatchId: row.id };
  });
};
