/** Enumerations of spec 02 § HQ administration / § Store administration and spec 03 § HQ profile. */
export const HQ_TYPES = ['FRANCHISE', 'INDEPENDENT'] as const;
export type HqType = (typeof HQ_TYPES)[number];

export const PLANS = ['AI', 'TRUST'] as const;
export type Plan = (typeof PLANS)[number];

export const HQ_STATUSES = ['ACTIVE', 'ONBOARDING', 'UNPAID', 'SUSPENDED'] as const;
export type HqStatus = (typeof HQ_STATUSES)[number];

export const STORE_TYPES = ['INDEPENDENT', 'DIRECT', 'FRANCHISE'] as const;
export type StoreType = (typeof STORE_TYPES)[number];

export const STORE_STATUSES = ['ACTIVE', 'INACTIVE', 'SUSPENDED'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

export const ACCOUNT_STATUSES = ['ACTIVE', 'SUSPENDED', 'WITHDRAWN'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/**
 * The one virtual INDEPENDENT HQ that owns independent stores. Created by the migration
 * `0001_independent_hq`; its id is fixed and well known so every environment agrees on it.
 */
export const INDEPENDENT_HQ_ID = '00000000-0000-4000-8000-000000000001';
export const INDEPENDENT_HQ_NAME = '개인 매장 (INDEPENDENT)';

export const isAccountStatus = (s: unknown): s is AccountStatus => typeof s === 'string' && (ACCOUNT_STATUSES as readonly string[]).includes(s);
