import { auditActionFor, notFoundCodeFor, transition, normalizeEmail } from './account';

describe('account status machine', () => {
  it('suspends only an ACTIVE account', () => {
    expect(transition('ACTIVE', 'SUSPEND')).toEqual({ ok: true, next: 'SUSPENDED' });
    expect(transition('SUSPENDED', 'SUSPEND').ok).toBe(false);
    expect(transition('WITHDRAWN', 'SUSPEND').ok).toBe(false);
  });

  it('reactivates only a SUSPENDED account', () => {
    expect(transition('SUSPENDED', 'REACTIVATE')).toEqual({ ok: true, next: 'ACTIVE' });
    expect(transition('ACTIVE', 'REACTIVATE').ok).toBe(false);
    expect(transition('WITHDRAWN', 'REACTIVATE').ok).toBe(false);
  });

  it('revokes ACTIVE and SUSPENDED accounts; WITHDRAWN is terminal', () => {
    expect(transition('ACTIVE', 'REVOKE')).toEqual({ ok: true, next: 'WITHDRAWN' });
    expect(transition('SUSPENDED', 'REVOKE')).toEqual({ ok: true, next: 'WITHDRAWN' });
    expect(transition('WITHDRAWN', 'REVOKE').ok).toBe(false);
  });

  it('resets passwords and resends setup links of ACTIVE accounts only', () => {
    for (const action of ['RESET_PASSWORD', 'RESEND_SETUP'] as const) {
      expect(transition('ACTIVE', action)).toEqual({ ok: true, next: 'ACTIVE' });
      expect(transition('SUSPENDED', action).ok).toBe(false);
      expect(transition('WITHDRAWN', action).ok).toBe(false);
    }
  });

  it('names audit actions after the target role, as spec 02 names the HQ manager ones', () => {
    expect(auditActionFor('HQ_MANAGER', 'RESET_PASSWORD')).toBe('HQ_MANAGER_PASSWORD_RESET');
    expect(auditActionFor('HQ_MANAGER', 'SUSPEND')).toBe('HQ_MANAGER_SUSPENDED');
    expect(auditActionFor('HQ_MANAGER', 'REACTIVATE')).toBe('HQ_MANAGER_REACTIVATED');
    expect(auditActionFor('HQ_MANAGER', 'REVOKE')).toBe('HQ_MANAGER_REVOKED');
    expect(auditActionFor('STORE_MANAGER', 'REVOKE')).toBe('STORE_MANAGER_REVOKED');
    expect(auditActionFor('OPERATOR', 'SUSPEND')).toBe('OPERATOR_SUSPENDED');
  });

  it('answers the role-specific 404 code', () => {
    expect(notFoundCodeFor('HQ_MANAGER')).toBe('HQ_MANAGER_NOT_FOUND');
    expect(notFoundCodeFor('STORE_MANAGER')).toBe('STORE_MANAGER_NOT_FOUND');
    expect(notFoundCodeFor('OPERATOR')).toBe('ACCOUNT_NOT_FOUND');
  });

  it('normalizes emails by trimming and lower-casing', () => {
    expect(normalizeEmail('  Kim@Example.COM ')).toBe('kim@example.com');
  });
});
