import type { AccountMessage } from '@storecast/proto';
import type { Principal } from '@storecast/service-kit';
import { listManagers } from '../db/accounts.repository';
import type { IdentityContext } from './context';
import { toAccountMessage } from './get-account.use-case';
import { managerListScope } from './manager-account-access';

/**
 * AccountService.ListManagerAccounts: managers of the given stores and/or HQs, created_at asc, id asc
 * (withdrawn included); an HQ manager caller sees those of its own HQ only.
 */
export const listManagerAccounts = async (
  ctx: IdentityContext,
  caller: Principal,
  filter: { role?: 'HQ_MANAGER' | 'STORE_MANAGER'; hqIds: string[]; storeIds: string[] },
): Promise<AccountMessage[]> => (await listManagers(ctx.db, { ...filter, withinHqId: managerListScope(caller) })).map(toAccountMessage);
