// Original file: storecast/identity/v1/identity.proto


export interface PublicKey {
  'kid'?: (string);
  'alg'?: (string);
  'pem'?: (string);
}

export interface PublicKey__Output {
  'kid': (string);
  'alg': (string);
  'pem': (string);
}
