import { conflict, notFound, serviceUnavailable, type Principal } from '@storecast/service-kit';
import { findById } from '../db/accounts.repository';
import { auditActionFor, transition } from '../domain/account';
import type { IdentityContext } from './context';
import { sendSetupLink } from './mail';
import { assertActiveOperator } from './operator-scope';

/**
 * POST /api/v1/admin/accounts/{accountId}/resend-setup → 204. Any role; ACTIVE only (409
 * ACCOUNT_INVALID_STATUS_TRANSITION); unknown 404 ACCOUNT_NOT_FOUND. A new link replaces earlier
 * ones. When the mail transport refuses the message: 503 SERVICE_UNAVAILABLE (the operator retries).
 * Audit `<ROLE>_SETUP_RESENT`, written with the new link.
 */
export const resendSetup = async (ctx: IdentityContext, principal: Principal, accountId: string): Promise<void> => {
  await assertActiveOperator(ctx, principal);
  const account = await findById(ctx.db, accountId);
  if (!account) throw notFound('ACCOUNT_NOT_FOUND', 'Account not found');
  const move = transition(account.status, 'RESEND_SETUP');
  if (!move.ok) throw conflict('ACCOUNT_INVALID_STATUS_TRANSITION', move.reason);
  const result = await sendSetupLink(ctx, account, {
    actor: principal,
    entry: {
      action: auditActionFor(account.role, 'RESEND_SETUP'),
      targetType: account.role,
      targetId: account.id,
      targetLabel: account.email,
      hqId: account.hqId,
      storeId: account.storeId,
    },
  });
  if (!result.sent) throw serviceUnavailable('The setup email could not be sent');
};
