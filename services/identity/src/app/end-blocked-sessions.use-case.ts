import type { IdentityContext } from './context';
import { listManagers } from '../db/accounts.repository';
import { revokeAccessTokens } from './sessions';

/**
 * Whose sign-in an organization change blocks (the same rule as `signInBlock`): the store managers
 * of a suspended, closed or deleted store; the HQ managers of a suspended or deleted HQ.
 */
export type BlockedScope =
  | { role: 'STORE_MANAGER'; hqId: string; storeId: string; reason: 'STORE_SUSPENDED' | 'STORE_CLOSED' | 'STORE_DELETED' | 'HQ_DELETED' }
  | { role: 'HQ_MANAGER'; hqId: string; reason: 'HQ_SUSPENDED' | 'HQ_DELETED' };

/**
 * Sign-in and refresh already ask organization and refuse these accounts (403 AUTH_STORE_SUSPENDED,
 * AUTH_STORE_CLOSED, AUTH_HQ_SUSPENDED); this ends the access tokens they already hold, in every
 * service at once (decision 0007's marks), so a suspended store's player cannot go on asking for
 * stream tickets or reporting plays for the rest of its token's 30 minutes. The client's next call
 * answers 401 AUTH_TOKEN_INVALID, its refresh then the 403 that says why.
 *
 * `at` is when organization made the change (the event's occurredAt), not when it is consumed: a
 * token issued after a reactivation that came before this event is late stays valid. Refresh
 * tokens are kept, so a reactivated store's player refreshes without signing in again. Impersonated
 * sessions carry the HQ manager as their subject and end with the HQ managers'.
 */
export const endBlockedSessions = async (ctx: IdentityContext, scope: BlockedScope, at: Date): Promise<number> => {
  const managers = await listManagers(ctx.db, {
    role: scope.role,
    hqIds: scope.role === 'HQ_MANAGER' ? [scope.hqId] : [],
    storeIds: scope.role === 'STORE_MANAGER' ? [scope.storeId] : [],
    withinHqId: scope.hqId,
  });
  // Withdrawn accounts had their tokens ended when they were withdrawn.
  const ids = managers.filter((m) => m.status !== 'WITHDRAWN').map((m) => m.id);
  await Promise.all(ids.map((id) => revokeAccessTokens(ctx, id, at)));
  if (ids.length > 0) ctx.logger.info({ ...scope, accounts: ids.length, before: at.toISOString() }, 'access tokens ended: organization blocks their sign-in');
  return ids.length;
};
