// Original file: storecast/organization/v1/organization.proto


export interface ListStoreDevicesRequest {
  'storeId'?: (string);
}

export interface ListStoreDevicesRequest__Output {
  'storeId': (string);
}
