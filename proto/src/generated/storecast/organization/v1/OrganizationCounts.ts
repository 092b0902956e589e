// Original file: storecast/organization/v1/organization.proto


export interface OrganizationCounts {
  'hqCount'?: (number);
  'storeCount'?: (number);
}

export interface OrganizationCounts__Output {
  'hqCount': (number);
  'storeCount': (number);
}
