// Original file: storecast/identity/v1/identity.proto


export interface RecordApiUsageResponse {
  'accepted'?: (number);
  'duplicateBatch'?: (boolean);
}

export interface RecordApiUsageResponse__Output {
  'accepted': (number);
  'duplicateBatch': (boolean);
}
