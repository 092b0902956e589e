// Original file: storecast/organization/v1/organization.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ListDevicesOfStoresRequest as _storecast_organization_v1_ListDevicesOfStoresRequest, ListDevicesOfStoresRequest__Output as _storecast_organization_v1_ListDevicesOfStoresRequest__Output } from '../../../storecast/organization/v1/ListDevicesOfStoresRequest';
import type { ListDevicesOfStoresResponse as _storecast_organization_v1_ListDevicesOfStoresResponse, ListDevicesOfStoresResponse__Output as _storecast_organization_v1_ListDevicesOfStoresResponse__Output } from '../../../storecast/organization/v1/ListDevicesOfStoresResponse';

export interface StoreDeviceBatchServiceClient extends grpc.Client {
  ListDevicesOfStores(argument: _storecast_organization_v1_ListDevicesOfStoresRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_ListDevicesOfStoresResponse__Output>): grpc.ClientUnaryCall;
  ListDevicesOfStores(argument: _storecast_organization_v1_ListDevicesOfStoresRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_organization_v1_ListDevicesOfStoresResponse__Output>): grpc.ClientUnaryCall;
  ListDevicesOfStores(argument: _storecast_organization_v1_ListDevicesOfStoresRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_ListDevicesOfStoresResponse__Output>): grpc.ClientUnaryCall;
  ListDevicesOfStores(argument: _storecast_organization_v1_ListDevicesOfStoresRequest, callback: grpc.requestCallback<_storecast_organization_v1_ListDevicesOfStoresResponse__Output>): grpc.ClientUnaryCall;
  listDevicesOfStores(argument: _storecast_organization_v1_ListDevicesOfStoresRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_ListDevicesOfStoresResponse__Output>): grpc.ClientUnaryCall;
  listDevicesOfStores(argument: _storecast_organization_v1_ListDevicesOfStoresRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_organization_v1_ListDevicesOfStoresResponse__Output>): grpc.ClientUnaryCall;
  listDevicesOfStores(argument: _storecast_organization_v1_ListDevicesOfStoresRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_ListDevicesOfStoresResponse__Output>): grpc.ClientUnaryCall;
  listDevicesOfStores(argument: _storecast_organization_v1_ListDevicesOfStoresRequest, callback: grpc.requestCallback<_storecast_organization_v1_ListDevicesOfStoresResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface StoreDeviceBatchServiceHandlers extends grpc.UntypedServiceImplementation {
  ListDevicesOfStores: grpc.handleUnaryCall<_storecast_organization_v1_ListDevicesOfStoresRequest__Output, _storecast_organization_v1_ListDevicesOfStoresResponse>;
  
}

export interface StoreDeviceBatchServiceDefinition extends grpc.ServiceDefinition {
  ListDevicesOfStores: MethodDefinition<_storecast_organization_v1_ListDevicesOfStoresRequest, _storecast_organization_v1_ListDevicesOfStoresResponse, _storecast_organization_v1_ListDevicesOfStoresRequest__Output, _storecast_organization_v1_ListDevicesOfStoresResponse__Output>
}
