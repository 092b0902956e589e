import { isUuid, notFound } from '@storecast/service-kit';
import type { AccountMessage } from '@storecast/proto';
import { findById } from '../db/accounts.repository';
import type { AccountRow } from '../db/schema';
import type { IdentityContext } from './context';

/** An account as other services read it over gRPC. */
export const toAccountMessage = (a: AccountRow): AccountMessage => ({
  id: a.id,
  email: a.email,
  name: a.name ?? undefined,
  role: a.role,
  status: a.status,
  hqId: a.hqId ?? undefined,
  storeId: a.storeId ?? undefined,
  passwordMustChange: a.passwordMustChange,
  lastLoginAt: a.lastLoginAt?.toISOString(),
  createdAt: a.createdAt.toISOString(),
});

export const getAccount = async (ctx: IdentityContext, id: string): Promise<AccountMessage> => {
  const account = isUuid(id) ? await findById(ctx.db, id) : undefined;
  if (!account) throw notFound('ACCOUNT_NOT_FOUND', 'Account not found');
  return toAccountMessage(account);
};
