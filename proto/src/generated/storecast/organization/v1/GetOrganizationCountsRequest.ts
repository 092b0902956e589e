// Original file: storecast/organization/v1/organization.proto


export interface GetOrganizationCountsRequest {
}

export interface GetOrganizationCountsRequest__Output {
}
