// Original file: storecast/identity/v1/identity.proto


export interface GetAccountRequest {
  'id'?: (string);
}

export interface GetAccountRequest__Output {
  'id': (string);
}
