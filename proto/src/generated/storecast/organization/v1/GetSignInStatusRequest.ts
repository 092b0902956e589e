// Original file: storecast/organization/v1/organization.proto


export interface GetSignInStatusRequest {
  'hqId'?: (string);
  'storeId'?: (string);
  '_hqId'?: "hqId";
  '_storeId'?: "storeId";
}

export interface GetSignInStatusRequest__Output {
  'hqId'?: (string);
  'storeId'?: (string);
  '_hqId'?: "hqId";
  '_storeId'?: "storeId";
}
