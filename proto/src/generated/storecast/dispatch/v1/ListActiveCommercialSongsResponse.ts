// Original file: storecast/dispatch/v1/commercials.proto

import type { CommercialSong as _storecast_dispatch_v1_CommercialSong, CommercialSong__Output as _storecast_dispatch_v1_CommercialSong__Output } from '../../../storecast/dispatch/v1/CommercialSong';

export interface ListActiveCommercialSongsResponse {
  'songs'?: (_storecast_dispatch_v1_CommercialSong)[];
}

export interface ListActiveCommercialSongsResponse__Output {
  'songs': (_storecast_dispatch_v1_CommercialSong__Output)[];
}
