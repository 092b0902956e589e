// Original file: storecast/catalog/v1/catalog.proto

import type { Music as _storecast_catalog_v1_Music, Music__Output as _storecast_catalog_v1_Music__Output } from '../../../storecast/catalog/v1/Music';

export interface GetMusicByIdsResponse {
  'music'?: (_storecast_catalog_v1_Music)[];
}

export interface GetMusicByIdsResponse__Output {
  'music': (_storecast_catalog_v1_Music__Output)[];
}
