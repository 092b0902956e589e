// Original file: storecast/identity/v1/identity.proto


export interface ActorRef {
  'accountId'?: (string);
  'role'?: (string);
  'impersonatedBy'?: (string);
  '_impersonatedBy'?: "impersonatedBy";
}

export interface ActorRef__Output {
  'accountId': (string);
  'role': (string);
  'impersonatedBy'?: (string);
  '_impersonatedBy'?: "impersonatedBy";
}
