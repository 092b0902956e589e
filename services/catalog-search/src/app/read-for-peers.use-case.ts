import { findMusicByIds } from '../db/music.repository';
import { findActivePlaylist, playableMusicOfPlaylist } from '../db/playlist.repository';
import type { MusicRow } from '../db/schema';
import type { Plan } from '../domain/enums';
import { playableSources } from '../domain/playlist-rules';
import { playlistNotFound } from './errors';
import { presignAudio } from './music-view';
import type { CatalogContext } from './ports';

export interface PeerMusic {
  music: MusicRow;
  audioUrl: string;
  libraryId?: string;
}

/** Active music of a playlist the plan may play, in library order, each once, with audio URLs. */
export const listPlayableMusic = async (ctx: CatalogContext, input: { playlistId: string; hqId?: string; plan: Plan | null }) => {
  const playlist = await findActivePlaylist(ctx.db, input.playlistId, input.hqId);
  if (!playlist) throw playlistNotFound();
  const rows = await playableMusicOfPlaylist(ctx.db, playlist.id, playableSources(input.plan));
  const music: PeerMusic[] = await Promise.all(rows.map(async (r) => ({ music: r.music, libraryId: r.libraryId, audioUrl: await presignAudio(ctx, r.music) })));
  return { playlist: { id: playlist.id, name: playlist.name }, music };
};

/** Music by ids, soft-deleted included; unknown and purged ids are left out. */
export const getMusicByIds = async (ctx: CatalogContext, ids: string[]): Promise<PeerMusic[]> => {
  const rows = await findMusicByIds(ctx.db, ids);
  return Promise.all(rows.map(async (music) => ({ music, audioUrl: await presignAudio(ctx, music) })));
};
