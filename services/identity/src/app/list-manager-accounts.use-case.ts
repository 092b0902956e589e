import type { AccountMessage } from '@storecast/proto';
import { listManagers } from '../db/accounts.repository';
import type { IdentityContext } from './context';
import { toAccountMessage } from './get-account.use-case';

/** AccountService.ListManagerAccounts: managers of the given stores and/or HQs, created_at asc, id asc (withdrawn included). */
export const listManagerAccounts = async (
  ctx: IdentityContext,
  filter: { role?: 'HQ_MANAGER' | 'STORE_MANAGER'; hqIds: string[]; storeIds: string[] },
): Promise<AccountMessage[]> => (await listManagers(ctx.db, filter)).map(toAccountMessage);
