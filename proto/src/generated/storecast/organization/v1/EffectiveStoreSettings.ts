// Original file: storecast/organization/v1/organization.proto


export interface EffectiveStoreSettings {
  'storeId'?: (string);
  'hqId'?: (string);
  'hqCommercialCycleSongs'?: (number);
  'commercialCycleSongs'?: (number);
  'duckEnabled'?: (boolean);
  'duckVolumePercent'?: (number);
  'duckFadeMs'?: (number);
  'plan'?: (string);
  '_plan'?: "plan";
}

export interface EffectiveStoreSettings__Output {
  'storeId': (string);
  'hqId': (string);
  'hqCommercialCycleSongs': (number);
  'commercialCycleSongs': (number);
  'duckEnabled': (boolean);
  'duckVolumePercent': (number);
  'duckFadeMs': (number);
  'plan'?: (string);
  '_plan'?: "plan";
}
