// Original file: storecast/organization/v1/organization.proto

import type { StoreDeviceOfStore as _storecast_organization_v1_StoreDeviceOfStore, StoreDeviceOfStore__Output as _storecast_organization_v1_StoreDeviceOfStore__Output } from '../../../storecast/organization/v1/StoreDeviceOfStore';

export interface ListDevicesOfStoresResponse {
  'devices'?: (_storecast_organization_v1_StoreDeviceOfStore)[];
}

export interface ListDevicesOfStoresResponse__Output {
  'devices': (_storecast_organization_v1_StoreDeviceOfStore__Output)[];
}
