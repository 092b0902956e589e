/** What an operator may do to a sign-up and its keys (identity's rules for API clients, spec 01 "approval, then keys"). */
export type ClientStatus = 'PENDING' | 'APPROVED' | 'REJECTED';
export type KeyStatus = 'ACTIVE' | 'REVOKED' | 'EXPIRED';

/** Only a PENDING sign-up is approved or rejected (else 409 API_CLIENT_INVALID_STATUS_TRANSITION). */
export const canDecide = (status: ClientStatus): boolean => status === 'PENDING';

/** Keys are issued to APPROVED clients only (else 409 API_CLIENT_NOT_APPROVED). */
export const canIssueKey = (status: ClientStatus): boolean => status === 'APPROVED';

/** A key is rotated or revoked while ACTIVE; rotation also needs the client APPROVED (409 API_KEY_REVOKED otherwise). */
export const keyActions = (client: ClientStatus, key: KeyStatus): Array<'ROTATE' | 'REVOKE'> =>
  key !== 'ACTIVE' ? [] : client === 'APPROVED' ? ['ROTATE', 'REVOKE'] : ['REVOKE'];

/** Rejection reasons: not blank, at most 255 characters. */
export const REJECT_REASON_MAX = 255;
export const rejectReasonProblem = (reason: string): 'REQUIRED' | 'TOO_LONG' | null =>
  !reason.trim() ? 'REQUIRED' : reason.trim().length > REJECT_REASON_MAX ? 'TOO_LONG' : null;

/** Key lifetime in days: empty means the server's default, else a whole number 1..3650. */
export const EXPIRY_DAYS_MAX = 3650;
export const expiryDaysProblem = (days: number | string | null | undefined): 'NOT_WHOLE' | 'OUT_OF_RANGE' | null => {
  if (days === '' || days === null || days === undefined) return null;
  const n = typeof days === 'number' ? days : Number(days);
  if (!Number.isInteger(n)) return 'NOT_WHOLE';
  return n < 1 || n > EXPIRY_DAYS_MAX ? 'OUT_OF_RANGE' : null;
};
