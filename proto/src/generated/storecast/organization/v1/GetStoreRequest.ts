// Original file: storecast/organization/v1/organization.proto


export interface GetStoreRequest {
  'storeId'?: (string);
  'hqId'?: (string);
  '_hqId'?: "hqId";
}

export interface GetStoreRequest__Output {
  'storeId': (string);
  'hqId'?: (string);
  '_hqId'?: "hqId";
}
