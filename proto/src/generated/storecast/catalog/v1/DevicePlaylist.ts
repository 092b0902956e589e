// Original file: storecast/catalog/v1/catalog.proto

import type { PlaylistRef as _storecast_catalog_v1_PlaylistRef, PlaylistRef__Output as _storecast_catalog_v1_PlaylistRef__Output } from '../../../storecast/catalog/v1/PlaylistRef';

export interface DevicePlaylist {
  'deviceId'?: (string);
  'playlist'?: (_storecast_catalog_v1_PlaylistRef | null);
}

export interface DevicePlaylist__Output {
  'deviceId': (string);
  'playlist': (_storecast_catalog_v1_PlaylistRef__Output | null);
}
