/**
 * Pure rules of the HQ pages (spec 02 § HQ administration, § HQ status, § Impersonation): the
 * business number pattern, the onboarding form's limits, and which actions each status allows.
 */
export const HQ_STATUSES = ['ACTIVE', 'ONBOARDING', 'UNPAID', 'SUSPENDED'] as const;
export const HQ_TYPES = ['FRANCHISE', 'INDEPENDENT'] as const;
export const PLANS = ['AI', 'TRUST'] as const;
export type HqStatus = (typeof HQ_STATUSES)[number];
export type HqType = (typeof HQ_TYPES)[number];
export type Plan = (typeof PLANS)[number];

/** spec 02: businessNumber? (pattern ###-##-#####). */
const BUSINESS_NUMBER = /^\d{3}-\d{2}-\d{5}$/;
export const isValidBusinessNumber = (value: string): boolean => BUSINESS_NUMBER.test(value.trim());

/** The sign-in forms' email shape (a pure copy: this module must not import the client). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());

export const LIMITS = {
  name: 255,
  businessNumber: 32,
  llmKeywords: 1000,
  email: 255,
  passwordMin: 8,
  passwordMax: 100,
  reason: 255,
  billingDayMin: 1,
  billingDayMax: 31,
  llmMaxPerHourMin: 1,
  llmMaxPerHourMax: 12,
} as const;

export interface OnboardingValues {
  name: string;
  businessNumber: string;
  plan: Plan | null;
  billingAnchorDay: number | string;
  llmKeywords: string;
  llmMaxPerHour: number | string;
  managerEmail: string;
  managerPassword: string;
  managerName: string;
}

export const EMPTY_ONBOARDING: OnboardingValues = {
  name: '',
  businessNumber: '',
  plan: null,
  billingAnchorDay: 1,
  llmKeywords: '',
  llmMaxPerHour: 3,
  managerEmail: '',
  managerPassword: '',
  managerName: '',
};

/** The message key of what is wrong with one value, with its numbers; null when it is right. */
export type Problem =
  | { key: 'required' }
  | { key: 'tooLong'; max: number }
  | { key: 'businessNumber' }
  | { key: 'planRequired' }
  | { key: 'range'; min: number; max: number }
  | { key: 'emailInvalid' }
  | { key: 'passwordLength'; min: number; max: number };

const isIntegerIn = (raw: number | string, min: number, max: number): boolean => {
  const n = typeof raw === 'number' ? raw : raw.trim() === '' ? NaN : Number(raw);
  return Number.isInteger(n) && n >= min && n <= max;
};

export const requiredText = (raw: string, max: number): Problem | null => {
  const v = raw.trim();
  if (v === '') return { key: 'required' };
  return v.length > max ? { key: 'tooLong', max } : null;
};

export const checkPassword = (raw: string): Problem | null =>
  raw.length < LIMITS.passwordMin || raw.length > LIMITS.passwordMax ? { key: 'passwordLength', min: LIMITS.passwordMin, max: LIMITS.passwordMax } : null;

export const checkEmail = (raw: string): Problem | null => {
  if (raw.trim() === '') return { key: 'required' };
  if (raw.trim().length > LIMITS.email) return { key: 'tooLong', max: LIMITS.email };
  return isEmail(raw) ? null : { key: 'emailInvalid' };
};

export const checkBillingDay = (raw: number | string): Problem | null =>
  isIntegerIn(raw, LIMITS.billingDayMin, LIMITS.billingDayMax) ? null : { key: 'range', min: LIMITS.billingDayMin, max: LIMITS.billingDayMax };

/** Every field of the onboarding form checked before sending, as the server would. */
export const checkOnboarding = (v: OnboardingValues): Partial<Record<keyof OnboardingValues, Problem>> => {
  const out: Partial<Record<keyof OnboardingValues, Problem>> = {};
  const put = (field: keyof OnboardingValues, problem: Problem | null) => {
    if (problem) out[field] = problem;
  };
  put('name', requiredText(v.name, LIMITS.name));
  put('businessNumber', v.businessNumber.trim() === '' || isValidBusinessNumber(v.businessNumber) ? null : { key: 'businessNumber' });
  put('plan', v.plan ? null : { key: 'planRequired' });
  put('billingAnchorDay', checkBillingDay(v.billingAnchorDay));
  put('llmKeywords', v.llmKeywords.trim().length > LIMITS.llmKeywords ? { key: 'tooLong', max: LIMITS.llmKeywords } : null);
  put('llmMaxPerHour', isIntegerIn(v.llmMaxPerHour, LIMITS.llmMaxPerHourMin, LIMITS.llmMaxPerHourMax) ? null : { key: 'range', min: LIMITS.llmMaxPerHourMin, max: LIMITS.llmMaxPerHourMax });
  put('managerEmail', checkEmail(v.managerEmail));
  put('managerPassword', checkPassword(v.managerPassword));
  put('managerName', requiredText(v.managerName, LIMITS.name));
  return out;
};

/** HqOnboardingRequest of valid values: trimmed; a blank business number or keyword list is left out. */
export const onboardingBodyOf = (v: OnboardingValues) => {
  const businessNumber = v.businessNumber.trim();
  const llmKeywords = v.llmKeywords.trim();
  return {
    hq: {
      name: v.name.trim(),
      ...(businessNumber ? { businessNumber } : {}),
      plan: v.plan as Plan,
      billingAnchorDay: Number(v.billingAnchorDay),
      ...(llmKeywords ? { llmKeywords } : {}),
      llmMaxPerHour: Number(v.llmMaxPerHour),
    },
    manager: { email: v.managerEmail.trim(), tempPassword: v.managerPassword, name: v.managerName.trim() },
  };
};

/** A suspension reason (spec 02 § Limits: not blank, at most 255). */
export const checkReason = (raw: string): Problem | null => requiredText(raw, LIMITS.reason);

export type HqAction = 'ACTIVATE' | 'SUSPEND' | 'REACTIVATE' | 'MARK_UNPAID' | 'MARK_PAID';

/**
 * The status moves offered for an HQ: ONBOARDING → activate; ACTIVE, ONBOARDING, UNPAID →
 * suspend (never the INDEPENDENT HQ: 403); SUSPENDED → reactivate; ACTIVE ⇄ UNPAID by the
 * payment records (the organization service's choice for moves the spec leaves open).
 */
export const hqActionsFor = (hq: { status: HqStatus; type: HqType }): HqAction[] => {
  const independent = hq.type === 'INDEPENDENT';
  const out: HqAction[] = [];
  if (hq.status === 'ONBOARDING') out.push('ACTIVATE');
  if (hq.status === 'SUSPENDED') out.push('REACTIVATE');
  if (hq.status === 'ACTIVE' && !independent) out.push('MARK_UNPAID');
  if (hq.status === 'UNPAID') out.push('MARK_PAID');
  if (!independent && hq.status !== 'SUSPENDED') out.push('SUSPEND');
  return out;
};

/**
 * Whether an operator may impersonate the HQ now (spec 02 § Authentication: only FRANCHISE HQs
 * that are not SUSPENDED, as one of its managers): the reason key when not, else null.
 */
export const impersonationBlocker = (hq: { status: HqStatus; type: HqType; managers: ReadonlyArray<{ status: string }> }):
  'independent' | 'suspended' | 'noManager' | null => {
  if (hq.type === 'INDEPENDENT') return 'independent';
  if (hq.status === 'SUSPENDED') return 'suspended';
  if (!hq.managers.some((m) => m.status === 'ACTIVE')) return 'noManager';
  return null;
};

/** The HQ console's address in a new tab: the token in the fragment, never sent to a server. */
export const impersonationUrl = (exchangeToken: string): string => `/impersonate#token=${encodeURIComponent(exchangeToken)}`;
