// Original file: storecast/organization/v1/organization.proto


export interface GetHqRequest {
  'hqId'?: (string);
}

export interface GetHqRequest__Output {
  'hqId': (string);
}
