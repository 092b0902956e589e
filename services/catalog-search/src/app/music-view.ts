import type { DbExecutor } from '@storecast/service-kit';
import { tagsOfMusic, type MusicTags } from '../db/music.repository';
import type { MusicRow } from '../db/schema';
import type { CatalogContext } from './ports';
import { storageUnavailable } from './errors';

/** A music with its genre and moods, and its presigned audio URL where one is shown. */
export interface MusicView {
  music: MusicRow;
  tags: MusicTags;
  audioUrl?: string;
}

export const presignAudio = async (ctx: Pick<CatalogContext, 'storage'>, row: MusicRow): Promise<string> => {
  try {
    return await ctx.storage.presignGet(row.fileKey, { contentType: 'audio/mpeg' });
  } catch (err) {
    throw storageUnavailable(err);
  }
};

export const musicViews = async (db: DbExecutor, rows: MusicRow[]): Promise<MusicView[]> => {
  const tags = await tagsOfMusic(db, rows);
  return rows.map((music) => ({ music, tags: tags.get(music.id)! }));
};

export const musicDetailView = async (ctx: Pick<CatalogContext, 'db' | 'storage'>, row: MusicRow): Promise<MusicView> => {
  const [view] = await musicViews(ctx.db, [row]);
  return { ...view!, audioUrl: await presignAudio(ctx, row) };
};
