/**
 * Manager account actions (spec 02 § Manager account status): suspend ACTIVE; reactivate
 * SUSPENDED; revoke ACTIVE or SUSPENDED (WITHDRAWN is terminal); reset password ACTIVE only;
 * resend setup ACTIVE only (identity's rule). Only ACTIVE and SUSPENDED accounts are manageable.
 */
export type ManagerStatus = 'ACTIVE' | 'SUSPENDED' | 'WITHDRAWN';
export type ManagerAction = 'RESET_PASSWORD' | 'SUSPEND' | 'REACTIVATE' | 'REVOKE' | 'RESEND_SETUP';

export const managerActionsFor = (status: ManagerStatus): ManagerAction[] => {
  switch (status) {
    case 'ACTIVE':
      return ['RESEND_SETUP', 'RESET_PASSWORD', 'SUSPEND', 'REVOKE'];
    case 'SUSPENDED':
      return ['REACTIVATE', 'REVOKE'];
    case 'WITHDRAWN':
      return [];
  }
};

/** Where identity acts on each kind of manager account (operator paths, spec 02 "not shown"). */
export type ManagerKind = 'hq-managers' | 'store-managers';
