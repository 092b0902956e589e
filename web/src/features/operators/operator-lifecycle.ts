/** Operator account lifecycle as identity enforces it (spec 02 § Manager account status; start states chosen by identity). */
export type OperatorStatus = 'ACTIVE' | 'SUSPENDED' | 'WITHDRAWN';
export type OperatorAction = 'SUSPEND' | 'REACTIVATE' | 'RESET_PASSWORD' | 'REVOKE' | 'RESEND_SETUP';

/** Display order of the row buttons. */
export const OPERATOR_ACTIONS: readonly OperatorAction[] = ['SUSPEND', 'REACTIVATE', 'RESET_PASSWORD', 'RESEND_SETUP', 'REVOKE'];

const ALLOWED_FROM: Record<OperatorAction, readonly OperatorStatus[]> = {
  SUSPEND: ['ACTIVE'],
  REACTIVATE: ['SUSPENDED'],
  RESET_PASSWORD: ['ACTIVE'],
  RESEND_SETUP: ['ACTIVE'],
  REVOKE: ['ACTIVE', 'SUSPENDED'],
};

/** The status an action leads to (WITHDRAWN is terminal). */
export const NEXT_STATUS: Record<OperatorAction, OperatorStatus | null> = {
  SUSPEND: 'SUSPENDED',
  REACTIVATE: 'ACTIVE',
  RESET_PASSWORD: null,
  RESEND_SETUP: null,
  REVOKE: 'WITHDRAWN',
};

/** What may be done to an operator: nothing to one's own account, nothing to a WITHDRAWN one. */
export const actionsFor = (status: OperatorStatus, isSelf: boolean): OperatorAction[] =>
  isSelf ? [] : OPERATOR_ACTIONS.filter((a) => ALLOWED_FROM[a].includes(status));

/** Suspension reasons: not blank, at most 255 characters (spec 02 § Limits). */
export const REASON_MAX = 255;
export type ReasonProblem = 'REQUIRED' | 'TOO_LONG' | null;
export const reasonProblem = (reason: string): ReasonProblem =>
  !reason.trim() ? 'REQUIRED' : reason.trim().length > REASON_MAX ? 'TOO_LONG' : null;

/** Passwords: 8 to 100 characters (spec 02 § Limits). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;
export type PasswordProblem = 'TOO_SHORT' | 'TOO_LONG' | null;
export const passwordProblem = (password: string): PasswordProblem =>
  password.length < PASSWORD_MIN ? 'TOO_SHORT' : password.length > PASSWORD_MAX ? 'TOO_LONG' : null;

/** Emails: at most 254 characters, one @ with text on both sides and a dot in the domain. */
export const EMAIL_MAX = 254;
export type EmailProblem = 'REQUIRED' | 'TOO_LONG' | 'INVALID' | null;
export const emailProblem = (email: string): EmailProblem => {
  const v = email.trim();
  if (!v) return 'REQUIRED';
  if (v.length > EMAIL_MAX) return 'TOO_LONG';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? null : 'INVALID';
};

/** Operator names: not blank, at most 255 characters. */
export const NAME_MAX = 255;
export const nameProblem = (name: string): 'REQUIRED' | 'TOO_LONG' | null =>
  !name.trim() ? 'REQUIRED' : name.trim().length > NAME_MAX ? 'TOO_LONG' : null;
