import { agreementApplies, mismatchedVersions } from './legal';

describe('setup agreement versions', () => {
  it('accepts exactly the active versions', () => {
    expect(mismatchedVersions({ termsVersion: 'v2', privacyPolicyVersion: 'p1' }, { termsVersion: 'v2', privacyPolicyVersion: 'p1' })).toEqual([]);
  });

  it('names each field that differs from the active version, including a missing one', () => {
    expect(mismatchedVersions({ termsVersion: 'v2', privacyPolicyVersion: 'p1' }, { termsVersion: 'v1' })).toEqual(['termsVersion', 'privacyPolicyVersion']);
  });

  it('refuses a version when nothing is published, and accepts none', () => {
    expect(mismatchedVersions({}, { termsVersion: 'v1' })).toEqual(['termsVersion']);
    expect(mismatchedVersions({ termsVersion: null }, { termsVersion: null, privacyPolicyVersion: undefined })).toEqual([]);
  });

  it('applies to managers only', () => {
    expect(agreementApplies('HQ_MANAGER')).toBe(true);
    expect(agreementApplies('STORE_MANAGER')).toBe(true);
    expect(agreementApplies('OPERATOR')).toBe(false);
  });
});
