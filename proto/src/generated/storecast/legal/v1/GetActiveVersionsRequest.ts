// Original file: storecast/legal/v1/legal.proto


export interface GetActiveVersionsRequest {
}

export interface GetActiveVersionsRequest__Output {
}
