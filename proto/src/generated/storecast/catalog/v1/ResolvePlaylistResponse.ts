// Original file: storecast/catalog/v1/catalog.proto

import type { PlaylistRef as _storecast_catalog_v1_PlaylistRef, PlaylistRef__Output as _storecast_catalog_v1_PlaylistRef__Output } from '../../../storecast/catalog/v1/PlaylistRef';

export interface ResolvePlaylistResponse {
  'playlist'?: (_storecast_catalog_v1_PlaylistRef | null);
  'source'?: (string);
  '_playlist'?: "playlist";
}

export interface ResolvePlaylistResponse__Output {
  'playlist'?: (_storecast_catalog_v1_PlaylistRef__Output | null);
  'source': (string);
  '_playlist'?: "playlist";
}
