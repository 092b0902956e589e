import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CommercialServiceClient as _storecast_dispatch_v1_CommercialServiceClient, CommercialServiceDefinition as _storecast_dispatch_v1_CommercialServiceDefinition } from './storecast/dispatch/v1/CommercialService';
import type { CommercialSong as _storecast_dispatch_v1_CommercialSong, CommercialSong__Output as _storecast_dispatch_v1_CommercialSong__Output } from './storecast/dispatch/v1/CommercialSong';
import type { ListActiveCommercialSongsRequest as _storecast_dispatch_v1_ListActiveCommercialSongsRequest, ListActiveCommercialSongsRequest__Output as _storecast_dispatch_v1_ListActiveCommercialSongsRequest__Output } from './storecast/dispatch/v1/ListActiveCommercialSongsRequest';
import type { ListActiveCommercialSongsResponse as _storecast_dispatch_v1_ListActiveCommercialSongsResponse, ListActiveCommercialSongsResponse__Output as _storecast_dispatch_v1_ListActiveCommercialSongsResponse__Output } from './storecast/dispatch/v1/ListActiveCommercialSongsResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  storecast: {
    dispatch: {
      v1: {
        CommercialService: SubtypeConstructor<typeof grpc.Client, _storecast_dispatch_v1_CommercialServiceClient> & { service: _storecast_dispatch_v1_CommercialServiceDefinition }
        CommercialSong: MessageTypeDefinition<_storecast_dispatch_v1_CommercialSong, _storecast_dispatch_v1_CommercialSong__Output>
        ListActiveCommercialSongsRequest: MessageTypeDefinition<_storecast_dispatch_v1_ListActiveCommercialSongsRequest, _storecast_dispatch_v1_ListActiveCommercialSongsRequest__Output>
        ListActiveCommercialSongsResponse: MessageTypeDefinition<_storecast_dispatch_v1_ListActiveCommercialSongsResponse, _storecast_dispatch_v1_ListActiveCommercialSongsResponse__Output>
      }
    }
  }
}

