// Original file: storecast/identity/v1/identity.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateManagerAccountRequest as _storecast_identity_v1_CreateManagerAccountRequest, CreateManagerAccountRequest__Output as _storecast_identity_v1_CreateManagerAccountRequest__Output } from '../../../storecast/identity/v1/CreateManagerAccountRequest';
import type { CreateManagerAccountResponse as _storecast_identity_v1_CreateManagerAccountResponse, CreateManagerAccountResponse__Output as _storecast_identity_v1_CreateManagerAccountResponse__Output } from '../../../storecast/identity/v1/CreateManagerAccountResponse';
import type { ListManagerAccountsRequest as _storecast_identity_v1_ListManagerAccountsRequest, ListManagerAccountsRequest__Output as _storecast_identity_v1_ListManagerAccountsRequest__Output } from '../../../storecast/identity/v1/ListManagerAccountsRequest';
import type { ListManagerAccountsResponse as _storecast_identity_v1_ListManagerAccountsResponse, ListManagerAccountsResponse__Output as _storecast_identity_v1_ListManagerAccountsResponse__Output } from '../../../storecast/identity/v1/ListManagerAccountsResponse';
import type { SendSetupEmailRequest as _storecast_identity_v1_SendSetupEmailRequest, SendSetupEmailRequest__Output as _storecast_identity_v1_SendSetupEmailRequest__Output } from '../../../storecast/identity/v1/SendSetupEmailRequest';
import type { SendSetupEmailResponse as _storecast_identity_v1_SendSetupEmailResponse, SendSetupEmailResponse__Output as _storecast_identity_v1_SendSetupEmailResponse__Output } from '../../../storecast/identity/v1/SendSetupEmailResponse';
import type { WithdrawAccountRequest as _storecast_identity_v1_WithdrawAccountRequest, WithdrawAccountRequest__Output as _storecast_identity_v1_WithdrawAccountRequest__Output } from '../../../storecast/identity/v1/WithdrawAccountRequest';
import type { WithdrawAccountResponse as _storecast_identity_v1_WithdrawAccountResponse, WithdrawAccountResponse__Output as _storecast_identity_v1_WithdrawAccountResponse__Output } from '../../../storecast/identity/v1/WithdrawAccountResponse';

export interface AccountServiceClient extends grpc.Client {
  CreateManagerAccount(argument: _storecast_identity_v1_CreateManagerAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_CreateManagerAccountResponse__Output>): grpc.ClientUnaryCall;
  CreateManagerAccount(argument: _storecast_identity_v1_CreateManagerAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_identity_v1_CreateManagerAccountResponse__Output>): grpc.ClientUnaryCall;
  CreateManagerAccount(argument: _storecast_identity_v1_CreateManagerAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_CreateManagerAccountResponse__Output>): grpc.ClientUnaryCall;
  CreateManagerAccount(argument: _storecast_identity_v1_CreateManagerAccountRequest, callback: grpc.requestCallback<_storecast_identity_v1_CreateManagerAccountResponse__Output>): grpc.ClientUnaryCall;
  createManagerAccount(argument: _storecast_identity_v1_CreateManagerAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_CreateManagerAccountResponse__Output>): grpc.ClientUnaryCall;
  createManagerAccount(argument: _storecast_identity_v1_CreateManagerAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_identity_v1_CreateManagerAccountResponse__Output>): grpc.ClientUnaryCall;
  createManagerAccount(argument: _storecast_identity_v1_CreateManagerAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_CreateManagerAccountResponse__Output>): grpc.ClientUnaryCall;
  createManagerAccount(argument: _storecast_identity_v1_CreateManagerAccountRequest, callback: grpc.requestCallback<_storecast_identity_v1_CreateManagerAccountResponse__Output>): grpc.ClientUnaryCall;
  
  ListManagerAccounts(argument: _storecast_identity_v1_ListManagerAccountsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_ListManagerAccountsResponse__Output>): grpc.ClientUnaryCall;
  ListManagerAccounts(argument: _storecast_identity_v1_ListManagerAccountsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_identity_v1_ListManagerAccountsResponse__Output>): grpc.ClientUnaryCall;
  ListManagerAccounts(argument: _storecast_identity_v1_ListManagerAccountsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_ListManagerAccountsResponse__Output>): grpc.ClientUnaryCall;
  ListManagerAccounts(argument: _storecast_identity_v1_ListManagerAccountsRequest, callback: grpc.requestCallback<_storecast_identity_v1_ListManagerAccountsResponse__Output>): grpc.ClientUnaryCall;
  listManagerAccounts(argument: _storecast_identity_v1_ListManagerAccountsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_ListManagerAccountsResponse__Output>): grpc.ClientUnaryCall;
  listManagerAccounts(argument: _storecast_identity_v1_ListManagerAccountsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_identity_v1_ListManagerAccountsResponse__Output>): grpc.ClientUnaryCall;
  listManagerAccounts(argument: _storecast_identity_v1_ListManagerAccountsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_ListManagerAccountsResponse__Output>): grpc.ClientUnaryCall;
  listManagerAccounts(argument: _storecast_identity_v1_ListManagerAccountsRequest, callback: grpc.requestCallback<_storecast_identity_v1_ListManagerAccountsResponse__Output>): grpc.ClientUnaryCall;
  
  SendSetupEmail(argument: _storecast_identity_v1_SendSetupEmailRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_SendSetupEmailResponse__Output>): grpc.ClientUnaryCall;
  SendSetupEmail(argument: _storecast_identity_v1_SendSetupEmailRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_identity_v1_SendSetupEmailResponse__Output>): grpc.ClientUnaryCall;
  SendSetupEmail(argument: _storecast_identity_v1_SendSetupEmailRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_SendSetupEmailResponse__Output>): grpc.ClientUnaryCall;
  SendSetupEmail(argument: _storecast_identity_v1_SendSetupEmailRequest, callback: grpc.requestCallback<_storecast_identity_v1_SendSetupEmailResponse__Output>): grpc.ClientUnaryCall;
  sendSetupEmail(argument: _storecast_identity_v1_SendSetupEmailRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_SendSetupEmailResponse__Output>): grpc.ClientUnaryCall;
  sendSetupEmail(argument: _storecast_identity_v1_SendSetupEmailRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_identity_v1_SendSetupEmailResponse__Output>): grpc.ClientUnaryCall;
  sendSetupEmail(argument: _storecast_identity_v1_SendSetupEmailRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_SendSetupEmailResponse__Output>): grpc.ClientUnaryCall;
  sendSetupEmail(argument: _storecast_identity_v1_SendSetupEmailRequest, callback: grpc.requestCallback<_storecast_identity_v1_SendSetupEmailResponse__Output>): grpc.ClientUnaryCall;
  
  WithdrawAccount(argument: _storecast_identity_v1_WithdrawAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_WithdrawAccountResponse__Output>): grpc.ClientUnaryCall;
  WithdrawAccount(argument: _storecast_identity_v1_WithdrawAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_identity_v1_WithdrawAccountResponse__Output>): grpc.ClientUnaryCall;
  WithdrawAccount(argument: _storecast_identity_v1_WithdrawAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_WithdrawAccountResponse__Output>): grpc.ClientUnaryCall;
  WithdrawAccount(argument: _storecast_identity_v1_WithdrawAccountRequest, callback: grpc.requestCallback<_storecast_identity_v1_WithdrawAccountResponse__Output>): grpc.ClientUnaryCall;
  withdrawAccount(argument: _storecast_identity_v1_WithdrawAccountRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_WithdrawAccountResponse__Output>): grpc.ClientUnaryCall;
  withdrawAccount(argument: _storecast_identity_v1_WithdrawAccountRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_storecast_identity_v1_WithdrawAccountResponse__Output>): grpc.ClientUnaryCall;
  withdrawAccount(argument: _storecast_identity_v1_WithdrawAccountRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_storecast_identity_v1_WithdrawAccountResponse__Output>): grpc.ClientUnaryCall;
  withdrawAccount(argument: _storecast_identity_v1_WithdrawAccountRequest, callback: grpc.requestCallback<_storecast_identity_v1_WithdrawAccountResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface AccountServiceHandlers extends grpc.UntypedServiceImplementation {
  CreateManagerAccount: grpc.handleUnaryCall<_storecast_identity_v1_CreateManagerAccountRequest__Output, _storecast_identity_v1_CreateManagerAccountResponse>;
  
  ListManagerAccounts: grpc.handleUnaryCall<_storecast_identity_v1_ListManagerAccountsRequest__Output, _storecast_identity_v1_ListManagerAccountsResponse>;
  
  SendSetupEmail: grpc.handleUnaryCall<_storecast_identity_v1_SendSetupEmailRequest__Output, _storecast_identity_v1_SendSetupEmailResponse>;
  
  WithdrawAccount: grpc.handleUnaryCall<_storecast_identity_v1_WithdrawAccountRequest__Output, _storecast_identity_v1_WithdrawAccountResponse>;
  
}

export interface AccountServiceDefinition extends grpc.ServiceDefinition {
  CreateManagerAccount: MethodDefinition<_storecast_identity_v1_CreateManagerAccountRequest, _storecast_identity_v1_CreateManagerAccountResponse, _storecast_identity_v1_CreateManagerAccountRequest__Output, _storecast_identity_v1_CreateManagerAccountResponse__Output>
  ListManagerAccounts: MethodDefinition<_storecast_identity_v1_ListManagerAccountsRequest, _storecast_identity_v1_ListManagerAccountsResponse, _storecast_identity_v1_ListManagerAccountsRequest__Output, _storecast_identity_v1_ListManagerAccountsResponse__Output>
  SendSetupEmail: MethodDefinition<_storecast_identity_v1_SendSetupEmailRequest, _storecast_identity_v1_SendSetupEmailResponse, _storecast_identity_v1_SendSetupEmailRequest__Output, _storecast_identity_v1_SendSetupEmailResponse__Output>
  WithdrawAccount: MethodDefinition<_storecast_identity_v1_WithdrawAccountRequest, _storecast_identity_v1_WithdrawAccountResponse, _storecast_identity_v1_WithdrawAccountRequest__Output, _storecast_identity_v1_WithdrawAccountResponse__Output>
}
