// Original file: storecast/dispatch/v1/commercials.proto


export interface ListActiveCommercialSongsRequest {
  'hqId'?: (string);
}

export interface ListActiveCommercialSongsRequest__Output {
  'hqId': (string);
}
