import { unauthorized } from '@storecast/service-kit';
import { findLiveByEmail, updateAccount } from '../db/accounts.repository';
import type { IdentityContext } from './context';
import { assertNotSuspended, assertOrganizationAllows, issueSession } from './sessions';

/** One message for unknown emails and wrong passwords: account lookups never reveal an email. */
export const INVALID_CREDENTIALS_MESSAGE = 'Email or password is incorrect';
export const invalidCredentials = () => unauthorized('AUTH_INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);

/**
 * POST /api/v1/auth/login. An unknown email is compared against a dummy hash, so it costs the same
 * bcrypt compare as a wrong password and answers the same 401. Suspension and organization blocks
 * are told only to a caller who knows the password.
 */
export const login = async (ctx: IdentityContext, input: { email: string; password: string }) => {
  const account = await findLiveByEmail(ctx.db, input.email);
  const matches = await ctx.hasher.verify(input.password, account?.passwordHash ?? ctx.dummyHash);
  if (!account || !matches) throw invalidCredentials();
  assertNotSuspended(account);
  await assertOrganizationAllows(ctx, account);
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const updated = await updateAccount(tx, account.id, { lastLoginAt: now });
    return issueSession(ctx, tx, updated);
  });
};
