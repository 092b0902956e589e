import { badRequest, isUniqueViolation, unauthorized, writeAudit, type Principal } from '@storecast/service-kit';
import { findById, findLiveByEmail, updateAccount } from '../db/accounts.repository';
import { consumeLink } from '../db/tokens.repository';
import { invalidLink, resolveLink } from './account-links';
import type { IdentityContext } from './context';
import { createLink, deliver } from './mail';

const emailInUse = () => badRequest('EMAIL_ALREADY_IN_USE', 'This email is already in use');

/**
 * POST /api/v1/auth/email-change/request → 204 (own account, signed in; the route refuses
 * impersonated sessions with 403 IMPERSONATION_FORBIDDEN_ACTION). The new address must be free (400 EMAIL_ALREADY_IN_USE, also for
 * the current address). A verification link (EMAIL_CHANGE_VERIFY) goes to the NEW address; a newer
 * request replaces older links.
 */
export const requestEmailChange = async (ctx: IdentityContext, principal: Principal, input: { newEmail: string }): Promise<void> => {
  const account = await findById(ctx.db, principal.accountId);
  if (!account || account.status !== 'ACTIVE') throw unauthorized('AUTH_TOKEN_INVALID', 'The account is not active');
  if (account.email === input.newEmail || (await findLiveByEmail(ctx.db, input.newEmail))) throw emailInUse();
  const link = await ctx.db.transaction((tx) => createLink(ctx, tx, account, 'EMAIL_CHANGE', input.newEmail));
  await deliver(ctx, {
    template: 'EMAIL_CHANGE_VERIFY',
    to: input.newEmail,
    accountId: account.id,
    values: { name: account.name ?? account.email, newEmail: input.newEmail, verifyLink: link.url, expiresAt: link.expiresAt.toISOString() },
  });
};

/**
 * POST /api/v1/auth/email-change/confirm → 204 (public: the link is the credential). Changes the
 * sign-in email, uses up the link and sends EMAIL_CHANGE_NOTICE to the OLD address. Sessions stay.
 * An address taken in the meantime → 400 EMAIL_ALREADY_IN_USE (the link stays usable).
 * Audit ACCOUNT_EMAIL_CHANGED (detail: old and new email).
 */
export const confirmEmailChange = async (ctx: IdentityContext, input: { token: string }): Promise<void> => {
  const result = await ctx.db
    .transaction(async (tx) => {
      const { link, account } = await resolveLink(ctx, input.token, 'EMAIL_CHANGE', tx);
      const newEmail = link.newEmail;
      if (!newEmail) throw invalidLink();
      const now = ctx.clock.now();
      if (!(await consumeLink(tx, link.id, now))) throw invalidLink();
      const updated = await updateAccount(tx, account.id, { email: newEmail, updatedAt: now });
      await writeAudit(
        tx,
        { accountId: account.id, role: account.role },
        {
          action: 'ACCOUNT_EMAIL_CHANGED',
          targetType: account.role,
          targetId: account.id,
          targetLabel: newEmail,
          hqId: account.hqId,
          storeId: account.storeId,
          detail: { before: account.email, after: newEmail },
        },
        ctx.clock,
      );
      return { before: account, after: updated, at: now };
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err, 'accounts_email_live_uq')) throw emailInUse();
      throw err;
    });
  await deliver(ctx, {
    template: 'EMAIL_CHANGE_NOTICE',
    to: result.before.email,
    accountId: result.after.id,
    values: { name: result.after.name ?? result.after.email, oldEmail: result.before.email, newEmail: result.after.email, changedAt: result.at.toISOString() },
  });
};
