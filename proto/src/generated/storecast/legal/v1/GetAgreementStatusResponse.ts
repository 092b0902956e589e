// Original file: storecast/legal/v1/legal.proto


export interface GetAgreementStatusResponse {
  'termsRequiresAgreement'?: (boolean);
  'privacyRequiresAgreement'?: (boolean);
}

export interface GetAgreementStatusResponse__Output {
  'termsRequiresAgreement': (boolean);
  'privacyRequiresAgreement': (boolean);
}
