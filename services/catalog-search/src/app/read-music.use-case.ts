import type { Paging } from '@storecast/service-kit';
import { findActiveMusic, listActiveMusic } from '../db/music.repository';
import type { MusicSource } from '../domain/enums';
import { musicNotFound } from './errors';
import { musicDetailView, musicViews, type MusicView } from './music-view';
import type { CatalogContext } from './ports';

/** Active music, created_at desc, id desc; never with audio URLs. */
export const listMusic = async (ctx: CatalogContext, filter: { q?: string; musicSource?: MusicSource }, paging: Paging) => {
  const { rows, total } = await listActiveMusic(ctx.db, filter, paging);
  return { items: await musicViews(ctx.db, rows), total };
};

/** One active music with its presigned audio URL; missing or deleted → 404 MUSIC_NOT_FOUND. */
export const getMusic = async (ctx: CatalogContext, musicId: string): Promise<MusicView> => {
  const row = await findActiveMusic(ctx.db, musicId);
  if (!row) throw musicNotFound();
  return musicDetailView(ctx, row);
};
