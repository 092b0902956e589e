// Original file: storecast/legal/v1/legal.proto


export interface GetActiveVersionsResponse {
  'termsVersion'?: (string);
  'privacyPolicyVersion'?: (string);
  '_termsVersion'?: "termsVersion";
  '_privacyPolicyVersion'?: "privacyPolicyVersion";
}

export interface GetActiveVersionsResponse__Output {
  'termsVersion'?: (string);
  'privacyPolicyVersion'?: (string);
  '_termsVersion'?: "termsVersion";
  '_privacyPolicyVersion'?: "privacyPolicyVersion";
}
