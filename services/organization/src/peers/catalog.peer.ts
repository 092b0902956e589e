import { AppError, callUnary, notFound } from '@storecast/service-kit';
import type { CatalogServiceClient } from '@storecast/proto';
import type { CatalogPeer, StorePlaylists } from '../app/ports';

type StorePlaylistsMessage = Awaited<ReturnType<typeof callUnary<CatalogServiceClient, 'getStorePlaylists'>>>;

const toStorePlaylists = (res: StorePlaylistsMessage): StorePlaylists => ({
  activePlaylist: res.activePlaylist ? { id: res.activePlaylist.id, name: res.activePlaylist.name } : null,
  devices: res.devices.flatMap((d) => (d.playlist ? [{ deviceId: d.deviceId, playlist: { id: d.playlist.id, name: d.playlist.name } }] : [])),
  hqDefault: res.hqDefault ? { id: res.hqDefault.id, name: res.hqDefault.name } : null,
});

/**
 * catalog-search's CatalogService over gRPC (runtime.peer client: the configured deadline on every
 * call). Unreachable catalog-search surfaces as 503 SERVICE_UNAVAILABLE (kit); a missing playlist
 * or one of another HQ as 404 PLAYLIST_NOT_FOUND.
 */
export const catalogPeer = (client: CatalogServiceClient): CatalogPeer => ({
  async storePlaylists(hqId, storeId) {
    return toStorePlaylists(await callUnary(client, 'getStorePlaylists', { hqId, storeId }));
  },

  async setDevicePlaylist(input) {
    try {
      return toStorePlaylists(
        await callUnary(client, 'setDevicePlaylist', { hqId: input.hqId, storeId: input.storeId, deviceId: input.deviceId, playlistId: input.playlistId ?? undefined }),
      );
    } catch (err) {
      if (err instanceof AppError && err.code === 'PLAYLIST_NOT_FOUND') throw notFound('PLAYLIST_NOT_FOUND', 'Playlist not found');
      throw err;
    }
  },
});
