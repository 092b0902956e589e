// Original file: storecast/legal/v1/legal.proto


export interface RecordConsentRequest {
  'accountId'?: (string);
  'role'?: (string);
  'hqId'?: (string);
  'storeId'?: (string);
  'termsVersion'?: (string);
  'privacyPolicyVersion'?: (string);
  'ip'?: (string);
  'userAgent'?: (string);
  'signerName'?: (string);
  '_hqId'?: "hqId";
  '_storeId'?: "storeId";
  '_termsVersion'?: "termsVersion";
  '_privacyPolicyVersion'?: "privacyPolicyVersion";
  '_ip'?: "ip";
  '_userAgent'?: "userAgent";
  '_signerName'?: "signerName";
}

export interface RecordConsentRequest__Output {
  'accountId': (string);
  'role': (string);
  'hqId'?: (string);
  'storeId'?: (string);
  'termsVersion'?: (string);
  'privacyPolicyVersion'?: (string);
  'ip'?: (string);
  'userAgent'?: (string);
  'signerName'?: (string);
  '_hqId'?: "hqId";
  '_storeId'?: "storeId";
  '_termsVersion'?: "termsVersion";
  '_privacyPolicyVersion'?: "privacyPolicyVersion";
  '_ip'?: "ip";
  '_userAgent'?: "userAgent";
  '_signerName'?: "signerName";
}
