// Original file: storecast/organization/v1/organization.proto


export interface StoreDeviceOfStore {
  'storeId'?: (string);
  'deviceId'?: (string);
  'label'?: (string);
  'revoked'?: (boolean);
}

export interface StoreDeviceOfStore__Output {
  'storeId': (string);
  'deviceId': (string);
  'label': (string);
  'revoked': (boolean);
}
