import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { GetActiveVersionsRequest as _storecast_legal_v1_GetActiveVersionsRequest, GetActiveVersionsRequest__Output as _storecast_legal_v1_GetActiveVersionsRequest__Output } from './storecast/legal/v1/GetActiveVersionsRequest';
import type { GetActiveVersionsResponse as _storecast_legal_v1_GetActiveVersionsResponse, GetActiveVersionsResponse__Output as _storecast_legal_v1_GetActiveVersionsResponse__Output } from './storecast/legal/v1/GetActiveVersionsResponse';
import type { GetAgreementStatusRequest as _storecast_legal_v1_GetAgreementStatusRequest, GetAgreementStatusRequest__Output as _storecast_legal_v1_GetAgreementStatusRequest__Output } from './storecast/legal/v1/GetAgreementStatusRequest';
import type { GetAgreementStatusResponse as _storecast_legal_v1_GetAgreementStatusResponse, GetAgreementStatusResponse__Output as _storecast_legal_v1_GetAgreementStatusResponse__Output } from './storecast/legal/v1/GetAgreementStatusResponse';
import type { LegalServiceClient as _storecast_legal_v1_LegalServiceClient, LegalServiceDefinition as _storecast_legal_v1_LegalServiceDefinition } from './storecast/legal/v1/LegalService';
import type { RecordConsentRequest as _storecast_legal_v1_RecordConsentRequest, RecordConsentRequest__Output as _storecast_legal_v1_RecordConsentRequest__Output } from './storecast/legal/v1/RecordConsentRequest';
import type { RecordConsentResponse as _storecast_legal_v1_RecordConsentResponse, RecordConsentResponse__Output as _storecast_legal_v1_RecordConsentResponse__Output } from './storecast/legal/v1/RecordConsentResponse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  storecast: {
    legal: {
      v1: {
        GetActiveVersionsRequest: MessageTypeDefinition<_storecast_legal_v1_GetActiveVersionsRequest, _storecast_legal_v1_GetActiveVersionsRequest__Output>
        GetActiveVersionsResponse: MessageTypeDefinition<_storecast_legal_v1_GetActiveVersionsResponse, _storecast_legal_v1_GetActiveVersionsResponse__Output>
        GetAgreementStatusRequest: MessageTypeDefinition<_storecast_legal_v1_GetAgreementStatusRequest, _storecast_legal_v1_GetAgreementStatusRequest__Output>
        GetAgreementStatusResponse: MessageTypeDefinition<_storecast_legal_v1_GetAgreementStatusResponse, _storecast_legal_v1_GetAgreementStatusResponse__Output>
        LegalService: SubtypeConstructor<typeof grpc.Client, _storecast_legal_v1_LegalServiceClient> & { service: _storecast_legal_v1_LegalServiceDefinition }
        RecordConsentRequest: MessageTypeDefinition<_storecast_legal_v1_RecordConsentRequest, _storecast_legal_v1_RecordConsentRequest__Output>
        RecordConsentResponse: MessageTypeDefinition<_storecast_legal_v1_RecordConsentResponse, _storecast_legal_v1_RecordConsentResponse__Output>
      }
    }
  }
}

