// Original file: storecast/identity/v1/identity.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { RecordApiUsageRequest as _storecast_identity_v1_RecordApiUsageRequest, RecordApiUsageRequest__Output as _storecast_identity_v1_RecordApiUsageRequest__Output } from '../../../storecast/identity/v1/RecordApiUsageRequest';
import type { RecordApiUsageResponse as _storecast_identity_v1_RecordApiUsageResponse, RecordApiUsageResponse__Output as _storecast_identity_v1_RecordApiUsageResponse__Output } from '../../../storecast/identity/v1/RecordApiUsageResponse';
import type { VerifyApiKeyRequest as _storecast_identity_v1_VerifyApiKeyRequest, VerifyApiKeyRequest__Output as _storecast_identity_v1_VerifyApiKeyRequest__Output } from '../../../storecast/identity/v1/VerifyApiKeyRequest';
import type { VerifyApiKeyResponse as _storecast_identity_v1_VerifyApiKeyResponse, VerifyApiKeyResponse__Output as _storecast_identity_v1_VerifyApiKeyResponse__Output } from '../../../storecast/identity/v1/VerifyApiKeyResponse';

export interface ApiKeyServiceClient extends grpc.Client {
  RecordApiUsage(argument: _storecast_identity_v1_RecordApiUsageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_RecordApiUsageResponse__Output>): grpc.ClientUnaryCall;
  RecordApiUsage(argument: _storecast_identity_v1_RecordApiUsageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_identity_v1_RecordApiUsageResponse__Output>): grpc.ClientUnaryCall;
  RecordApiUsage(argument: _storecast_identity_v1_RecordApiUsageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_RecordApiUsageResponse__Output>): grpc.ClientUnaryCall;
  RecordApiUsage(argument: _storecast_identity_v1_RecordApiUsageRequest, callback: grpc.requestCallback<_storecast_identity_v1_RecordApiUsageResponse__Output>): grpc.ClientUnaryCall;
  recordApiUsage(argument: _storecast_identity_v1_RecordApiUsageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_RecordApiUsageResponse__Output>): grpc.ClientUnaryCall;
  recordApiUsage(argument: _storecast_identity_v1_RecordApiUsageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_identity_v1_RecordApiUsageResponse__Output>): grpc.ClientUnaryCall;
  recordApiUsage(argument: _storecast_identity_v1_RecordApiUsageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_RecordApiUsageResponse__Output>): grpc.ClientUnaryCall;
  recordApiUsage(argument: _storecast_identity_v1_RecordApiUsageRequest, callback: grpc.requestCallback<_storecast_identity_v1_RecordApiUsageResponse__Output>): grpc.ClientUnaryCall;
  
  VerifyApiKey(argument: _storecast_identity_v1_VerifyApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_VerifyApiKeyResponse__Output>): grpc.ClientUnaryCall;
  VerifyApiKey(argument: _storecast_identity_v1_VerifyApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_identity_v1_VerifyApiKeyResponse__Output>): grpc.ClientUnaryCall;
  VerifyApiKey(argument: _storecast_identity_v1_VerifyApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_VerifyApiKeyResponse__Output>): grpc.ClientUnaryCall;
  VerifyApiKey(argument: _storecast_identity_v1_VerifyApiKeyRequest, callback: grpc.requestCallback<_storecast_identity_v1_VerifyApiKeyResponse__Output>): grpc.ClientUnaryCall;
  verifyApiKey(argument: _storecast_identity_v1_VerifyApiKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_VerifyApiKeyResponse__Output>): grpc.ClientUnaryCall;
  verifyApiKey(argument: _storecast_identity_v1_VerifyApiKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_identity_v1_VerifyApiKeyResponse__Output>): grpc.ClientUnaryCall;
  verifyApiKey(argument: _storecast_identity_v1_VerifyApiKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_VerifyApiKeyResponse__Output>): grpc.ClientUnaryCall;
  verifyApiKey(argument: _storecast_identity_v1_VerifyApiKeyRequest, callback: grpc.requestCallback<_storecast_identity_v1_VerifyApiKeyResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface ApiKeyServiceHandlers extends grpc.UntypedServiceImplementation {
  RecordApiUsage: grpc.handleUnaryCall<_storecast_identity_v1_RecordApiUsageRequest__Output, _storecast_identity_v1_RecordApiUsageResponse>;
  
  VerifyApiKey: grpc.handleUnaryCall<_storecast_identity_v1_VerifyApiKeyRequest__Output, _storecast_identity_v1_VerifyApiKeyResponse>;
  
}

export interface ApiKeyServiceDefinition extends grpc.ServiceDefinition {
  RecordApiUsage: MethodDefinition<_storecast_identity_v1_RecordApiUsageRequest, _storecast_identity_v1_RecordApiUsageResponse, _storecast_identity_v1_RecordApiUsageRequest__Output, _storecast_identity_v1_RecordApiUsageResponse__Output>
  VerifyApiKey: MethodDefinition<_storecast_identity_v1_VerifyApiKeyRequest, _storecast_identity_v1_VerifyApiKeyResponse, _storecast_identity_v1_VerifyApiKeyRequest__Output, _storecast_identity_v1_VerifyApiKeyResponse__Output>
}
