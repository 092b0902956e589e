// Original file: storecast/identity/v1/identity.proto


export interface WithdrawAccountRequest {
  'accountId'?: (string);
  'reason'?: (string);
}

export interface WithdrawAccountRequest__Output {
  'accountId': (string);
  'reason': (string);
}
