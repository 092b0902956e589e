import { emitAll, toIso, type DbExecutor, type DomainEvent } from '@storecast/service-kit';
import type { AnnouncementRow, DispatchRow } from '../db/schema';
import { presignAudio } from './announcements.use-case';
import type { AppContext } from './ports';

/**
 * One dispatch.dispatch.pending per store row that became PENDING, written in the caller's
 * transaction in one batch; the audio URL is signed once per announcement.
 */
export const emitPending = async (ctx: AppContext, tx: DbExecutor, rows: DispatchRow[], announcementOf: (id: string) => AnnouncementRow | undefined) => {
  const urls = new Map<string, string>();
  const events: DomainEvent[] = [];
  for (const row of rows) {
    const announcement = announcementOf(row.announcementId);
    if (!announcement) continue;
    let audioUrl = urls.get(announcement.id);
    if (!audioUrl) {
      audioUrl = await presignAudio(ctx, announcement);
      urls.set(announcement.id, audioUrl);
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
