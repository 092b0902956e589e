// Original file: storecast/identity/v1/identity.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Account as _storecast_identity_v1_Account, Account__Output as _storecast_identity_v1_Account__Output } from '../../../storecast/identity/v1/Account';
import type { GetAccountRequest as _storecast_identity_v1_GetAccountRequest, GetAccountRequest__Output as _storecast_identity_v1_GetAccountRequest__Output } from '../../../storecast/identity/v1/GetAccountRequest';
import type { GetPublicKeysRequest as _storecast_identity_v1_GetPublicKeysRequest, GetPublicKeysRequest__Output as _storecast_identity_v1_GetPublicKeysRequest__Output } from '../../../storecast/identity/v1/GetPublicKeysRequest';
import type { GetPublicKeysResponse as _storecast_identity_v1_GetPublicKeysResponse, GetPublicKeysResponse__Output as _storecast_identity_v1_GetPublicKeysResponse__Output } from '../../../storecast/identity/v1/GetPublicKeysResponse';

export interface IdentityServiceClient extends grpc.Client {
  GetAccount(argument: _storecast_identity_v1_GetAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_Account__Output>): grpc.ClientUnaryCall;
  GetAccount(argument: _storecast_identity_v1_GetAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_identity_v1_Account__Output>): grpc.ClientUnaryCall;
  GetAccount(argument: _storecast_identity_v1_GetAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_Account__Output>): grpc.ClientUnaryCall;
  GetAccount(argument: _storecast_identity_v1_GetAccountRequest, callback: grpc.requestCallback<_storecast_identity_v1_Account__Output>): grpc.ClientUnaryCall;
  getAccount(argument: _storecast_identity_v1_GetAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_Account__Output>): grpc.ClientUnaryCall;
  getAccount(argument: _storecast_identity_v1_GetAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_identity_v1_Account__Output>): grpc.ClientUnaryCall;
  getAccount(argument: _storecast_identity_v1_GetAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_Account__Output>): grpc.ClientUnaryCall;
  getAccount(argument: _storecast_identity_v1_GetAccountRequest, callback: grpc.requestCallback<_storecast_identity_v1_Account__Output>): grpc.ClientUnaryCall;
  
  GetPublicKeys(argument: _storecast_identity_v1_GetPublicKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_GetPublicKeysResponse__Output>): grpc.ClientUnaryCall;
  GetPublicKeys(argument: _storecast_identity_v1_GetPublicKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_identity_v1_GetPublicKeysResponse__Output>): grpc.ClientUnaryCall;
  GetPublicKeys(argument: _storecast_identity_v1_GetPublicKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_GetPublicKeysResponse__Output>): grpc.ClientUnaryCall;
  GetPublicKeys(argument: _storecast_identity_v1_GetPublicKeysRequest, callback: grpc.requestCallback<_storecast_identity_v1_GetPublicKeysResponse__Output>): grpc.ClientUnaryCall;
  getPublicKeys(argument: _storecast_identity_v1_GetPublicKeysRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_GetPublicKeysResponse__Output>): grpc.ClientUnaryCall;
  getPublicKeys(argument: _storecast_identity_v1_GetPublicKeysRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_identity_v1_GetPublicKeysResponse__Output>): grpc.ClientUnaryCall;
  getPublicKeys(argument: _storecast_identity_v1_GetPublicKeysRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_GetPublicKeysResponse__Output>): grpc.ClientUnaryCall;
  getPublicKeys(argument: _storecast_identity_v1_GetPublicKeysRequest, callback: grpc.requestCallback<_storecast_identity_v1_GetPublicKeysResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface IdentityServiceHandlers extends grpc.UntypedServiceImplementation {
  GetAccount: grpc.handleUnaryCall<_storecast_identity_v1_GetAccountRequest__Output, _storecast_identity_v1_Account>;
  
  GetPublicKeys: grpc.handleUnaryCall<_storecast_identity_v1_GetPublicKeysRequest__Output, _storecast_identity_v1_GetPublicKeysResponse>;
  
}

export interface IdentityServiceDefinition extends grpc.ServiceDefinition {
  GetAccount: MethodDefinition<_storecast_identity_v1_GetAccountRequest, _storecast_identity_v1_Account, _storecast_identity_v1_GetAccountRequest__Output, _storecast_identity_v1_Account__Output>
  GetPublicKeys: MethodDefinition<_storecast_identity_v1_GetPublicKeysRequest, _storecast_identity_v1_GetPublicKeysResponse, _storecast_identity_v1_GetPublicKeysRequest__Output, _storecast_identity_v1_GetPublicKeysResponse__Output>
}
