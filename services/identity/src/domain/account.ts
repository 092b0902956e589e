/** Account roles and statuses (spec 02 § Manager account status). */
export const ROLES = ['OPERATOR', 'HQ_MANAGER', 'STORE_MANAGER'] as const;
export type Role = (typeof ROLES)[number];
export const ACCOUNT_STATUSES = ['ACTIVE', 'SUSPENDED', 'WITHDRAWN'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Lifecycle moves an operator makes on an account. */
export type LifecycleAction = 'SUSPEND' | 'REACTIVATE' | 'REVOKE' | 'RESET_PASSWORD' | 'RESEND_SETUP';

export type TransitionResult =
  | { ok: true; next: AccountStatus }
  | { ok: false; reason: string };

/**
 * The account status machine. The spec leaves start states open; chosen here:
 * - suspend: ACTIVE → SUSPENDED (suspending a suspended account is an invalid move, not a no-op)
 * - reactivate: SUSPENDED → ACTIVE
 * - revoke: ACTIVE or SUSPENDED → WITHDRAWN (terminal)
 * - reset password and resend setup: ACTIVE only, status unchanged
 * Anything else is 409 ACCOUNT_INVALID_STATUS_TRANSITION.
 */
export const transition = (status: AccountStatus, action: LifecycleAction): TransitionResult => {
  switch (action) {
    case 'SUSPEND':
      return status === 'ACTIVE' ? { ok: true, next: 'SUSPENDED' } : { ok: false, reason: `Cannot suspend an account that is ${status}` };
    case 'REACTIVATE':
      return status === 'SUSPENDED' ? { ok: true, next: 'ACTIVE' } : { ok: false, reason: `Cannot reactivate an account that is ${status}` };
    case 'REVOKE':
      return status === 'ACTIVE' || status === 'SUSPENDED'
        ? { ok: true, next: 'WITHDRAWN' }
        : { ok: false, reason: 'The account is already withdrawn' };
    case 'RESET_PASSWORD':
      return status === 'ACTIVE' ? { ok: true, next: 'ACTIVE' } : { ok: false, reason: `Cannot reset the password of an account that is ${status}` };
    case 'RESEND_SETUP':
      return status === 'ACTIVE' ? { ok: true, next: 'ACTIVE' } : { ok: false, reason: `Cannot send a setup link to an account that is ${status}` };
  }
};

/** Audit action names per target role (spec 02 § Events names the HQ manager ones). */
const AUDIT_PREFIX: Record<Role, string> = { HQ_MANAGER: 'HQ_MANAGER', STORE_MANAGER: 'STORE_MANAGER', OPERATOR: 'OPERATOR' };
const AUDIT_SUFFIX: Record<LifecycleAction, string> = {
  SUSPEND: 'SUSPENDED',
  REACTIVATE: 'REACTIVATED',
  REVOKE: 'REVOKED',
  RESET_PASSWORD: 'PASSWORD_RESET',
  RESEND_SETUP: 'SETUP_RESENT',
};
export const auditActionFor = (role: Role, action: LifecycleAction): string => `${AUDIT_PREFIX[role]}_${AUDIT_SUFFIX[action]}`;

/** The 404 code of an account looked up through a role-specific path. */
export const notFoundCodeFor = (role: Role | undefined): string =>
  role === 'HQ_MANAGER' ? 'HQ_MANAGER_NOT_FOUND' : role === 'STORE_MANAGER' ? 'STORE_MANAGER_NOT_FOUND' : 'ACCOUNT_NOT_FOUND';

/** Emails are compared and stored trimmed and lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
