import { forbidden, forbidImpersonation, type Principal } from '@storecast/service-kit';

/**
 * Who may act on manager accounts through AccountService (decision 0008): always the verified
 * caller whose access token organization forwards in metadata, never an actor the request names.
 * Every AccountService call is made on a person's behalf (an operator onboarding or deleting, an
 * HQ manager issuing store managers), so identity checks that person here, not the network.
 */

type ManagerRole = 'HQ_MANAGER' | 'STORE_MANAGER';

const mayManage = (caller: Principal, target: { role: string; hqId: string | null }): void => {
  if (caller.role === 'OPERATOR') {
    if (target.role === 'HQ_MANAGER' || target.role === 'STORE_MANAGER') return;
    throw forbidden('FORBIDDEN', 'Only manager accounts are managed here');
  }
  if (caller.role === 'HQ_MANAGER' && target.role === 'STORE_MANAGER') {
    if (!caller.hqId || caller.hqId !== target.hqId) throw forbidden('PRINCIPAL_SCOPE_MISMATCH', "The account is not of the caller's HQ");
    return;
  }
  throw forbidden('FORBIDDEN', 'This role may not act on this account');
};

/**
 * Creating, mailing and withdrawing a manager account: an impersonated session may take no manager
 * account action (403 IMPERSONATION_FORBIDDEN_ACTION, spec 02); a pending password change is 403
 * PASSWORD_CHANGE_REQUIRED; an operator acts on any manager; an HQ manager on store managers of its
 * own HQ only (else 403 PRINCIPAL_SCOPE_MISMATCH); anyone else 403 FORBIDDEN.
 */
export const assertMayActOnManagerAccount = (caller: Principal, target: { role: string; hqId: string | null }): void => {
  forbidImpersonation(caller);
  if (caller.passwordMustChange) throw forbidden('PASSWORD_CHANGE_REQUIRED', 'The password must be changed first');
  mayManage(caller, target);
};

export const assertMayCreateManagerAccount = (caller: Principal, input: { role: ManagerRole; hqId: string }): void =>
  assertMayActOnManagerAccount(caller, input);

/**
 * Listing managers is a read (allowed while impersonating, as every HQ read is): an operator sees
 * any HQ's and store's managers; an HQ manager only those of its own HQ (the answer is restricted
 * to it, so naming another HQ's stores yields nothing of theirs); anyone else 403 FORBIDDEN.
 * Returns the HQ the list is confined to, or null for all.
 */
export const managerListScope = (caller: Principal): string | null => {
  if (caller.role === 'OPERATOR') return null;
  if (caller.role === 'HQ_MANAGER' && caller.hqId) return caller.hqId;
  throw forbidden('FORBIDDEN', 'This role may not list manager accounts');
};
