import { deleteRefreshTokens, findLiveByEmail, updateAccount } from '../db/accounts.repository';
import { consumeLink } from '../db/tokens.repository';
import { invalidLink, resolveLink } from './account-links';
import type { IdentityContext } from './context';
import { createLink, deliver } from './mail';
import { revokeAccessTokens } from './sessions';

/**
 * POST /api/v1/auth/password-reset/request → 204 whatever the email, answered before any work that
 * only a real account causes: the request only queues the email (AfterResponseQueue), so the
 * answer takes the same time and says the same thing either way (bench/password-reset-timing).
 * After the response, sendPasswordReset looks the email up; for an ACTIVE account a reset link is
 * created and mailed; unknown, suspended and withdrawn emails get nothing. A newer link replaces
 * older ones.
 */
export const requestPasswordReset = (ctx: IdentityContext, input: { email: string }): void => {
  ctx.afterResponse.push('password-reset', () => sendPasswordReset(ctx, input.email));
};

/** The work behind a reset request, run after the answer: lookup, link, mail. */
const sendPasswordReset = async (ctx: IdentityContext, email: string): Promise<void> => {
  const account = await findLiveByEmail(ctx.db, email);
  if (!account || account.status !== 'ACTIVE') return;
  const link = await ctx.db.transaction((tx) => createLink(ctx, tx, account, 'PASSWORD_RESET'));
  const sent = await deliver(ctx, {
    template: 'PASSWORD_RESET',
    to: account.email,
    accountId: account.id,
    values: { name: account.name ?? account.email, resetLink: link.url, expiresAt: link.expiresAt.toISOString() },
  });
  if (!sent.sent) ctx.logger.warn({ accountId: account.id }, 'password reset mail not sent');
};

/**
 * POST /api/v1/auth/password-reset/confirm → 204. Sets the password (passwordMustChange false), uses
 * up the link and ends every session. Bad link → 400 ACCOUNT_TOKEN_INVALID.
 */
export const confirmPasswordReset = async (ctx: IdentityContext, input: { token: string; newPassword: string }): Promise<void> => {
  await resolveLink(ctx, input.token, 'PASSWORD_RESET');
  const passwordHash = await ctx.hasher.hash(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    const { link, account } = await resolveLink(ctx, input.token, 'PASSWORD_RESET', tx);
    const now = ctx.clock.now();
    if (!(await consumeLink(tx, link.id, now))) throw invalidLink();
    await updateAccount(tx, account.id, { passwordHash, passwordMustChange: false, updatedAt: now });
    await deleteRefreshTokens(tx, account.id);
    await revokeAccessTokens(ctx, account.id, now);
  });
};
