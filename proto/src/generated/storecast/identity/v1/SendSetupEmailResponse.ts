// Original file: storecast/identity/v1/identity.proto


export interface SendSetupEmailResponse {
  'delivered'?: (boolean);
}

export interface SendSetupEmailResponse__Output {
  'delivered': (boolean);
}
