// Original file: storecast/organization/v1/organization.proto


export interface StoreDevice {
  'deviceId'?: (string);
  'label'?: (string);
}

export interface StoreDevice__Output {
  'deviceId': (string);
  'label': (string);
}
