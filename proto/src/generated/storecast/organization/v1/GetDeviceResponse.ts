// Original file: storecast/organization/v1/organization.proto


export interface GetDeviceResponse {
  'valid'?: (boolean);
  'deviceId'?: (string);
  'label'?: (string);
  '_deviceId'?: "deviceId";
  '_label'?: "label";
}

export interface GetDeviceResponse__Output {
  'valid': (boolean);
  'deviceId'?: (string);
  'label'?: (string);
  '_deviceId'?: "deviceId";
  '_label'?: "label";
}
