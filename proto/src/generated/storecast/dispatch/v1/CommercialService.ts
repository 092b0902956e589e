// Original file: storecast/dispatch/v1/commercials.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ListActiveCommercialSongsRequest as _storecast_dispatch_v1_ListActiveCommercialSongsRequest, ListActiveCommercialSongsRequest__Output as _storecast_dispatch_v1_ListActiveCommercialSongsRequest__Output } from '../../../storecast/dispatch/v1/ListActiveCommercialSongsRequest';
import type { ListActiveCommercialSongsResponse as _storecast_dispatch_v1_ListActiveCommercialSongsResponse, ListActiveCommercialSongsResponse__Output as _storecast_dispatch_v1_ListActiveCommercialSongsResponse__Output } from '../../../storecast/dispatch/v1/ListActiveCommercialSongsResponse';

export interface CommercialServiceClient extends grpc.Client {
  ListActiveCommercialSongs(argument: _storecast_dispatch_v1_ListActiveCommercialSongsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_dispatch_v1_ListActiveCommercialSongsResponse__Output>): grpc.ClientUnaryCall;
  ListActiveCommercialSongs(argument: _storecast_dispatch_v1_ListActiveCommercialSongsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_dispatch_v1_ListActiveCommercialSongsResponse__Output>): grpc.ClientUnaryCall;
  ListActiveCommercialSongs(argument: _storecast_dispatch_v1_ListActiveCommercialSongsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_dispatch_v1_ListActiveCommercialSongsResponse__Output>): grpc.ClientUnaryCall;
  ListActiveCommercialSongs(argument: _storecast_dispatch_v1_ListActiveCommercialSongsRequest, callback: grpc.requestCallback<_storecast_dispatch_v1_ListActiveCommercialSongsResponse__Output>): grpc.ClientUnaryCall;
  listActiveCommercialSongs(argument: _storecast_dispatch_v1_ListActiveCommercialSongsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_dispatch_v1_ListActiveCommercialSongsResponse__Output>): grpc.ClientUnaryCall;
  listActiveCommercialSongs(argument: _storecast_dispatch_v1_ListActiveCommercialSongsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_dispatch_v1_ListActiveCommercialSongsResponse__Output>): grpc.ClientUnaryCall;
  listActiveCommercialSongs(argument: _storecast_dispatch_v1_ListActiveCommercialSongsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_dispatch_v1_ListActiveCommercialSongsResponse__Output>): grpc.ClientUnaryCall;
  listActiveCommercialSongs(argument: _storecast_dispatch_v1_ListActiveCommercialSongsRequest, callback: grpc.requestCallback<_storecast_dispatch_v1_ListActiveCommercialSongsResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface CommercialServiceHandlers extends grpc.UntypedServiceImplementation {
  ListActiveCommercialSongs: grpc.handleUnaryCall<_storecast_dispatch_v1_ListActiveCommercialSongsRequest__Output, _storecast_dispatch_v1_ListActiveCommercialSongsResponse>;
  
}

export interface CommercialServiceDefinition extends grpc.ServiceDefinition {
  ListActiveCommercialSongs: MethodDefinition<_storecast_dispatch_v1_ListActiveCommercialSongsRequest, _storecast_dispatch_v1_ListActiveCommercialSongsResponse, _storecast_dispatch_v1_ListActiveCommercialSongsRequest__Output, _storecast_dispatch_v1_ListActiveCommercialSongsResponse__Output>
}
