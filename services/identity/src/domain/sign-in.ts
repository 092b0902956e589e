import type { Role } from './account';

/** What organization reports about the HQ / store of an account (GetSignInStatus). */
export interface OrganizationFacts {
  hqFound: boolean;
  hqStatus?: string;
  hqType?: string;
  storeFound: boolean;
  storeStatus?: string;
  storeClosed: boolean;
}

export type SignInBlock = { status: 403; code: 'AUTH_STORE_CLOSED' | 'AUTH_STORE_SUSPENDED' | 'AUTH_HQ_SUSPENDED'; message: string };

/**
 * Spec 02 § Authentication, blocked login: store managers of a closed store (AUTH_STORE_CLOSED) or a
 * suspended store (AUTH_STORE_SUSPENDED), HQ managers of a suspended HQ (AUTH_HQ_SUSPENDED). Applied
 * at login and at every refresh. A store or HQ organization no longer knows (deleted) blocks like a
 * closed store / suspended HQ: an account must not outlive its organization.
 */
export const signInBlock = (role: Role, facts: OrganizationFacts): SignInBlock | null => {
  if (role === 'STORE_MANAGER') {
    if (!facts.storeFound || facts.storeClosed) return { status: 403, code: 'AUTH_STORE_CLOSED', message: 'The store is closed' };
    if (facts.storeStatus === 'SUSPENDED') return { status: 403, code: 'AUTH_STORE_SUSPENDED', message: 'The store is suspended' };
  }
  if (role === 'HQ_MANAGER') {
    if (!facts.hqFound || facts.hqStatus === 'SUSPENDED') return { status: 403, code: 'AUTH_HQ_SUSPENDED', message: 'The HQ is suspended' };
  }
  return null;
};

/** Which roles need organization facts to sign in. */
export const needsOrganizationCheck = (role: Role): boolean => role === 'HQ_MANAGER' || role === 'STORE_MANAGER';

export type ImpersonationIssueBlock = { status: 403 | 404; code: 'INDEPENDENT_HQ_IMPERSONATION_FORBIDDEN' | 'HQ_NOT_FOUND'; message: string };

/** Issue: only FRANCHISE HQs may be impersonated (the suspended check happens at exchange, per spec). */
export const impersonationIssueBlock = (facts: Pick<OrganizationFacts, 'hqFound' | 'hqType'>): ImpersonationIssueBlock | null => {
  if (!facts.hqFound) return { status: 404, code: 'HQ_NOT_FOUND', message: 'HQ not found' };
  if (facts.hqType !== 'FRANCHISE') {
    return { status: 403, code: 'INDEPENDENT_HQ_IMPERSONATION_FORBIDDEN', message: 'Independent HQs cannot be impersonated' };
  }
  return null;
};

/** Exchange: a suspended (or vanished) HQ cannot be entered. */
export const impersonationExchangeBlocked = (facts: Pick<OrganizationFacts, 'hqFound' | 'hqStatus'>): boolean =>
  !facts.hqFound || facts.hqStatus === 'SUSPENDED';
