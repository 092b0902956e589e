// Original file: storecast/identity/v1/identity.proto


export interface VerifyApiKeyRequest {
  'apiKey'?: (string);
}

export interface VerifyApiKeyRequest__Output {
  'apiKey': (string);
}
