import { badRequest, writeAudit } from '@storecast/service-kit';
import { deleteRefreshTokens, updateAccount } from '../db/accounts.repository';
import { consumeLink } from '../db/tokens.repository';
import { agreementApplies, mismatchedVersions } from '../domain/legal';
import { invalidLink, resolveLink } from './account-links';
import type { IdentityContext, RequestMeta } from './context';

/**
 * POST /api/v1/auth/setup/complete → 204. The owner sets a password and, for managers, agrees to the
 * active terms and privacy policy: the given versions must equal the active ones (400
 * INVALID_LEGAL_VERSION otherwise, `fields` naming each stale version; `details` is for VALIDATION_FAILED only), and the consent is recorded through
 * LegalService.RecordConsent with ip, user agent and signer name (default: the account name, else the
 * email). The link is used up in the same transaction as the password; the row lock makes a second
 * use — concurrent or later — 400 ACCOUNT_TOKEN_INVALID. RecordConsent is idempotent per subject and
 * version, so a rollback after it leaves nothing inconsistent. Sessions started with the temporary
 * password end.
 */
export const completeSetup = async (
  ctx: IdentityContext,
  input: { token: string; newPassword: string; termsVersion?: string | null; privacyPolicyVersion?: string | null; signerName?: string | null },
  meta: RequestMeta,
): Promise<void> => {
  // Check the link before the (slow) hash; it is checked again under lock below.
  const { account: preview } = await resolveLink(ctx, input.token, 'SETUP');
  const needsAgreement = agreementApplies(preview.role);
  if (needsAgreement) {
    const active = await ctx.legal.getActiveVersions();
    const mismatched = mismatchedVersions(active, input);
    if (mismatched.length) {
      throw badRequest('INVALID_LEGAL_VERSION', `Not the current version: ${mismatched.join(', ')}`, {
        fields: Object.fromEntries(mismatched.map((field) => [field, 'Not the current version'])),
      });
    }
  }
  const passwordHash = await ctx.hasher.hash(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    const { link, account } = await resolveLink(ctx, input.token, 'SETUP', tx);
    if (needsAgreement && (input.termsVersion || input.privacyPolicyVersion)) {
      await ctx.legal.recordConsent({
        accountId: account.id,
        role: account.role,
        hqId: account.hqId,
        storeId: account.storeId,
        termsVersion: input.termsVersion ?? null,
        privacyPolicyVersion: input.privacyPolicyVersion ?? null,
        ip: meta.ip,
        userAgent: meta.userAgent,
        signerName: input.signerName || account.name || account.email,
      });
    }
    const now = ctx.clock.now();
    if (!(await consumeLink(tx, link.id, now))) throw invalidLink();
    await updateAccount(tx, account.id, { passwordHash, passwordMustChange: false, setupCompletedAt: account.setupCompletedAt ?? now, updatedAt: now });
    await deleteRefreshTokens(tx, account.id);
    await writeAudit(
      tx,
      { accountId: account.id, role: account.role },
      {
        action: 'ACCOUNT_SETUP_COMPLETED',
        targetType: account.role,
        targetId: account.id,
        targetLabel: account.email,
        hqId: account.hqId,
        storeId: account.storeId,
        detail: needsAgreement ? { termsVersion: input.termsVersion ?? null, privacyPolicyVersion: input.privacyPolicyVersion ?? null } : null,
      },
      ctx.clock,
    );
  });
};
