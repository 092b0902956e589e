// Original file: storecast/identity/v1/identity.proto


export interface ListManagerAccountsRequest {
  'storeIds'?: (string)[];
  'hqIds'?: (string)[];
  'role'?: (string);
}

export interface ListManagerAccountsRequest__Output {
  'storeIds': (string)[];
  'hqIds': (string)[];
  'role': (string);
}
