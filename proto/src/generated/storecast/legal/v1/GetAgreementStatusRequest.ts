// Original file: storecast/legal/v1/legal.proto


export interface GetAgreementStatusRequest {
  'accountId'?: (string);
  'role'?: (string);
  'hqId'?: (string);
  'storeId'?: (string);
  '_hqId'?: "hqId";
  '_storeId'?: "storeId";
}

export interface GetAgreementStatusRequest__Output {
  'accountId': (string);
  'role': (string);
  'hqId'?: (string);
  'storeId'?: (string);
  '_hqId'?: "hqId";
  '_storeId'?: "storeId";
}
