// Original file: storecast/catalog/v1/catalog.proto


export interface ResolvePlaylistRequest {
  'hqId'?: (string);
  'storeId'?: (string);
  'deviceId'?: (string);
  '_deviceId'?: "deviceId";
}

export interface ResolvePlaylistRequest__Output {
  'hqId': (string);
  'storeId': (string);
  'deviceId'?: (string);
  '_deviceId'?: "deviceId";
}
