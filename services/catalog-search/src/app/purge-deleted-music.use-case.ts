import { emit } from '@storecast/service-kit';
import { deleteMusicForGood, lockPurgeableMusic } from '../db/music.repository';
import { storageUnavailable } from './errors';
import type { CatalogContext } from './ports';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes for good music soft-deleted more than the retention (90 days) ago: its S3 object, its
 * library links and moods, its row; one `catalog.music.purged` each (playback clears its cursors).
 * Rows are claimed with FOR UPDATE SKIP LOCKED, so replicas running it at once never purge the
 * same music twice. The object goes first, inside the transaction: if the commit then fails, the
 * next run deletes the (already missing) object again and the row for good.
 * Returns how many music were purged; runs batches until none is left.
 */
export const purgeDeletedMusic = async (ctx: CatalogContext, batchSize: number): Promise<number> => {
  const before = new Date(ctx.clock.now().getTime() - ctx.settings.retentionDays * DAY_MS);
  let purged = 0;
  for (;;) {
    const count = await ctx.db.transaction(async (tx) => {
      const rows = await lockPurgeableMusic(tx, before, batchSize);
      for (const row of rows) {
        try {
          await ctx.storage.delete(row.fileKey);
        } catch (err) {
          throw storageUnavailable(err);
        }
      }
      await deleteMusicForGood(tx, rows.map((r) => r.id));
      for (const row of rows) await emit(tx, { type: 'catalog.music.purged', data: { musicId: row.id } }, ctx.clock);
      return rows.length;
    });
    purged += count;
    if (count < batchSize) return purged;
  }
};
