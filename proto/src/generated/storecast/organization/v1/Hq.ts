// Original file: storecast/organization/v1/organization.proto


export interface Hq {
  'id'?: (string);
  'name'?: (string);
  'type'?: (string);
  'plan'?: (string);
  'status'?: (string);
  'businessNumber'?: (string);
  '_plan'?: "plan";
  '_businessNumber'?: "businessNumber";
}

export interface Hq__Output {
  'id': (string);
  'name': (string);
  'type': (string);
  'plan'?: (string);
  'status': (string);
  'businessNumber'?: (string);
  '_plan'?: "plan";
  '_businessNumber'?: "businessNumber";
}
