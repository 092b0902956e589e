import { decideSetupConsent, isAgreeableVersion, requiresAgreement, resolveSubject } from './agreement';

describe('consent subject', () => {
  it('an HQ manager agrees for its HQ', () => {
    expect(resolveSubject({ role: 'HQ_MANAGER', hqId: 'h1', storeId: 's1' })).toEqual({ outcome: 'SUBJECT', subject: { type: 'HQ', id: 'h1' } });
  });

  it('a store manager agrees for its store', () => {
    expect(resolveSubject({ role: 'STORE_MANAGER', hqId: 'h1', storeId: 's1' })).toEqual({ outcome: 'SUBJECT', subject: { type: 'STORE', id: 's1' } });
  });

  it('agreement does not apply to operators', () => {
    expect(resolveSubject({ role: 'OPERATOR' })).toEqual({ outcome: 'NOT_APPLICABLE' });
  });

  it('a manager without its HQ or store, or an unknown role, is invalid', () => {
    expect(resolveSubject({ role: 'HQ_MANAGER', hqId: '' })).toMatchObject({ outcome: 'INVALID', field: 'hqId' });
    expect(resolveSubject({ role: 'STORE_MANAGER', hqId: 'h1' })).toMatchObject({ outcome: 'INVALID', field: 'storeId' });
    expect(resolveSubject({ role: 'ADMIN' })).toMatchObject({ outcome: 'INVALID', field: 'role' });
  });
});

describe('agreement gate', () => {
  it('nothing published never requires agreement', () => {
    expect(requiresAgreement(null, null)).toBe(false);
    expect(requiresAgreement(null, 'v1')).toBe(false);
  });

  it('a current version never agreed requires agreement', () => {
    expect(requiresAgreement('v1', null)).toBe(true);
  });

  it('a current version that differs from the latest agreed one requires agreement again', () => {
    expect(requiresAgreement('v2', 'v1')).toBe(true);
  });

  it('having agreed to the current version clears the gate', () => {
    expect(requiresAgreement('v2', 'v2')).toBe(false);
  });

  it('only the current version can be agreed', () => {
    expect(isAgreeableVersion('v2', 'v2')).toBe(true);
    expect(isAgreeableVersion('v2', 'v1')).toBe(false);
    expect(isAgreeableVersion(null, 'v1')).toBe(false);
  });
});

describe('setup consent', () => {
  it('records the current version when it is the one sent', () => {
    expect(decideSetupConsent('v1', 'v1')).toEqual({ outcome: 'RECORD', version: 'v1' });
  });

  it('a version other than the current one, or none while one is published, is invalid', () => {
    expect(decideSetupConsent('v2', 'v1')).toEqual({ outcome: 'INVALID_VERSION' });
    expect(decideSetupConsent('v2', null)).toEqual({ outcome: 'INVALID_VERSION' });
    expect(decideSetupConsent('v2', '')).toEqual({ outcome: 'INVALID_VERSION' });
  });

  it('with nothing published there is nothing to record, and a version sent is invalid', () => {
    expect(decideSetupConsent(null, undefined)).toEqual({ outcome: 'NOTHING' });
    expect(decideSetupConsent(null, 'v1')).toEqual({ outcome: 'INVALID_VERSION' });
  });
});
