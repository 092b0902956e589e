// Original file: storecast/identity/v1/identity.proto


export interface SendSetupEmailRequest {
  'accountId'?: (string);
}

export interface SendSetupEmailRequest__Output {
  'accountId': (string);
}
