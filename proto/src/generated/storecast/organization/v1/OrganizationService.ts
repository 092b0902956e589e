// Original file: storecast/organization/v1/organization.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { EffectiveStoreSettings as _storecast_organization_v1_EffectiveStoreSettings, EffectiveStoreSettings__Output as _storecast_organization_v1_EffectiveStoreSettings__Output } from '../../../storecast/organization/v1/EffectiveStoreSettings';
import type { GetDeviceRequest as _storecast_organization_v1_GetDeviceRequest, GetDeviceRequest__Output as _storecast_organization_v1_GetDeviceRequest__Output } from '../../../storecast/organization/v1/GetDeviceRequest';
import type { GetDeviceResponse as _storecast_organization_v1_GetDeviceResponse, GetDeviceResponse__Output as _storecast_organization_v1_GetDeviceResponse__Output } from '../../../storecast/organization/v1/GetDeviceResponse';
import type { GetEffectiveStoreSettingsRequest as _storecast_organization_v1_GetEffectiveStoreSettingsRequest, GetEffectiveStoreSettingsRequest__Output as _storecast_organization_v1_GetEffectiveStoreSettingsRequest__Output } from '../../../storecast/organization/v1/GetEffectiveStoreSettingsRequest';
import type { GetHqRequest as _storecast_organization_v1_GetHqRequest, GetHqRequest__Output as _storecast_organization_v1_GetHqRequest__Output } from '../../../storecast/organization/v1/GetHqRequest';
import type { GetSignInStatusRequest as _storecast_organization_v1_GetSignInStatusRequest, GetSignInStatusRequest__Output as _storecast_organization_v1_GetSignInStatusRequest__Output } from '../../../storecast/organization/v1/GetSignInStatusRequest';
import type { GetSignInStatusResponse as _storecast_organization_v1_GetSignInStatusResponse, GetSignInStatusResponse__Output as _storecast_organization_v1_GetSignInStatusResponse__Output } from '../../../storecast/organization/v1/GetSignInStatusResponse';
import type { GetStoreRequest as _storecast_organization_v1_GetStoreRequest, GetStoreRequest__Output as _storecast_organization_v1_GetStoreRequest__Output } from '../../../storecast/organization/v1/GetStoreRequest';
import type { Hq as _storecast_organization_v1_Hq, Hq__Output as _storecast_organization_v1_Hq__Output } from '../../../storecast/organization/v1/Hq';
import type { ListStoresOfHqRequest as _storecast_organization_v1_ListStoresOfHqRequest, ListStoresOfHqRequest__Output as _storecast_organization_v1_ListStoresOfHqRequest__Output } from '../../../storecast/organization/v1/ListStoresOfHqRequest';
import type { ListStoresOfHqResponse as _storecast_organization_v1_ListStoresOfHqResponse, ListStoresOfHqResponse__Output as _storecast_organization_v1_ListStoresOfHqResponse__Output } from '../../../storecast/organization/v1/ListStoresOfHqResponse';
import type { Store as _storecast_organization_v1_Store, Store__Output as _storecast_organization_v1_Store__Output } from '../../../storecast/organization/v1/Store';

export interface OrganizationServiceClient extends grpc.Client {
  GetDevice(argument: _storecast_organization_v1_GetDeviceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_GetDeviceResponse__Output>): grpc.ClientUnaryCall;
  GetDevice(argument: _storecast_organization_v1_GetDeviceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_organization_v1_GetDeviceResponse__Output>): grpc.ClientUnaryCall;
  GetDevice(argument: _storecast_organization_v1_GetDeviceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_GetDeviceResponse__Output>): grpc.ClientUnaryCall;
  GetDevice(argument: _storecast_organization_v1_GetDeviceRequest, callback: grpc.requestCallback<_storecast_organization_v1_GetDeviceResponse__Output>): grpc.ClientUnaryCall;
  getDevice(argument: _storecast_organization_v1_GetDeviceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_GetDeviceResponse__Output>): grpc.ClientUnaryCall;
  getDevice(argument: _storecast_organization_v1_GetDeviceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_organization_v1_GetDeviceResponse__Output>): grpc.ClientUnaryCall;
  getDevice(argument: _storecast_organization_v1_GetDeviceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_GetDeviceResponse__Output>): grpc.ClientUnaryCall;
  getDevice(argument: _storecast_organization_v1_GetDeviceRequest, callback: grpc.requestCallback<_storecast_organization_v1_GetDeviceResponse__Output>): grpc.ClientUnaryCall;
  
  GetEffectiveStoreSettings(argument: _storecast_organization_v1_GetEffectiveStoreSettingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_EffectiveStoreSettings__Output>): grpc.ClientUnaryCall;
  GetEffectiveStoreSettings(argument: _storecast_organization_v1_GetEffectiveStoreSettingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_organization_v1_EffectiveStoreSettings__Output>): grpc.ClientUnaryCall;
  GetEffectiveStoreSettings(argument: _storecast_organization_v1_GetEffectiveStoreSettingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_EffectiveStoreSettings__Output>): grpc.ClientUnaryCall;
  GetEffectiveStoreSettings(argument: _storecast_organization_v1_GetEffectiveStoreSettingsRequest, callback: grpc.requestCallback<_storecast_organization_v1_EffectiveStoreSettings__Output>): grpc.ClientUnaryCall;
  getEffectiveStoreSettings(argument: _storecast_organization_v1_GetEffectiveStoreSettingsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_EffectiveStoreSettings__Output>): grpc.ClientUnaryCall;
  getEffectiveStoreSettings(argument: _storecast_organization_v1_GetEffectiveStoreSettingsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_organization_v1_EffectiveStoreSettings__Output>): grpc.ClientUnaryCall;
  getEffectiveStoreSettings(argument: _storecast_organization_v1_GetEffectiveStoreSettingsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_EffectiveStoreSettings__Output>): grpc.ClientUnaryCall;
  getEffectiveStoreSettings(argument: _storecast_organization_v1_GetEffectiveStoreSettingsRequest, callback: grpc.requestCallback<_storecast_organization_v1_EffectiveStoreSettings__Output>): grpc.ClientUnaryCall;
  
  GetHq(argument: _storecast_organization_v1_GetHqRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_Hq__Output>): grpc.ClientUnaryCall;
  GetHq(argument: _storecast_organization_v1_GetHqRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_organization_v1_Hq__Output>): grpc.ClientUnaryCall;
  GetHq(argument: _storecast_organization_v1_GetHqRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_Hq__Output>): grpc.ClientUnaryCall;
  GetHq(argument: _storecast_organization_v1_GetHqRequest, callback: grpc.requestCallback<_storecast_organization_v1_Hq__Output>): grpc.ClientUnaryCall;
  getHq(argument: _storecast_organization_v1_GetHqRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_Hq__Output>): grpc.ClientUnaryCall;
  getHq(argument: _storecast_organization_v1_GetHqRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_organization_v1_Hq__Output>): grpc.ClientUnaryCall;
  getHq(argument: _storecast_organization_v1_GetHqRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_Hq__Output>): grpc.ClientUnaryCall;
  getHq(argument: _storecast_organization_v1_GetHqRequest, callback: grpc.requestCallback<_storecast_organization_v1_Hq__Output>): grpc.ClientUnaryCall;
  
  GetSignInStatus(argument: _storecast_organization_v1_GetSignInStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_GetSignInStatusResponse__Output>): grpc.ClientUnaryCall;
  GetSignInStatus(argument: _storecast_organization_v1_GetSignInStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_organization_v1_GetSignInStatusResponse__Output>): grpc.ClientUnaryCall;
  GetSignInStatus(argument: _storecast_organization_v1_GetSignInStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_GetSignInStatusResponse__Output>): grpc.ClientUnaryCall;
  GetSignInStatus(argument: _storecast_organization_v1_GetSignInStatusRequest, callback: grpc.requestCallback<_storecast_organization_v1_GetSignInStatusResponse__Output>): grpc.ClientUnaryCall;
  getSignInStatus(argument: _storecast_organization_v1_GetSignInStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_GetSignInStatusResponse__Output>): grpc.ClientUnaryCall;
  getSignInStatus(argument: _storecast_organization_v1_GetSignInStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_organization_v1_GetSignInStatusResponse__Output>): grpc.ClientUnaryCall;
  getSignInStatus(argument: _storecast_organization_v1_GetSignInStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_GetSignInStatusResponse__Output>): grpc.ClientUnaryCall;
  getSignInStatus(argument: _storecast_organization_v1_GetSignInStatusRequest, callback: grpc.requestCallback<_storecast_organization_v1_GetSignInStatusResponse__Output>): grpc.ClientUnaryCall;
  
  GetStore(argument: _storecast_organization_v1_GetStoreRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_Store__Output>): grpc.ClientUnaryCall;
  GetStore(argument: _storecast_organization_v1_GetStoreRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_organization_v1_Store__Output>): grpc.ClientUnaryCall;
  GetStore(argument: _storecast_organization_v1_GetStoreRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_Store__Output>): grpc.ClientUnaryCall;
  GetStore(argument: _storecast_organization_v1_GetStoreRequest, callback: grpc.requestCallback<_storecast_organization_v1_Store__Output>): grpc.ClientUnaryCall;
  getStore(argument: _storecast_organization_v1_GetStoreRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_Store__Output>): grpc.ClientUnaryCall;
  getStore(argument: _storecast_organization_v1_GetStoreRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_organization_v1_Store__Output>): grpc.ClientUnaryCall;
  getStore(argument: _storecast_organization_v1_GetStoreRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_Store__Output>): grpc.ClientUnaryCall;
  getStore(argument: _storecast_organization_v1_GetStoreRequest, callback: grpc.requestCallback<_storecast_organization_v1_Store__Output>): grpc.ClientUnaryCall;
  
  ListStoresOfHq(argument: _storecast_organization_v1_ListStoresOfHqRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_ListStoresOfHqResponse__Output>): grpc.ClientUnaryCall;
  ListStoresOfHq(argument: _storecast_organization_v1_ListStoresOfHqRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_organization_v1_ListStoresOfHqResponse__Output>): grpc.ClientUnaryCall;
  ListStoresOfHq(argument: _storecast_organization_v1_ListStoresOfHqRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_ListStoresOfHqResponse__Output>): grpc.ClientUnaryCall;
  ListStoresOfHq(argument: _storecast_organization_v1_ListStoresOfHqRequest, callback: grpc.requestCallback<_storecast_organization_v1_ListStoresOfHqResponse__Output>): grpc.ClientUnaryCall;
  listStoresOfHq(argument: _storecast_organization_v1_ListStoresOfHqRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_ListStoresOfHqResponse__Output>): grpc.ClientUnaryCall;
  listStoresOfHq(argument: _storecast_organization_v1_ListStoresOfHqRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_organization_v1_ListStoresOfHqResponse__Output>): grpc.ClientUnaryCall;
  listStoresOfHq(argument: _storecast_organization_v1_ListStoresOfHqRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_organization_v1_ListStoresOfHqResponse__Output>): grpc.ClientUnaryCall;
  listStoresOfHq(argument: _storecast_organization_v1_ListStoresOfHqRequest, callback: grpc.requestCallback<_storecast_organization_v1_ListStoresOfHqResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface OrganizationServiceHandlers extends grpc.UntypedServiceImplementation {
  GetDevice: grpc.handleUnaryCall<_storecast_organization_v1_GetDeviceRequest__Output, _storecast_organization_v1_GetDeviceResponse>;
  
  GetEffectiveStoreSettings: grpc.handleUnaryCall<_storecast_organization_v1_GetEffectiveStoreSettingsRequest__Output, _storecast_organization_v1_EffectiveStoreSettings>;
  
  GetHq: grpc.handleUnaryCall<_storecast_organization_v1_GetHqRequest__Output, _storecast_organization_v1_Hq>;
  
  GetSignInStatus: grpc.handleUnaryCall<_storecast_organization_v1_GetSignInStatusRequest__Output, _storecast_organization_v1_GetSignInStatusResponse>;
  
  GetStore: grpc.handleUnaryCall<_storecast_organization_v1_GetStoreRequest__Output, _storecast_organization_v1_Store>;
  
  ListStoresOfHq: grpc.handleUnaryCall<_storecast_organization_v1_ListStoresOfHqRequest__Output, _storecast_organization_v1_ListStoresOfHqResponse>;
  
}

export interface OrganizationServiceDefinition extends grpc.ServiceDefinition {
  GetDevice: MethodDefinition<_storecast_organization_v1_GetDeviceRequest, _storecast_organization_v1_GetDeviceResponse, _storecast_organization_v1_GetDeviceRequest__Output, _storecast_organization_v1_GetDeviceResponse__Output>
  GetEffectiveStoreSettings: MethodDefinition<_storecast_organization_v1_GetEffectiveStoreSettingsRequest, _storecast_organization_v1_EffectiveStoreSettings, _storecast_organization_v1_GetEffectiveStoreSettingsRequest__Output, _storecast_organization_v1_EffectiveStoreSettings__Output>
  GetHq: MethodDefinition<_storecast_organization_v1_GetHqRequest, _storecast_organization_v1_Hq, _storecast_organization_v1_GetHqRequest__Output, _storecast_organization_v1_Hq__Output>
  GetSignInStatus: MethodDefinition<_storecast_organization_v1_GetSignInStatusRequest, _storecast_organization_v1_GetSignInStatusResponse, _storecast_organization_v1_GetSignInStatusRequest__Output, _storecast_organization_v1_GetSignInStatusResponse__Output>
  GetStore: MethodDefinition<_storecast_organization_v1_GetStoreRequest, _storecast_organization_v1_Store, _storecast_organization_v1_GetStoreRequest__Output, _storecast_organization_v1_Store__Output>
  ListStoresOfHq: MethodDefinition<_storecast_organization_v1_ListStoresOfHqRequest, _storecast_organization_v1_ListStoresOfHqResponse, _storecast_organization_v1_ListStoresOfHqRequest__Output, _storecast_organization_v1_ListStoresOfHqResponse__Output>
}
