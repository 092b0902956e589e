import { impersonationExchangeBlocked, impersonationIssueBlock, signInBlock } from './sign-in';

const ok = { hqFound: true, hqStatus: 'ACTIVE', hqType: 'FRANCHISE', storeFound: true, storeStatus: 'ACTIVE', storeClosed: false };

describe('blocked sign-in', () => {
  it('lets managers of active organizations in', () => {
    expect(signInBlock('STORE_MANAGER', ok)).toBeNull();
    expect(signInBlock('HQ_MANAGER', ok)).toBeNull();
    expect(signInBlock('OPERATOR', { ...ok, hqFound: false, storeFound: false })).toBeNull();
  });

  it('blocks store managers of a closed store with AUTH_STORE_CLOSED, even when also suspended', () => {
    expect(signInBlock('STORE_MANAGER', { ...ok, storeClosed: true, storeStatus: 'SUSPENDED' })?.code).toBe('AUTH_STORE_CLOSED');
    expect(signInBlock('STORE_MANAGER', { ...ok, storeFound: false })?.code).toBe('AUTH_STORE_CLOSED');
  });

  it('blocks store managers of a suspended store with AUTH_STORE_SUSPENDED', () => {
    expect(signInBlock('STORE_MANAGER', { ...ok, storeStatus: 'SUSPENDED' })).toMatchObject({ status: 403, code: 'AUTH_STORE_SUSPENDED' });
  });

  it('blocks HQ managers of a suspended HQ with AUTH_HQ_SUSPENDED', () => {
    expect(signInBlock('HQ_MANAGER', { ...ok, hqStatus: 'SUSPENDED' })).toMatchObject({ status: 403, code: 'AUTH_HQ_SUSPENDED' });
    expect(signInBlock('HQ_MANAGER', { ...ok, hqStatus: 'UNPAID' })).toBeNull();
  });
});

describe('impersonation', () => {
  it('is issued for FRANCHISE HQs only', () => {
    expect(impersonationIssueBlock({ hqFound: true, hqType: 'FRANCHISE' })).toBeNull();
    expect(impersonationIssueBlock({ hqFound: true, hqType: 'INDEPENDENT' })?.code).toBe('INDEPENDENT_HQ_IMPERSONATION_FORBIDDEN');
    expect(impersonationIssueBlock({ hqFound: false })?.code).toBe('HQ_NOT_FOUND');
  });

  it('cannot be exchanged into a suspended HQ', () => {
    expect(impersonationExchangeBlocked({ hqFound: true, hqStatus: 'SUSPENDED' })).toBe(true);
    expect(impersonationExchangeBlocked({ hqFound: true, hqStatus: 'ACTIVE' })).toBe(false);
  });
});
