import { emit, newId, writeAudit, type AuditActor, type Principal, type UploadedFile } from '@storecast/service-kit';
import { findActiveMusic, insertMusic } from '../db/music.repository';
import type { MusicSource } from '../domain/enums';
import { id3Plan } from '../domain/id3-plan';
import { metadataParseFailed, musicInvalidField, storageUnavailable } from './errors';
import { musicDetailView, type MusicView } from './music-view';
import type { CatalogContext, RewrittenMp3 } from './ports';

export interface UploadMusicInput {
  file: UploadedFile | undefined;
  title: string;
  durationSeconds: number;
  musicSource: MusicSource;
}

/** Empty file (or none) → 400 MUSIC_INVALID_FIELD; not an MP3 or a damaged tag → 400 METADATA_PARSE_FAILED. */
export const checkedMp3 = async (ctx: CatalogContext, file: UploadedFile | undefined): Promise<UploadedFile> => {
  if (!file || file.size === 0) throw musicInvalidField('file', 'The file is empty');
  const checked = await ctx.mp3.check(file.buffer);
  if (!checked.ok) throw metadataParseFailed(checked.reason);
  return file;
};

export const rewriteMp3 = async (ctx: CatalogContext, file: UploadedFile, title: string, at: Date): Promise<RewrittenMp3> => {
  try {
    return await ctx.mp3.rewrite(file.buffer, id3Plan(title, ctx.settings.brandName, at));
  } catch (err) {
    throw metadataParseFailed(`The ID3 tag cannot be rewritten: ${(err as Error).message}`);
  }
};

/**
 * Stores a new music: MP3 checked, ID3v2.4 rewritten, row + audit + event, then the file under
 * `{prefix}/{id}.mp3` before the transaction commits. A failed store rolls the row back; a failed
 * commit removes the stored file: a failed request leaves neither behind.
 */
export const uploadMusic = async (ctx: CatalogContext, actor: Principal | AuditActor, input: UploadMusicInput): Promise<MusicView> => {
  const file = await checkedMp3(ctx, input.file);
  const id = newId();
  const now = ctx.clock.now();
  const key = `${ctx.settings.musicKeyPrefix}/${id}.mp3`;
  const rewritten = await rewriteMp3(ctx, file, input.title, now);
  let stored = false;
  try {
    await ctx.db.transaction(async (tx) => {
      await insertMusic(tx, {
        id,
        title: input.title,
        durationSeconds: input.durationSeconds,
        musicSource: input.musicSource,
        fileKey: key,
        sizeBytes: rewritten.size,
        createdAt: now,
        updatedAt: now,
      });
      await writeAudit(
        tx,
        actor,
        { action: 'MUSIC_UPLOADED', targetType: 'MUSIC', targetId: id, targetLabel: input.title, detail: { originalFileName: file.originalName, sizeBytes: file.size } },
        ctx.clock,
      );
      await emit(tx, { type: 'catalog.music.uploaded', data: { musicId: id, title: input.title, musicSource: input.musicSource, durationSeconds: input.durationSeconds } }, ctx.clock);
      try {
        await ctx.storage.put(key, rewritten.open(), 'audio/mpeg', rewritten.size);
      } catch (err) {
        throw storageUnavailable(err);
      }
      stored = true;
    });
  } catch (err) {
    if (stored) await ctx.storage.delete(key).catch((e: unknown) => ctx.logger.error({ err: e, key }, 'stored music file left behind'));
    throw err;
  } finally {
    await rewritten.dispose();
  }
  return musicDetailView(ctx, (await findActiveMusic(ctx.db, id))!);
};
