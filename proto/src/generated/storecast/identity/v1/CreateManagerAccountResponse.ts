// Original file: storecast/identity/v1/identity.proto


export interface CreateManagerAccountResponse {
  'accountId'?: (string);
  'email'?: (string);
}

export interface CreateManagerAccountResponse__Output {
  'accountId': (string);
  'email': (string);
}
