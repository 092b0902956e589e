import { describe, expect, it } from 'vitest';
import { managerActionsFor } from './manager-rules';

describe('manager account actions (spec 02 § Manager account status)', () => {
  it('resets the password, resends setup, suspends and revokes an ACTIVE account', () => {
    expect(managerActionsFor('ACTIVE')).toEqual(['RESEND_SETUP', 'RESET_PASSWORD', 'SUSPEND', 'REVOKE']);
  });
  it('reactivates or revokes a SUSPENDED account; no password reset (ACTIVE only)', () => {
    expect(managerActionsFor('SUSPENDED')).toEqual(['REACTIVATE', 'REVOKE']);
  });
  it('offers nothing for WITHDRAWN (terminal)', () => {
    expect(managerActionsFor('WITHDRAWN')).toEqual([]);
  });
});
