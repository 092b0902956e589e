import { describe, expect, it } from 'vitest';
import { checkOnboarding, EMPTY_ONBOARDING, hqActionsFor, impersonationBlocker, impersonationUrl, isValidBusinessNumber, onboardingBodyOf, type OnboardingValues } from './hq-rules';

const valid: OnboardingValues = {
  ...EMPTY_ONBOARDING,
  name: ' Lantern Coffee ',
  businessNumber: '123-45-67890',
  plan: 'TRUST',
  billingAnchorDay: 10,
  llmMaxPerHour: 3,
  managerEmail: 'hq@lantern.test',
  managerPassword: 'Temp-pass-1',
  managerName: 'Lantern HQ',
};

describe('the business number (spec 02: ###-##-#####)', () => {
  it('takes three, two and five digits joined by hyphens', () => {
    expect(isValidBusinessNumber('123-45-67890')).toBe(true);
  });
  it.each(['1234567890', '123-456-7890', '12-345-67890', '123-45-6789', '123-45-678901', 'abc-de-fghij', '123 45 67890'])('refuses %s', (value) => {
    expect(isValidBusinessNumber(value)).toBe(false);
  });
});

describe('the HQ onboarding form', () => {
  it('accepts a filled form, and a blank business number (it is optional)', () => {
    expect(checkOnboarding(valid)).toEqual({});
    expect(checkOnboarding({ ...valid, businessNumber: '' })).toEqual({});
  });

  it('says what is wrong before sending', () => {
    const problems = checkOnboarding({ ...EMPTY_ONBOARDING, businessNumber: '1234567890', billingAnchorDay: 32, llmMaxPerHour: 13, managerEmail: 'nope', managerPassword: 'short' });
    expect(problems).toEqual({
      name: { key: 'required' },
      businessNumber: { key: 'businessNumber' },
      plan: { key: 'planRequired' },
      billingAnchorDay: { key: 'range', min: 1, max: 31 },
      llmMaxPerHour: { key: 'range', min: 1, max: 12 },
      managerEmail: { key: 'emailInvalid' },
      managerPassword: { key: 'passwordLength', min: 8, max: 100 },
      managerName: { key: 'required' },
    });
  });

  it('keeps billing day 1..31 and at most 12 LLM announcements an hour, whole numbers only', () => {
    expect(checkOnboarding({ ...valid, billingAnchorDay: 0 }).billingAnchorDay).toBeDefined();
    expect(checkOnboarding({ ...valid, billingAnchorDay: 31 }).billingAnchorDay).toBeUndefined();
    expect(checkOnboarding({ ...valid, billingAnchorDay: 2.5 }).billingAnchorDay).toBeDefined();
    expect(checkOnboarding({ ...valid, llmMaxPerHour: '' }).llmMaxPerHour).toBeDefined();
    expect(checkOnboarding({ ...valid, llmMaxPerHour: 12 }).llmMaxPerHour).toBeUndefined();
    expect(checkOnboarding({ ...valid, managerPassword: 'x'.repeat(101) }).managerPassword).toBeDefined();
  });

  it('sends trimmed values and leaves out a blank business number and keyword list', () => {
    expect(onboardingBodyOf({ ...valid, businessNumber: ' ', llmKeywords: '  ' })).toEqual({
      hq: { name: 'Lantern Coffee', plan: 'TRUST', billingAnchorDay: 10, llmMaxPerHour: 3 },
      manager: { email: 'hq@lantern.test', tempPassword: 'Temp-pass-1', name: 'Lantern HQ' },
    });
    expect(onboardingBodyOf({ ...valid, llmKeywords: ' coffee, morning ' }).hq).toMatchObject({ businessNumber: '123-45-67890', llmKeywords: 'coffee, morning' });
  });
});

describe('the actions each HQ status allows (spec 02 § HQ status)', () => {
  it('activates only an ONBOARDING HQ, and it may also be suspended', () => {
    expect(hqActionsFor({ status: 'ONBOARDING', type: 'FRANCHISE' })).toEqual(['ACTIVATE', 'SUSPEND']);
  });
  it('reactivates a SUSPENDED HQ and offers nothing else', () => {
    expect(hqActionsFor({ status: 'SUSPENDED', type: 'FRANCHISE' })).toEqual(['REACTIVATE']);
  });
  it('suspends ACTIVE and UNPAID HQs; payment moves ACTIVE to UNPAID and back', () => {
    expect(hqActionsFor({ status: 'ACTIVE', type: 'FRANCHISE' })).toEqual(['MARK_UNPAID', 'SUSPEND']);
    expect(hqActionsFor({ status: 'UNPAID', type: 'FRANCHISE' })).toEqual(['MARK_PAID', 'SUSPEND']);
  });
  it('never suspends the INDEPENDENT HQ (403 INDEPENDENT_HQ_SUSPENSION_FORBIDDEN)', () => {
    expect(hqActionsFor({ status: 'ACTIVE', type: 'INDEPENDENT' })).toEqual([]);
  });
});

describe('impersonation (spec 02: FRANCHISE HQs that are not SUSPENDED)', () => {
  const managers = [{ status: 'ACTIVE' }];
  it('is open for an active FRANCHISE HQ with an active manager', () => {
    expect(impersonationBlocker({ status: 'ACTIVE', type: 'FRANCHISE', managers })).toBeNull();
    expect(impersonationBlocker({ status: 'ONBOARDING', type: 'FRANCHISE', managers })).toBeNull();
  });
  it('names why it is closed', () => {
    expect(impersonationBlocker({ status: 'ACTIVE', type: 'INDEPENDENT', managers })).toBe('independent');
    expect(impersonationBlocker({ status: 'SUSPENDED', type: 'FRANCHISE', managers })).toBe('suspended');
    expect(impersonationBlocker({ status: 'ACTIVE', type: 'FRANCHISE', managers: [{ status: 'WITHDRAWN' }] })).toBe('noManager');
  });
  it('carries the exchange token in the fragment, never in the query', () => {
    expect(impersonationUrl('a.b+c')).toBe('/impersonate#token=a.b%2Bc');
  });
});
