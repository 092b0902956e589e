// Original file: storecast/organization/v1/organization.proto


export interface ListStoresOfHqRequest {
  'hqId'?: (string);
  'storeIds'?: (string)[];
  'region'?: (string);
  'includeClosed'?: (boolean);
  '_region'?: "region";
}

export interface ListStoresOfHqRequest__Output {
  'hqId': (string);
  'storeIds': (string)[];
  'region'?: (string);
  'includeClosed': (boolean);
  '_region'?: "region";
}
