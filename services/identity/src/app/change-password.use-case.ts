import { unauthorized, validationFailed, writeAudit, type Principal } from '@storecast/service-kit';
import { deleteRefreshTokens, findById, updateAccount } from '../db/accounts.repository';
import type { IdentityContext } from './context';
import { invalidCredentials } from './login.use-case';
import { assertNotSuspended, assertOrganizationAllows, issueSession, revokeAccessTokens } from './sessions';

/**
 * POST /api/v1/auth/change-password (the route refuses impersonated sessions). A wrong current
 * password is 401 AUTH_INVALID_CREDENTIALS; the new password must differ from the current one
 * (400 VALIDATION_FAILED). Clears passwordMustChange, deletes every refresh token of the account
 * and answers a new session (AuthResponse) whose token carries passwordMustChange=false.
 * Audit: STORE_PASSWORD_CHANGED for store managers (spec 03 § Events), ACCOUNT_PASSWORD_CHANGED otherwise.
 */
export const changePassword = async (ctx: IdentityContext, principal: Principal, input: { currentPassword: string; newPassword: string }) => {
  const account = await findById(ctx.db, principal.accountId);
  if (!account || account.status === 'WITHDRAWN') throw unauthorized('AUTH_TOKEN_INVALID', 'The account no longer exists');
  assertNotSuspended(account);
  if (!(await ctx.hasher.verify(input.currentPassword, account.passwordHash))) throw invalidCredentials();
  if (input.currentPassword === input.newPassword) {
    throw validationFailed([{ field: 'newPassword', code: 'SAME_AS_CURRENT', message: 'The new password must differ from the current one' }]);
  }
  await assertOrganizationAllows(ctx, account);
  const passwordHash = await ctx.hasher.hash(input.newPassword);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const updated = await updateAccount(tx, account.id, { passwordHash, passwordMustChange: false, updatedAt: now });
    await deleteRefreshTokens(tx, account.id);
    await revokeAccessTokens(ctx, account.id, now);
    await writeAudit(
      tx,
      principal,
      {
        action: account.role === 'STORE_MANAGER' ? 'STORE_PASSWORD_CHANGED' : 'ACCOUNT_PASSWORD_CHANGED',
        targetType: account.role,
        targetId: account.id,
        targetLabel: account.email,
        hqId: account.hqId,
        storeId: account.storeId,
      },
      ctx.clock,
    );
    return issueSession(ctx, tx, updated);
  });
};
