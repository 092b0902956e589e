// Original file: storecast/identity/v1/identity.proto

import type { ApiUsageRecord as _storecast_identity_v1_ApiUsageRecord, ApiUsageRecord__Output as _storecast_identity_v1_ApiUsageRecord__Output } from '../../../storecast/identity/v1/ApiUsageRecord';

export interface RecordApiUsageRequest {
  'batchId'?: (string);
  'records'?: (_storecast_identity_v1_ApiUsageRecord)[];
}

export interface RecordApiUsageRequest__Output {
  'batchId': (string);
  'records': (_storecast_identity_v1_ApiUsageRecord__Output)[];
}
