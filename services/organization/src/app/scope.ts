import { hqScope, storeScope, type Principal } from '@storecast/service-kit';
import type { HqRow, StoreRow } from '../db/schema';
import { findHq } from '../db/hq.repository';
import { findStoreWithHq } from '../db/store.repository';
import { findManagerProjection } from '../db/manager-account.repository';
import type { AppContext } from './context';
import { errors } from './errors';

/**
 * HQ paths act on the caller's HQ only: the token's hqId must name a live HQ, and the calling
 * account must be in our copy of the manager accounts (manager_accounts) as an ACTIVE HQ manager
 * of that HQ. Authorization fails closed: an account missing from the copy does not pass.
 * Otherwise 403 PRINCIPAL_SCOPE_MISMATCH (spec 02 § Authentication).
 */
export const callerHq = async (ctx: AppContext, principal: Principal): Promise<HqRow> => {
  const hqId = hqScope(principal);
  const hq = await findHq(ctx.db, hqId);
  if (!hq) throw errors.scopeMismatch();
  const known = await findManagerProjection(ctx.db, principal.accountId);
  if (!known || (known.role !== 'HQ_MANAGER' || known.hqId !== hqId || known.status !== 'ACTIVE')) throw errors.scopeMismatch();
  return hq;
};

/**
 * Store paths act on the caller's store only: the account must be in our copy as an ACTIVE store
 * manager of that store (403 PRINCIPAL_SCOPE_MISMATCH otherwise, also when missing). A closed or
 * suspended store answers 403 AUTH_STORE_CLOSED / AUTH_STORE_SUSPENDED, the codes sign-in gives, so
 * a token issued before the change stops working too.
 */
export const callerStore = async (ctx: AppContext, principal: Principal): Promise<{ store: StoreRow; hq: HqRow }> => {
  const storeId = storeScope(principal);
  const found = await findStoreWithHq(ctx.db, storeId);
  if (!found) throw errors.scopeMismatch();
  if (principal.hqId && principal.hqId !== found.store.hqId) throw errors.scopeMismatch();
  const known = await findManagerProjection(ctx.db, principal.accountId);
  if (!known || (known.role !== 'STORE_MANAGER' || known.storeId !== storeId || known.status !== 'ACTIVE')) throw errors.scopeMismatch();
  if (found.store.closedAt) throw errors.storeClosed();
  if (found.store.status === 'SUSPENDED') throw errors.storeSuspended();
  return found;
};
