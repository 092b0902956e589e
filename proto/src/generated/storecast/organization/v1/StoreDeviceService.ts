// Original file: storecast/organization/v1/organization.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ListStoreDevicesRequest as _storecast_organization_v1_ListStoreDevicesRequest, ListStoreDevicesRequest__Output as _storecast_organization_v1_ListStoreDevicesRequest__Output } from '../../../storecast/organization/v1/ListStoreDevicesRequest';
import type { ListStoreDevicesResponse as _storecast_organization_v1_ListStoreDevicesResponse, ListStoreDevicesResponse__Output as _storecast_organization_v1_ListStoreDevicesResponse__Output } from '../../../storecast/organization/v1/ListStoreDevicesResponse';

export interface StoreDeviceServiceClient extends grpc.Client {
  ListStoreDevices(argument: _storecast_organization_v1_ListStoreDevicesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_ListStoreDevicesResponse__Output>): grpc.ClientUnaryCall;
  ListStoreDevices(argument: _storecast_organization_v1_ListStoreDevicesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_organization_v1_ListStoreDevicesResponse__Output>): grpc.ClientUnaryCall;
  ListStoreDevices(argument: _storecast_organization_v1_ListStoreDevicesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_ListStoreDevicesResponse__Output>): grpc.ClientUnaryCall;
  ListStoreDevices(argument: _storecast_organization_v1_ListStoreDevicesRequest, callback: grpc.requestCallback<_storecast_organization_v1_ListStoreDevicesResponse__Output>): grpc.ClientUnaryCall;
  listStoreDevices(argument: _storecast_organization_v1_ListStoreDevicesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_ListStoreDevicesResponse__Output>): grpc.ClientUnaryCall;
  listStoreDevices(argument: _storecast_organization_v1_ListStoreDevicesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_organization_v1_ListStoreDevicesResponse__Output>): grpc.ClientUnaryCall;
  listStoreDevices(argument: _storecast_organization_v1_ListStoreDevicesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_ListStoreDevicesResponse__Output>): grpc.ClientUnaryCall;
  listStoreDevices(argument: _storecast_organization_v1_ListStoreDevicesRequest, callback: grpc.requestCallback<_storecast_organization_v1_ListStoreDevicesResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface StoreDeviceServiceHandlers extends grpc.UntypedServiceImplementation {
  ListStoreDevices: grpc.handleUnaryCall<_storecast_organization_v1_ListStoreDevicesRequest__Output, _storecast_organization_v1_ListStoreDevicesResponse>;
  
}

export interface StoreDeviceServiceDefinition extends grpc.ServiceDefinition {
  ListStoreDevices: MethodDefinition<_storecast_organization_v1_ListStoreDevicesRequest, _storecast_organization_v1_ListStoreDevicesResponse, _storecast_organization_v1_ListStoreDevicesRequest__Output, _storecast_organization_v1_ListStoreDevicesResponse__Output>
}
