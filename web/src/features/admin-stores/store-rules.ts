import { checkBillingDay, checkEmail, type Plan, type Problem, requiredText } from '../admin-hqs/hq-rules';

/**
 * Pure rules of the store pages (spec 02 § Store administration, § Store status and closure):
 * the onboarding form's limits, which actions each status allows, the typed closing confirmation.
 */
export const STORE_STATUSES = ['ACTIVE', 'INACTIVE', 'SUSPENDED'] as const;
export const STORE_TYPES = ['INDEPENDENT', 'DIRECT', 'FRANCHISE'] as const;
export const AFFILIATED_TYPES = ['DIRECT', 'FRANCHISE'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];
export type StoreType = (typeof STORE_TYPES)[number];
export type AffiliatedType = (typeof AFFILIATED_TYPES)[number];

/** The store contact values share the HQ store limits (spec 03): name 1..50, address ≤ 200, managerName ≤ 50, managerEmail ≤ 255, managerPhone ≤ 30. */
export const STORE_LIMITS = { name: 50, address: 200, managerName: 50, managerEmail: 255, managerPhone: 30, reason: 255 } as const;

export type OnboardingKind = 'independent' | 'affiliated';

export interface StoreOnboardingValues {
  name: string;
  address: string;
  managerName: string;
  managerEmail: string;
  managerPhone: string;
  /** Independent stores only. */
  plan: Plan | null;
  billingAnchorDay: number | string;
  /** HQ-affiliated stores only: plan and billing day come from the HQ. */
  hqId: string | null;
  storeType: AffiliatedType | null;
}

export const EMPTY_STORE_ONBOARDING: StoreOnboardingValues = {
  name: '', address: '', managerName: '', managerEmail: '', managerPhone: '', plan: null, billingAnchorDay: 1, hqId: null, storeType: null,
};

export type StoreProblem = Problem | { key: 'hqRequired' } | { key: 'storeTypeRequired' };

const optionalText = (raw: string, max: number): Problem | null => (raw.trim().length > max ? { key: 'tooLong', max } : null);

/** Every field checked before sending; the kind decides which of plan/billing day or HQ/type apply. */
export const checkStoreOnboarding = (kind: OnboardingKind, v: StoreOnboardingValues): Partial<Record<keyof StoreOnboardingValues, StoreProblem>> => {
  const out: Partial<Record<keyof StoreOnboardingValues, StoreProblem>> = {};
  const put = (field: keyof StoreOnboardingValues, problem: StoreProblem | null) => {
    if (problem) out[field] = problem;
  };
  put('name', requiredText(v.name, STORE_LIMITS.name));
  put('address', optionalText(v.address, STORE_LIMITS.address));
  put('managerName', optionalText(v.managerName, STORE_LIMITS.managerName));
  put('managerEmail', v.managerEmail.trim() === '' ? null : checkEmail(v.managerEmail));
  put('managerPhone', optionalText(v.managerPhone, STORE_LIMITS.managerPhone));
  if (kind === 'independent') {
    put('plan', v.plan ? null : { key: 'planRequired' });
    put('billingAnchorDay', checkBillingDay(v.billingAnchorDay));
  } else {
    put('hqId', v.hqId ? null : { key: 'hqRequired' });
    put('storeType', v.storeType ? null : { key: 'storeTypeRequired' });
  }
  return out;
};

/** The store part of the request: trimmed contact values; blank ones are left out (no value, no account). */
const contactOf = (v: StoreOnboardingValues) => {
  const out: { name: string; address?: string; managerName?: string; managerEmail?: string; managerPhone?: string } = { name: v.name.trim() };
  for (const field of ['address', 'managerName', 'managerEmail', 'managerPhone'] as const) {
    const value = v[field].trim();
    if (value) out[field] = value;
  }
  return out;
};

export const independentBodyOf = (v: StoreOnboardingValues) => ({
  store: { ...contactOf(v), plan: v.plan as Plan, billingAnchorDay: Number(v.billingAnchorDay) },
});

export const affiliatedBodyOf = (v: StoreOnboardingValues) => ({
  store: { ...contactOf(v), storeType: v.storeType as AffiliatedType },
});

export type StoreAction = 'SUSPEND' | 'REACTIVATE' | 'CLOSE';

/**
 * spec 02 § Store status and closure: ACTIVE or INACTIVE → suspend; SUSPENDED → reactivate; close
 * while closedAt is null. A closed store allows nothing (409 STORE_ALREADY_CLOSED).
 */
export const storeActionsFor = (store: { status: StoreStatus; closedAt: string | null }): StoreAction[] => {
  if (store.closedAt) return [];
  const out: StoreAction[] = [];
  if (store.status === 'ACTIVE' || store.status === 'INACTIVE') out.push('SUSPEND');
  if (store.status === 'SUSPENDED') out.push('REACTIVATE');
  out.push('CLOSE');
  return out;
};

/**
 * Closing is irreversible, so the operator types the store's name: it must equal the name
 * exactly (spaces at the ends aside, letter case counts).
 */
export const typedConfirmationMatches = (typed: string, expected: string): boolean => expected.trim() !== '' && typed.trim() === expected.trim();
