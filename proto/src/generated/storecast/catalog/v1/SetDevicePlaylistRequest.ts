// Original file: storecast/catalog/v1/catalog.proto


export interface SetDevicePlaylistRequest {
  'hqId'?: (string);
  'storeId'?: (string);
  'deviceId'?: (string);
  'playlistId'?: (string);
  '_playlistId'?: "playlistId";
}

export interface SetDevicePlaylistRequest__Output {
  'hqId': (string);
  'storeId': (string);
  'deviceId': (string);
  'playlistId'?: (string);
  '_playlistId'?: "playlistId";
}
