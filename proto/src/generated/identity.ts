import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Account as _storecast_identity_v1_Account, Account__Output as _storecast_identity_v1_Account__Output } from './storecast/identity/v1/Account';
import type { AccountServiceClient as _storecast_identity_v1_AccountServiceClient, AccountServiceDefinition as _storecast_identity_v1_AccountServiceDefinition } from './storecast/identity/v1/AccountService';
import type { ActorRef as _storecast_identity_v1_ActorRef, ActorRef__Output as _storecast_identity_v1_ActorRef__Output } from './storecast/identity/v1/ActorRef';
import type { ApiKeyServiceClient as _storecast_identity_v1_ApiKeyServiceClient, ApiKeyServiceDefinition as _storecast_identity_v1_ApiKeyServiceDefinition } from './storecast/identity/v1/ApiKeyService';
import type { ApiUsageRecord as _storecast_identity_v1_ApiUsageRecord, ApiUsageRecord__Output as _storecast_identity_v1_ApiUsageRecord__Output } from './storecast/identity/v1/ApiUsageRecord';
import type { CreateManagerAccountRequest as _storecast_identity_v1_CreateManagerAccountRequest, CreateManagerAccountRequest__Output as _storecast_identity_v1_CreateManagerAccountRequest__Output } from './storecast/identity/v1/CreateManagerAccountRequest';
import type { CreateManagerAccountResponse as _storecast_identity_v1_CreateManagerAccountResponse, CreateManagerAccountResponse__Output as _storecast_identity_v1_CreateManagerAccountResponse__Output } from './storecast/identity/v1/CreateManagerAccountResponse';
import type { GetAccountRequest as _storecast_identity_v1_GetAccountRequest, GetAccountRequest__Output as _storecast_identity_v1_GetAccountRequest__Output } from './storecast/identity/v1/GetAccountRequest';
import type { GetPublicKeysRequest as _storecast_identity_v1_GetPublicKeysRequest, GetPublicKeysRequest__Output as _storecast_identity_v1_GetPublicKeysRequest__Output } from './storecast/identity/v1/GetPublicKeysRequest';
import type { GetPublicKeysResponse as _storecast_identity_v1_GetPublicKeysResponse, GetPublicKeysResponse__Output as _storecast_identity_v1_GetPublicKeysResponse__Output } from './storecast/identity/v1/GetPublicKeysResponse';
import type { IdentityServiceClient as _storecast_identity_v1_IdentityServiceClient, IdentityServiceDefinition as _storecast_identity_v1_IdentityServiceDefinition } from './storecast/identity/v1/IdentityService';
import type { ListManagerAccountsRequest as _storecast_identity_v1_ListManagerAccountsRequest, ListManagerAccountsRequest__Output as _storecast_identity_v1_ListManagerAccountsRequest__Output } from './storecast/identity/v1/ListManagerAccountsRequest';
import type { ListManagerAccountsResponse as _storecast_identity_v1_ListManagerAccountsResponse, ListManagerAccountsResponse__Output as _storecast_identity_v1_ListManagerAccountsResponse__Output } from './storecast/identity/v1/ListManagerAccountsResponse';
import type { PublicKey as _storecast_identity_v1_PublicKey, PublicKey__Output as _storecast_identity_v1_PublicKey__Output } from './storecast/identity/v1/PublicKey';
import type { RecordApiUsageRequest as _storecast_identity_v1_RecordApiUsageRequest, RecordApiUsageRequest__Output as _storecast_identity_v1_RecordApiUsageRequest__Output } from './storecast/identity/v1/RecordApiUsageRequest';
import type { RecordApiUsageResponse as _storecast_identity_v1_RecordApiUsageResponse, RecordApiUsageResponse__Output as _storecast_identity_v1_RecordApiUsageResponse__Output } from './storecast/identity/v1/RecordApiUsageResponse';
import type { SendSetupEmailRequest as _storecast_identity_v1_SendSetupEmailRequest, SendSetupEmailRequest__Output as _storecast_identity_v1_SendSetupEmailRequest__Output } from './storecast/identity/v1/SendSetupEmailRequest';
import type { SendSetupEmailResponse as _storecast_identity_v1_SendSetupEmailResponse, SendSetupEmailResponse__Output as _storecast_identity_v1_SendSetupEmailResponse__Output } from './storecast/identity/v1/SendSetupEmailResponse';
import type { VerifyApiKeyRequest as _storecast_identity_v1_VerifyApiKeyRequest, VerifyApiKeyRequest__Output as _storecast_identity_v1_VerifyApiKeyRequest__Output } from './storecast/identity/v1/VerifyApiKeyRequest';
import type { VerifyApiKeyResponse as _storecast_identity_v1_VerifyApiKeyResponse, VerifyApiKeyResponse__Output as _storecast_identity_v1_VerifyApiKeyResponse__Output } from './storecast/identity/v1/VerifyApiKeyResponse';
import type { WithdrawAccountRequest as _storecast_identity_v1_WithdrawAccountRequest, WithdrawAccountRequest__Output as _storecast_identity_v1_WithdrawAccountRequest__Output } from './storecast/identity/v1/WithdrawAccountRequest';
import type { WithdrawAccountResponse as _storecast_identity_v1_WithdrawAccountResponse, WithdrawAccountResponse__Output as _storecast_identity_v1_WithdrawAccountResponse__Output } from './storecast/identity/v1/WithdrawAccountResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  storecast: {
    identity: {
      v1: {
        Account: MessageTypeDefinition<_storecast_identity_v1_Account, _storecast_identity_v1_Account__Output>
        AccountService: SubtypeConstructor<typeof grpc.Client, _storecast_identity_v1_AccountServiceClient> & { service: _storecast_identity_v1_AccountServiceDefinition }
        ActorRef: MessageTypeDefinition<_storecast_identity_v1_ActorRef, _storecast_identity_v1_ActorRef__Output>
        ApiKeyService: SubtypeConstructor<typeof grpc.Client, _storecast_identity_v1_ApiKeyServiceClient> & { service: _storecast_identity_v1_ApiKeyServiceDefinition }
        ApiUsageRecord: MessageTypeDefinition<_storecast_identity_v1_ApiUsageRecord, _storecast_identity_v1_ApiUsageRecord__Output>
        CreateManagerAccountRequest: MessageTypeDefinition<_storecast_identity_v1_CreateManagerAccountRequest, _storecast_identity_v1_CreateManagerAccountRequest__Output>
        CreateManagerAccountResponse: MessageTypeDefinition<_storecast_identity_v1_CreateManagerAccountResponse, _storecast_identity_v1_CreateManagerAccountResponse__Output>
        GetAccountRequest: MessageTypeDefinition<_storecast_identity_v1_GetAccountRequest, _storecast_identity_v1_GetAccountRequest__Output>
        GetPublicKeysRequest: MessageTypeDefinition<_storecast_identity_v1_GetPublicKeysRequest, _storecast_identity_v1_GetPublicKeysRequest__Output>
        GetPublicKeysResponse: MessageTypeDefinition<_storecast_identity_v1_GetPublicKeysResponse, _storecast_identity_v1_GetPublicKeysResponse__Output>
        IdentityService: SubtypeConstructor<typeof grpc.Client, _storecast_identity_v1_IdentityServiceClient> & { service: _storecast_identity_v1_IdentityServiceDefinition }
        ListManagerAccountsRequest: MessageTypeDefinition<_storecast_identity_v1_ListManagerAccountsRequest, _storecast_identity_v1_ListManagerAccountsRequest__Output>
        ListManagerAccountsResponse: MessageTypeDefinition<_storecast_identity_v1_ListManagerAccountsResponse, _storecast_identity_v1_ListManagerAccountsResponse__Output>
        PublicKey: MessageTypeDefinition<_storecast_identity_v1_PublicKey, _storecast_identity_v1_PublicKey__Output>
        RecordApiUsageRequest: MessageTypeDefinition<_storecast_identity_v1_RecordApiUsageRequest, _storecast_identity_v1_RecordApiUsageRequest__Output>
        RecordApiUsageResponse: MessageTypeDefinition<_storecast_identity_v1_RecordApiUsageResponse, _storecast_identity_v1_RecordApiUsageResponse__Output>
        SendSetupEmailRequest: MessageTypeDefinition<_storecast_identity_v1_SendSetupEmailRequest, _storecast_identity_v1_SendSetupEmailRequest__Output>
        SendSetupEmailResponse: MessageTypeDefinition<_storecast_identity_v1_SendSetupEmailResponse, _storecast_identity_v1_SendSetupEmailResponse__Output>
        VerifyApiKeyRequest: MessageTypeDefinition<_storecast_identity_v1_VerifyApiKeyRequest, _storecast_identity_v1_VerifyApiKeyRequest__Output>
        VerifyApiKeyResponse: MessageTypeDefinition<_storecast_identity_v1_VerifyApiKeyResponse, _storecast_identity_v1_VerifyApiKeyResponse__Output>
        WithdrawAccountRequest: MessageTypeDefinition<_storecast_identity_v1_WithdrawAccountRequest, _storecast_identity_v1_WithdrawAccountRequest__Output>
        WithdrawAccountResponse: MessageTypeDefinition<_storecast_identity_v1_WithdrawAccountResponse, _storecast_identity_v1_WithdrawAccountResponse__Output>
      }
    }
  }
}

