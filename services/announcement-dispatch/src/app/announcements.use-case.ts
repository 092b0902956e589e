import { newId, notFound, offsetOf, serviceUnavailable, writeAudit, type Paging, type Principal } from '@storecast/service-kit';
import type { SynthesizedAudio } from './ports';
import {
  activeScheduleCount,
  findHqAnnouncement,
  insertAnnouncement,
  listHqAnnouncements,
  updateAnnouncement,
  type AnnouncementListRow,
} from '../db/announcement.repository';
import { cancelScheduledOfAnnouncement } from '../db/dispatch.repository';
import { cancelActiveSchedulesOfAnnouncement } from '../db/schedule.repository';
import type { AnnouncementRow } from '../db/schema';
import type { TtsTonePreset, TtsVoice } from '../domain/voices';
import type { AppContext } from './ports';

export const announcementNotFound = () => notFound('TTS_ANNOUNCEMENT_NOT_FOUND', 'Announcement not found');

export interface AnnouncementInput {
  title: string;
  text: string;
  voice: TtsVoice;
  tonePreset: TtsTonePreset;
  tempo: number;
}

/** A list row with its dispatch counters, as the use case answers it. */
export type AnnouncementListItem = AnnouncementListRow;

export interface AnnouncementView {
  row: AnnouncementRow;
  audioUrl: string;
  activeScheduleCount: number;
}

const audioKeyOf = (hqId: string, id: string) => `announcements/${hqId}/${id}.mp3`;

/** Writes the MP3; object storage down is 503 SERVICE_UNAVAILABLE, never a bare 500. */
const storeAudio = async (ctx: AppContext, key: string, audio: SynthesizedAudio) => {
  try {
    await ctx.storage.put(key, audio.audio, audio.contentType, audio.audio.length);
  } catch (err) {
    throw serviceUnavailable('Object storage is unavailable', err);
  }
};

export const presignAudio = (ctx: AppContext, row: Pick<AnnouncementRow, 'audioKey' | 'audioContentType'>) =>
  ctx.storage.presignGet(row.audioKey, { contentType: row.audioContentType });

const viewOf = async (ctx: AppContext, row: AnnouncementRow, schedules?: number): Promise<AnnouncementView> => ({
  row,
  audioUrl: await presignAudio(ctx, row),
  activeScheduleCount: schedules ?? (await activeScheduleCount(ctx.db, row.id)),
});

/**
 * Create: synthesize first (503/502 leave nothing behind), store the MP3, then insert the row with
 * its audit record; a failed insert removes the stored file again.
 */
export const createAnnouncement = async (ctx: AppContext, principal: Principal, hqId: string, input: AnnouncementInput): Promise<AnnouncementView> => {
  const audio = await ctx.tts.synthesize({ text: input.text, voice: input.voice, tonePreset: input.tonePreset, tempo: input.tempo });
  const id = newId();
  const audioKey = audioKeyOf(hqId, id);
  await storeAudio(ctx, audioKey, audio);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const created = await insertAnnouncement(tx, {
        id,
        source: 'HQ',
        hqId,
        storeId: null,
        title: input.title,
        text: input.text,
        voice: input.voice,
        tonePreset: input.tonePreset,
        tempo: input.tempo,
        audioKey,
        durationSeconds: audio.durationSeconds,
        isEmergency: false,
        createdAt: now,
        updatedAt: now,
      });
      await writeAudit(tx, principal, { action: 'HQ_ANNOUNCEMENT_CREATED', targetType: 'ANNOUNCEMENT', targetId: id, targetLabel: input.title, hqId, detail: { voice: input.voice, tonePreset: input.tonePreset, tempo: input.tempo } }, ctx.clock);
      return created;
    });
    return viewOf(ctx, row, 0);
  } catch (err) {
    await ctx.storage.delete(audioKey).catch(() => undefined);
    throw err;
  }
};

export const getAnnouncement = async (ctx: AppContext, hqId: string, id: string): Promise<AnnouncementView> => {
  const row = await findHqAnnouncement(ctx.db, hqId, id);
  if (!row) throw announcementNotFound();
  return viewOf(ctx, row);
};

export const needsResynthesis = (row: AnnouncementRow, input: AnnouncementInput) =>
  row.text !== input.text || row.voice !== input.voice || row.tonePreset !== input.tonePreset || row.tempo !== input.tempo;

/**
 * Full replace. Audio is synthesized again only when text, voice, preset or tempo differ, into the
 * same file location, and the duration follows it; a title-only change does not synthesize. The
 * row stays locked during synthesis so two concurrent updates cannot leave audio that does not
 * match the stored text; a failed synthesis (503/502) changes nothing.
 */
export const updateAnnouncementContent = async (ctx: AppContext, principal: Principal, hqId: string, id: string, input: AnnouncementInput): Promise<AnnouncementView> => {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findHqAnnouncement(tx, hqId, id, true);
    if (!current) throw announcementNotFound();
    const audio = needsResynthesis(current, input)
      ? await ctx.tts.synthesize({ text: input.text, voice: input.voice, tonePreset: input.tonePreset, tempo: input.tempo })
      : undefined;
    const changed = (['title', 'text', 'voice', 'tonePreset', 'tempo'] as const).filter((k) => current[k] !== input[k]);
    const updated = await updateAnnouncement(tx, id, {
      title: input.title,
      text: input.text,
      voice: input.voice,
      tonePreset: input.tonePreset,
      tempo: input.tempo,
      ...(audio ? { durationSeconds: audio.durationSeconds } : {}),
      updatedAt: changed.length ? ctx.clock.now() : current.updatedAt,
    });
    if (changed.length) {
      await writeAudit(tx, principal, { action: 'HQ_ANNOUNCEMENT_UPDATED', targetType: 'ANNOUNCEMENT', targetId: id, targetLabel: input.title, hqId, detail: { changed, resynthesized: Boolean(audio) } }, ctx.clock);
    }
    // Written last: a failure before this point leaves the previous audio in place.
    if (audio) await storeAudio(ctx, current.audioKey, audio);
    return updated;
  });
  return viewOf(ctx, row);
};

/**
 * Delete (soft): active recurring schedules and reservations (SCHEDULED) are canceled; PENDING
 * dispatches are kept and still play, so the audio file stays.
 */
export const deleteAnnouncement = async (ctx: AppContext, principal: Principal, hqId: string, id: string): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    const row = await findHqAnnouncement(tx, hqId, id, true);
    if (!row) throw announcementNotFound();
    const now = ctx.clock.now();
    await updateAnnouncement(tx, id, { deletedAt: now, updatedAt: now });
    const schedules = await cancelActiveSchedulesOfAnnouncement(tx, id, now);
    const reservations = await cancelScheduledOfAnnouncement(tx, id, now);
    await writeAudit(tx, principal, { action: 'HQ_ANNOUNCEMENT_DELETED', targetType: 'ANNOUNCEMENT', targetId: id, targetLabel: row.title, hqId, detail: { canceledSchedules: schedules.length, canceledReservations: reservations } }, ctx.clock);
  });
};

export const listAnnouncements = async (ctx: AppContext, hqId: string, q: string | undefined, paging: Paging): Promise<{ rows: AnnouncementListRow[]; total: number }> =>
  listHqAnnouncements(ctx.db, hqId, { q: q?.trim() || undefined, limit: paging.size, offset: offsetOf(paging) });
