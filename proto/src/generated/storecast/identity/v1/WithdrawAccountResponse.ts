// Original file: storecast/identity/v1/identity.proto


export interface WithdrawAccountResponse {
}

export interface WithdrawAccountResponse__Output {
}
