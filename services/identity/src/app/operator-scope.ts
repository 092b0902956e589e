import { forbidden, isUuid, type Principal } from '@storecast/service-kit';
import { findById } from '../db/accounts.repository';
import type { IdentityContext } from './context';

/**
 * Operator actions act for an operator who is still ACTIVE in the database: the token may predate
 * a suspension or revocation (spec 02: an inactive account gives 403 PRINCIPAL_SCOPE_MISMATCH).
 * The route has already checked the token, the role, the password gate and impersonation.
 */
export const assertActiveOperator = async (ctx: IdentityContext, principal: Principal): Promise<void> => {
  const account = isUuid(principal.accountId) ? await findById(ctx.db, principal.accountId) : undefined;
  if (!account || account.role !== 'OPERATOR' || account.status !== 'ACTIVE') {
    throw forbidden('PRINCIPAL_SCOPE_MISMATCH', 'The caller is not an active operator');
  }
};
