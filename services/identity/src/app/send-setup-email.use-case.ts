import { conflict, isUuid, notFound, type Principal } from '@storecast/service-kit';
import { findById } from '../db/accounts.repository';
import { transition } from '../domain/account';
import type { IdentityContext } from './context';
import { sendSetupLink } from './mail';
import { assertMayActOnManagerAccount } from './manager-account-access';

/**
 * AccountService.SendSetupEmail: a new setup link (earlier ones stop working) mailed to the account.
 * Only ACTIVE accounts (409 ACCOUNT_INVALID_STATUS_TRANSITION otherwise). delivered=false when the
 * transport refused the message (the link exists; a resend makes a new one). The caller (decision
 * 0008) must be allowed to act on the account: an operator, or an HQ manager for its own store managers.
 */
export const sendSetupEmail = async (ctx: IdentityContext, caller: Principal, accountId: string): Promise<{ delivered: boolean }> => {
  const account = isUuid(accountId) ? await findById(ctx.db, accountId) : undefined;
  if (!account) throw notFound('ACCOUNT_NOT_FOUND', 'Account not found');
  assertMayActOnManagerAccount(caller, account);
  const move = transition(account.status, 'RESEND_SETUP');
  if (!move.ok) throw conflict('ACCOUNT_INVALID_STATUS_TRANSITION', move.reason);
  const result = await sendSetupLink(ctx, account);
  return { delivered: result.sent };
};
