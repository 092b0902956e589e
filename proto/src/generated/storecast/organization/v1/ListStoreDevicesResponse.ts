// Original file: storecast/organization/v1/organization.proto

import type { StoreDevice as _storecast_organization_v1_StoreDevice, StoreDevice__Output as _storecast_organization_v1_StoreDevice__Output } from '../../../storecast/organization/v1/StoreDevice';

export interface ListStoreDevicesResponse {
  'devices'?: (_storecast_organization_v1_StoreDevice)[];
}

export interface ListStoreDevicesResponse__Output {
  'devices': (_storecast_organization_v1_StoreDevice__Output)[];
}
