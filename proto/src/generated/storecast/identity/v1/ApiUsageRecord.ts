// Original file: storecast/identity/v1/identity.proto


export interface ApiUsageRecord {
  'keyId'?: (string);
  'endpoint'?: (string);
  'statusCode'?: (number);
  'durationMs'?: (number);
  'occurredAt'?: (string);
}

export interface ApiUsageRecord__Output {
  'keyId': (string);
  'endpoint': (string);
  'statusCode': (number);
  'durationMs': (number);
  'occurredAt': (string);
}
