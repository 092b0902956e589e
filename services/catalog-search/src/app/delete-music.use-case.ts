import { emit, writeAudit, type Principal } from '@storecast/service-kit';
import { softDeleteMusic } from '../db/music.repository';
import { musicNotFound } from './errors';
import type { CatalogContext } from './ports';

/** Soft delete: the file and library links stay until the purge (MUSIC_RETENTION_DAYS later). */
export const deleteMusic = async (ctx: CatalogContext, principal: Principal, musicId: string): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    const deleted = await softDeleteMusic(tx, musicId, ctx.clock.now());
    if (!deleted) throw musicNotFound();
    await writeAudit(tx, principal, { action: 'MUSIC_DELETED', targetType: 'MUSIC', targetId: deleted.id, targetLabel: deleted.title }, ctx.clock);
    await emit(tx, { type: 'catalog.music.deleted', data: { musicId: deleted.id } }, ctx.clock);
  });
};
