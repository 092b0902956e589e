import { serviceUnavailable } from '@storecast/service-kit';
import { deleteAnnouncementsForGood, lockExpiredDrafts } from '../db/broadcast.repository';
import type { AppContext } from './ports';

/**
 * Removes store broadcast drafts past their lifetime that were never sent: the audio object, then
 * the row. Sent drafts stay (their dispatches refer to them and play their audio). Claimed FOR
 * UPDATE SKIP LOCKED: replicas never take the same draft, and a draft being sent is skipped.
 */
export const purgeExpiredDrafts = async (ctx: AppContext, batchSize: number): Promise<number> => {
  let purged = 0;
  for (;;) {
    const count = await ctx.db.transaction(async (tx) => {
      const rows = await lockExpiredDrafts(tx, ctx.clock.now(), batchSize);
      for (const row of rows) {
        try {
          await ctx.storage.delete(row.audioKey);
        } catch (err) {
          throw serviceUnavailable('Object storage is unavailable', err);
        }
      }
      await deleteAnnouncementsForGood(tx, rows.map((r) => r.id));
      return rows.length;
    });
    purged += count;
    if (count < batchSize) return purged;
  }
};
