// Original file: storecast/legal/v1/legal.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { GetActiveVersionsRequest as _storecast_legal_v1_GetActiveVersionsRequest, GetActiveVersionsRequest__Output as _storecast_legal_v1_GetActiveVersionsRequest__Output } from '../../../storecast/legal/v1/GetActiveVersionsRequest';
import type { GetActiveVersionsResponse as _storecast_legal_v1_GetActiveVersionsResponse, GetActiveVersionsResponse__Output as _storecast_legal_v1_GetActiveVersionsResponse__Output } from '../../../storecast/legal/v1/GetActiveVersionsResponse';
import type { GetAgreementStatusRequest as _storecast_legal_v1_GetAgreementStatusRequest, GetAgreementStatusRequest__Output as _storecast_legal_v1_GetAgreementStatusRequest__Output } from '../../../storecast/legal/v1/GetAgreementStatusRequest';
import type { GetAgreementStatusResponse as _storecast_legal_v1_GetAgreementStatusResponse, GetAgreementStatusResponse__Output as _storecast_legal_v1_GetAgreementStatusResponse__Output } from '../../../storecast/legal/v1/GetAgreementStatusResponse';
import type { RecordConsentRequest as _storecast_legal_v1_RecordConsentRequest, RecordConsentRequest__Output as _storecast_legal_v1_RecordConsentRequest__Output } from '../../../storecast/legal/v1/RecordConsentRequest';
import type { RecordConsentResponse as _storecast_legal_v1_RecordConsentResponse, RecordConsentResponse__Output as _storecast_legal_v1_RecordConsentResponse__Output } from '../../../storecast/legal/v1/RecordConsentResponse';

export interface LegalServiceClient extends grpc.Client {
  GetActiveVersions(argument: _storecast_legal_v1_GetActiveVersionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_legal_v1_GetActiveVersionsResponse__Output>): grpc.ClientUnaryCall;
  GetActiveVersions(argument: _storecast_legal_v1_GetActiveVersionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_legal_v1_GetActiveVersionsResponse__Output>): grpc.ClientUnaryCall;
  GetActiveVersions(argument: _storecast_legal_v1_GetActiveVersionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_legal_v1_GetActiveVersionsResponse__Output>): grpc.ClientUnaryCall;
  GetActiveVersions(argument: _storecast_legal_v1_GetActiveVersionsRequest, callback: grpc.requestCallback<_storecast_legal_v1_GetActiveVersionsResponse__Output>): grpc.ClientUnaryCall;
  getActiveVersions(argument: _storecast_legal_v1_GetActiveVersionsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_legal_v1_GetActiveVersionsResponse__Output>): grpc.ClientUnaryCall;
  getActiveVersions(argument: _storecast_legal_v1_GetActiveVersionsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_legal_v1_GetActiveVersionsResponse__Output>): grpc.ClientUnaryCall;
  getActiveVersions(argument: _storecast_legal_v1_GetActiveVersionsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_legal_v1_GetActiveVersionsResponse__Output>): grpc.ClientUnaryCall;
  getActiveVersions(argument: _storecast_legal_v1_GetActiveVersionsRequest, callback: grpc.requestCallback<_storecast_legal_v1_GetActiveVersionsResponse__Output>): grpc.ClientUnaryCall;
  
  GetAgreementStatus(argument: _storecast_legal_v1_GetAgreementStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_legal_v1_GetAgreementStatusResponse__Output>): grpc.ClientUnaryCall;
  GetAgreementStatus(argument: _storecast_legal_v1_GetAgreementStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_legal_v1_GetAgreementStatusResponse__Output>): grpc.ClientUnaryCall;
  GetAgreementStatus(argument: _storecast_legal_v1_GetAgreementStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_legal_v1_GetAgreementStatusResponse__Output>): grpc.ClientUnaryCall;
  GetAgreementStatus(argument: _storecast_legal_v1_GetAgreementStatusRequest, callback: grpc.requestCallback<_storecast_legal_v1_GetAgreementStatusResponse__Output>): grpc.ClientUnaryCall;
  getAgreementStatus(argument: _storecast_legal_v1_GetAgreementStatusRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_legal_v1_GetAgreementStatusResponse__Output>): grpc.ClientUnaryCall;
  getAgreementStatus(argument: _storecast_legal_v1_GetAgreementStatusRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_legal_v1_GetAgreementStatusResponse__Output>): grpc.ClientUnaryCall;
  getAgreementStatus(argument: _storecast_legal_v1_GetAgreementStatusRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_legal_v1_GetAgreementStatusResponse__Output>): grpc.ClientUnaryCall;
  getAgreementStatus(argument: _storecast_legal_v1_GetAgreementStatusRequest, callback: grpc.requestCallback<_storecast_legal_v1_GetAgreementStatusResponse__Output>): grpc.ClientUnaryCall;
  
  RecordConsent(argument: _storecast_legal_v1_RecordConsentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_legal_v1_RecordConsentResponse__Output>): grpc.ClientUnaryCall;
  RecordConsent(argument: _storecast_legal_v1_RecordConsentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_legal_v1_RecordConsentResponse__Output>): grpc.ClientUnaryCall;
  RecordConsent(argument: _storecast_legal_v1_RecordConsentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_legal_v1_RecordConsentResponse__Output>): grpc.ClientUnaryCall;
  RecordConsent(argument: _storecast_legal_v1_RecordConsentRequest, callback: grpc.requestCallback<_storecast_legal_v1_RecordConsentResponse__Output>): grpc.ClientUnaryCall;
  recordConsent(argument: _storecast_legal_v1_RecordConsentRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_legal_v1_RecordConsentResponse__Output>): grpc.ClientUnaryCall;
  recordConsent(argument: _storecast_legal_v1_RecordConsentRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_legal_v1_RecordConsentResponse__Output>): grpc.ClientUnaryCall;
  recordConsent(argument: _storecast_legal_v1_RecordConsentRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_legal_v1_RecordConsentResponse__Output>): grpc.ClientUnaryCall;
  recordConsent(argument: _storecast_legal_v1_RecordConsentRequest, callback: grpc.requestCallback<_storecast_legal_v1_RecordConsentResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface LegalServiceHandlers extends grpc.UntypedServiceImplementation {
  GetActiveVersions: grpc.handleUnaryCall<_storecast_legal_v1_GetActiveVersionsRequest__Output, _storecast_legal_v1_GetActiveVersionsResponse>;
  
  GetAgreementStatus: grpc.handleUnaryCall<_storecast_legal_v1_GetAgreementStatusRequest__Output, _storecast_legal_v1_GetAgreementStatusResponse>;
  
  RecordConsent: grpc.handleUnaryCall<_storecast_legal_v1_RecordConsentRequest__Output, _storecast_legal_v1_RecordConsentResponse>;
  
}

export interface LegalServiceDefinition extends grpc.ServiceDefinition {
  GetActiveVersions: MethodDefinition<_storecast_legal_v1_GetActiveVersionsRequest, _storecast_legal_v1_GetActiveVersionsResponse, _storecast_legal_v1_GetActiveVersionsRequest__Output, _storecast_legal_v1_GetActiveVersionsResponse__Output>
  GetAgreementStatus: MethodDefinition<_storecast_legal_v1_GetAgreementStatusRequest, _storecast_legal_v1_GetAgreementStatusResponse, _storecast_legal_v1_GetAgreementStatusRequest__Output, _storecast_legal_v1_GetAgreementStatusResponse__Output>
  RecordConsent: MethodDefinition<_storecast_legal_v1_RecordConsentRequest, _storecast_legal_v1_RecordConsentResponse, _storecast_legal_v1_RecordConsentRequest__Output, _storecast_legal_v1_RecordConsentResponse__Output>
}
