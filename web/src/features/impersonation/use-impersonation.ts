import { useSessionTokens } from '../auth/api/auth-api';
import type { Impersonation } from '../../lib/auth/session';

/** The impersonation of this tab's session, or null when the account holder is signed in themselves. */
export const useImpersonation = (): Impersonation | null => useSessionTokens()?.impersonation ?? null;
