// Original file: storecast/organization/v1/organization.proto

import type { Store as _storecast_organization_v1_Store, Store__Output as _storecast_organization_v1_Store__Output } from '../../../storecast/organization/v1/Store';

export interface ListStoresOfHqResponse {
  'stores'?: (_storecast_organization_v1_Store)[];
}

export interface ListStoresOfHqResponse__Output {
  'stores': (_storecast_organization_v1_Store__Output)[];
}
