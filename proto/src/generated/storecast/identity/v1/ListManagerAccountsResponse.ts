// Original file: storecast/identity/v1/identity.proto

import type { Account as _storecast_identity_v1_Account, Account__Output as _storecast_identity_v1_Account__Output } from '../../../storecast/identity/v1/Account';

export interface ListManagerAccountsResponse {
  'accounts'?: (_storecast_identity_v1_Account)[];
}

export interface ListManagerAccountsResponse__Output {
  'accounts': (_storecast_identity_v1_Account__Output)[];
}
