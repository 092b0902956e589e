// Original file: storecast/organization/v1/organization.proto


export interface GetDeviceRequest {
  'storeId'?: (string);
  'deviceId'?: (string);
}

export interface GetDeviceRequest__Output {
  'storeId': (string);
  'deviceId': (string);
}
