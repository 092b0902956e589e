// Original file: storecast/identity/v1/identity.proto

import type { PublicKey as _storecast_identity_v1_PublicKey, PublicKey__Output as _storecast_identity_v1_PublicKey__Output } from '../../../storecast/identity/v1/PublicKey';

export interface GetPublicKeysResponse {
  'keys'?: (_storecast_identity_v1_PublicKey)[];
}

export interface GetPublicKeysResponse__Output {
  'keys': (_storecast_identity_v1_PublicKey__Output)[];
}
