// Original file: storecast/organization/v1/organization.proto


export interface GetEffectiveStoreSettingsRequest {
  'storeId'?: (string);
}

export interface GetEffectiveStoreSettingsRequest__Output {
  'storeId': (string);
}
