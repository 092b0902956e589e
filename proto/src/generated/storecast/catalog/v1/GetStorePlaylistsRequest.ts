// Original file: storecast/catalog/v1/catalog.proto


export interface GetStorePlaylistsRequest {
  'hqId'?: (string);
  'storeId'?: (string);
}

export interface GetStorePlaylistsRequest__Output {
  'hqId': (string);
  'storeId': (string);
}
