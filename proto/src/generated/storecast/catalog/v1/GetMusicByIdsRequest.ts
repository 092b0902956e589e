// Original file: storecast/catalog/v1/catalog.proto


export interface GetMusicByIdsRequest {
  'ids'?: (string)[];
}

export interface GetMusicByIdsRequest__Output {
  'ids': (string)[];
}
