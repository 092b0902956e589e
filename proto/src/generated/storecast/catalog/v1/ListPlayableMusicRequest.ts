// Original file: storecast/catalog/v1/catalog.proto


export interface ListPlayableMusicRequest {
  'playlistId'?: (string);
  'hqId'?: (string);
  'plan'?: (string);
  '_hqId'?: "hqId";
  '_plan'?: "plan";
}

export interface ListPlayableMusicRequest__Output {
  'playlistId': (string);
  'hqId'?: (string);
  'plan'?: (string);
  '_hqId'?: "hqId";
  '_plan'?: "plan";
}
