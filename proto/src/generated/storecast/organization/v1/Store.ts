// Original file: storecast/organization/v1/organization.proto


export interface Store {
  'id'?: (string);
  'hqId'?: (string);
  'name'?: (string);
  'type'?: (string);
  'status'?: (string);
  'region'?: (string);
  'closedAt'?: (string);
  'plan'?: (string);
  'address'?: (string);
  'createdAt'?: (string);
  '_region'?: "region";
  '_closedAt'?: "closedAt";
  '_plan'?: "plan";
  '_address'?: "address";
  '_createdAt'?: "createdAt";
}

export interface Store__Output {
  'id': (string);
  'hqId': (string);
  'name': (string);
  'type': (string);
  'status': (string);
  'region'?: (string);
  'closedAt'?: (string);
  'plan'?: (string);
  'address'?: (string);
  'createdAt'?: (string);
  '_region'?: "region";
  '_closedAt'?: "closedAt";
  '_plan'?: "plan";
  '_address'?: "address";
  '_createdAt'?: "createdAt";
}
