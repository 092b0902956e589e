import { callUnary, orMissing, orUnavailable } from '@storecast/service-kit';
import type { CatalogMusicMessage, CatalogServiceClient } from '@storecast/proto';
import type { CatalogPort, PlaylistSource } from '../app/ports';
import type { KnownMusic, MusicSource } from '../domain/play-logs';

const SOURCES: readonly PlaylistSource[] = ['DEVICE', 'STORE', 'DEFAULT', 'NONE'];
const sourceOf = (s: string): MusicSource => (s === 'TRUST' ? 'TRUST' : 'AI');

/** CatalogPort over catalog-search's CatalogService. */
export const catalogPeer = (client: CatalogServiceClient): CatalogPort => ({
  resolvePlaylist: ({ hqId, storeId, deviceId }) =>
    orUnavailable('catalog-search', async () => {
      const res = await callUnary(client, 'resolvePlaylist', { hqId, storeId, ...(deviceId ? { deviceId } : {}) });
      const source = SOURCES.includes(res.source as PlaylistSource) ? (res.source as PlaylistSource) : 'NONE';
      return { playlist: res.playlist && source !== 'NONE' ? { id: res.playlist.id, name: res.playlist.name } : null, source: res.playlist ? source : 'NONE' };
    }),
  playableMusic: ({ playlistId, hqId, plan }) =>
    orMissing('catalog-search', async () => {
      const res = await callUnary(client, 'listPlayableMusic', { playlistId, hqId, ...(plan ? { plan } : {}) });
      return res.music.map((m: CatalogMusicMessage) => ({
        id: m.id,
        title: m.title,
        durationSeconds: m.durationSeconds,
        musicSource: sourceOf(m.musicSource),
        libraryId: m.libraryId ?? null,
        audioUrl: m.audioUrl,
      }));
    }),
  musicByIds: (ids) =>
    orUnavailable('catalog-search', async () => {
      if (ids.length === 0) return new Map<string, KnownMusic>();
      const res = await callUnary(client, 'getMusicByIds', { ids: [...ids] });
      return new Map(res.music.map((m): [string, KnownMusic] => [m.id.toLowerCase(), { title: m.title, musicSource: sourceOf(m.musicSource) }]));
    }),
});
