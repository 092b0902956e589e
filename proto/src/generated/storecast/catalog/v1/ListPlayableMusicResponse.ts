// Original file: storecast/catalog/v1/catalog.proto

import type { PlaylistRef as _storecast_catalog_v1_PlaylistRef, PlaylistRef__Output as _storecast_catalog_v1_PlaylistRef__Output } from '../../../storecast/catalog/v1/PlaylistRef';
import type { Music as _storecast_catalog_v1_Music, Music__Output as _storecast_catalog_v1_Music__Output } from '../../../storecast/catalog/v1/Music';

export interface ListPlayableMusicResponse {
  'playlist'?: (_storecast_catalog_v1_PlaylistRef | null);
  'music'?: (_storecast_catalog_v1_Music)[];
}

export interface ListPlayableMusicResponse__Output {
  'playlist': (_storecast_catalog_v1_PlaylistRef__Output | null);
  'music': (_storecast_catalog_v1_Music__Output)[];
}
