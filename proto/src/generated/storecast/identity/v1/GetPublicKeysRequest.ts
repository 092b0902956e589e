// Original file: storecast/identity/v1/identity.proto


export interface GetPublicKeysRequest {
}

export interface GetPublicKeysRequest__Output {
}
