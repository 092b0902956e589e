// Original file: storecast/catalog/v1/catalog.proto

import type { PlaylistRef as _storecast_catalog_v1_PlaylistRef, PlaylistRef__Output as _storecast_catalog_v1_PlaylistRef__Output } from '../../../storecast/catalog/v1/PlaylistRef';
import type { DevicePlaylist as _storecast_catalog_v1_DevicePlaylist, DevicePlaylist__Output as _storecast_catalog_v1_DevicePlaylist__Output } from '../../../storecast/catalog/v1/DevicePlaylist';

export interface GetStorePlaylistsResponse {
  'activePlaylist'?: (_storecast_catalog_v1_PlaylistRef | null);
  'devices'?: (_storecast_catalog_v1_DevicePlaylist)[];
  'hqDefault'?: (_storecast_catalog_v1_PlaylistRef | null);
  '_activePlaylist'?: "activePlaylist";
  '_hqDefault'?: "hqDefault";
}

export interface GetStorePlaylistsResponse__Output {
  'activePlaylist'?: (_storecast_catalog_v1_PlaylistRef__Output | null);
  'devices': (_storecast_catalog_v1_DevicePlaylist__Output)[];
  'hqDefault'?: (_storecast_catalog_v1_PlaylistRef__Output | null);
  '_activePlaylist'?: "activePlaylist";
  '_hqDefault'?: "hqDefault";
}
