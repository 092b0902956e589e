// Original file: storecast/identity/v1/identity.proto


export interface Account {
  'id'?: (string);
  'email'?: (string);
  'name'?: (string);
  'role'?: (string);
  'status'?: (string);
  'hqId'?: (string);
  'storeId'?: (string);
  'passwordMustChange'?: (boolean);
  'lastLoginAt'?: (string);
  'createdAt'?: (string);
  '_name'?: "name";
  '_hqId'?: "hqId";
  '_storeId'?: "storeId";
  '_lastLoginAt'?: "lastLoginAt";
}

export interface Account__Output {
  'id': (string);
  'email': (string);
  'name'?: (string);
  'role': (string);
  'status': (string);
  'hqId'?: (string);
  'storeId'?: (string);
  'passwordMustChange': (boolean);
  'lastLoginAt'?: (string);
  'createdAt': (string);
  '_name'?: "name";
  '_hqId'?: "hqId";
  '_storeId'?: "storeId";
  '_lastLoginAt'?: "lastLoginAt";
}
