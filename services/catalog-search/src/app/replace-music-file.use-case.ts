import { emit, writeAudit, type AuditActor, type Principal, type UploadedFile } from '@storecast/service-kit';
import { findActiveMusic, updateMusicFile } from '../db/music.repository';
import { musicNotFound, storageUnavailable } from './errors';
import { musicDetailView, type MusicView } from './music-view';
import type { CatalogContext } from './ports';
import { checkedMp3, rewriteMp3 } from './upload-music.use-case';

/**
 * Overwrites the file of a music (same id and key, no history: the audit record keeps it),
 * optionally with a new title. The file is written last in the transaction, so a failed write
 * changes nothing.
 */
export const replaceMusicFile = async (
  ctx: CatalogContext,
  actor: Principal | AuditActor,
  input: { musicId: string; file: UploadedFile | undefined; title?: string },
): Promise<MusicView> => {
  const current = await findActiveMusic(ctx.db, input.musicId);
  if (!current) throw musicNotFound();
  const file = await checkedMp3(ctx, input.file);
  const now = ctx.clock.now();
  const title = input.title ?? current.title;
  const rewritten = await rewriteMp3(ctx, file, title, now);
  try {
    await ctx.db.transaction(async (tx) => {
      const locked = await findActiveMusic(tx, input.musicId, { forUpdate: true });
      if (!locked) throw musicNotFound();
      await updateMusicFile(tx, locked.id, { title, sizeBytes: rewritten.size, updatedAt: now });
      await writeAudit(
        tx,
        actor,
        { action: 'MUSIC_FILE_REPLACED', targetType: 'MUSIC', targetId: locked.id, targetLabel: title, detail: { originalFileName: file.originalName, sizeBytes: file.size } },
        ctx.clock,
      );
      await emit(tx, { type: 'catalog.music.replaced', data: { musicId: locked.id, title } }, ctx.clock);
      try {
        await ctx.storage.put(locked.fileKey, rewritten.open(), 'audio/mpeg', rewritten.size);
      } catch (err) {
        throw storageUnavailable(err);
      }
    });
  } finally {
    await rewritten.dispose();
  }
  return musicDetailView(ctx, (await findActiveMusic(ctx.db, input.musicId))!);
};
