// Original file: storecast/organization/v1/organization.proto


export interface GetSignInStatusResponse {
  'hqStatus'?: (string);
  'hqType'?: (string);
  'hqName'?: (string);
  'storeStatus'?: (string);
  'storeClosed'?: (boolean);
  'hqFound'?: (boolean);
  'storeFound'?: (boolean);
  '_hqStatus'?: "hqStatus";
  '_hqType'?: "hqType";
  '_hqName'?: "hqName";
  '_storeStatus'?: "storeStatus";
}

export interface GetSignInStatusResponse__Output {
  'hqStatus'?: (string);
  'hqType'?: (string);
  'hqName'?: (string);
  'storeStatus'?: (string);
  'storeClosed': (boolean);
  'hqFound': (boolean);
  'storeFound': (boolean);
  '_hqStatus'?: "hqStatus";
  '_hqType'?: "hqType";
  '_hqName'?: "hqName";
  '_storeStatus'?: "storeStatus";
}
