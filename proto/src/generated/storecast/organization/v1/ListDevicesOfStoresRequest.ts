// Original file: storecast/organization/v1/organization.proto


export interface ListDevicesOfStoresRequest {
  'hqId'?: (string);
  'storeIds'?: (string)[];
}

export interface ListDevicesOfStoresRequest__Output {
  'hqId': (string);
  'storeIds': (string)[];
}
