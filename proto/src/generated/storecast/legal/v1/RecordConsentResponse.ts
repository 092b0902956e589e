// Original file: storecast/legal/v1/legal.proto


export interface RecordConsentResponse {
}

export interface RecordConsentResponse__Output {
}
