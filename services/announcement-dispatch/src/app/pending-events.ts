import { emit, toIso, type DbExecutor } from '@storecast/service-kit';
import type { AnnouncementRow, DispatchRow } from '../db/schema';
import { presignAudio } from './announcements.use-case';
import type { AppContext } from './ports';

/** One dispatch.dispatch.pending per store row that became PENDING, in the same transaction. */
export const emitPending = async (ctx: AppContext, tx: DbExecutor, rows: DispatchRow[], announcementOf: (id: string) => AnnouncementRow | undefined) => {
  for (const row of rows) {
    const announcement = announcementOf(row.announcementId);
    if (!announcement) continue;
    await emit(
      tx,
      {
        type: 'dispatch.dispatch.pending',
        data: {
          dispatchId: row.id,
          announcementId: row.announcementId,
          hqId: row.hqId,
          storeId: row.storeId,
          deviceId: row.deviceId,
          title: announcement.title,
          audioUrl: await presignAudio(ctx, announcement),
          durationSeconds: announcement.durationSeconds,
          isEmergency: row.isEmergency,
          playAt: row.playAt ? toIso(row.playAt) : null,
          pendingAt: toIso(row.pendingAt ?? ctx.clock.now()),
        },
      },
      ctx.clock,
    );
  }
};
