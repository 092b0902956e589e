import { emitAll, toIso, type DbExecutor, type DomainEvent } from '@storecast/service-kit';
import type { AnnouncementRow, DispatchRow } from '../db/schema';
import { presignAudio } from './announcements.use-case';
import type { AppContext } from './ports';

/** Signed audio URLs by stored object (key and content type): see signAudioUrls. */
export type SignedAudioUrls = Map<string, string>;

const audioRef = (a: Pick<AnnouncementRow, 'audioKey' | 'audioContentType'>) => `${a.audioKey}\n${a.audioContentType}`;

/**
 * Signs the audio URL of an announcement before its transaction opens, so the signing (about a
 * millisecond of CPU) neither holds the transaction nor waits behind it; emitPending signs again
 * only when the audio changed in between.
 */
export const signAudioUrls = async (ctx: AppContext, announcement: Pick<AnnouncementRow, 'audioKey' | 'audioContentType'>): Promise<SignedAudioUrls> =>
  new Map([[audioRef(announcement), await presignAudio(ctx, announcement)]]);

/**
 * One dispatch.dispatch.pending per store row that became PENDING, written in the caller's
 * transaction in one batch; the audio URL is signed once per announcement (or taken from `signed`).
 */
export const emitPending = async (
  ctx: AppContext,
  tx: DbExecutor,
  rows: DispatchRow[],
  announcementOf: (id: string) => AnnouncementRow | undefined,
  signed: SignedAudioUrls = new Map(),
) => {
  const urls = new Map(signed);
  const events: DomainEvent[] = [];
  for (const row of rows) {
    const announcement = announcementOf(row.announcementId);
    if (!announcement) continue;
    let audioUrl = urls.get(audioRef(announcement));
    if (!audioUrl) {
      audioUrl = await presignAudio(ctx, announcement);
      urls.set(audioRef(announcement), audioUrl);
    }
    events.push({
      type: 'dispatch.dispatch.pending',
      data: {
        dispatchId: row.id,
        announcementId: row.announcementId,
        hqId: row.hqId,
        storeId: row.storeId,
        deviceId: row.deviceId,
        title: announcement.title,
        audioUrl,
        durationSeconds: announcement.durationSeconds,
        isEmergency: row.isEmergency,
        playAt: row.playAt ? toIso(row.playAt) : null,
        pendingAt: toIso(row.pendingAt ?? ctx.clock.now()),
      },
    });
  }
  await emitAll(tx, events, ctx.clock);
};
