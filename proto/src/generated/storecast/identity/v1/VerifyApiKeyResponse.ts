// Original file: storecast/identity/v1/identity.proto


export interface VerifyApiKeyResponse {
  'valid'?: (boolean);
  'verdict'?: (string);
  'keyId'?: (string);
  'clientId'?: (string);
  'expiresAt'?: (string);
  'cacheTtlSeconds'?: (number);
  '_keyId'?: "keyId";
  '_clientId'?: "clientId";
  '_expiresAt'?: "expiresAt";
}

export interface VerifyApiKeyResponse__Output {
  'valid': (boolean);
  'verdict': (string);
  'keyId'?: (string);
  'clientId'?: (string);
  'expiresAt'?: (string);
  'cacheTtlSeconds': (number);
  '_keyId'?: "keyId";
  '_clientId'?: "clientId";
  '_expiresAt'?: "expiresAt";
}
