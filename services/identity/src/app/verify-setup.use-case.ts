import { agreementApplies } from '../domain/legal';
import { resolveLink } from './account-links';
import type { IdentityContext } from './context';

/**
 * POST /api/v1/auth/setup/verify: what the setup page shows. Versions come from LegalService for
 * managers (null when nothing is published); always null for operators (no agreement step).
 * Legal unreachable → 503 SERVICE_UNAVAILABLE. Does not use up the link.
 */
export const verifySetup = async (ctx: IdentityContext, input: { token: string }) => {
  const { link, account } = await resolveLink(ctx, input.token, 'SETUP');
  const versions = agreementApplies(account.role) ? await ctx.legal.getActiveVersions() : { termsVersion: null, privacyPolicyVersion: null };
  return {
    email: account.email,
    role: account.role,
    expiresAt: link.expiresAt.toISOString(),
    activeTermsVersion: versions.termsVersion ?? null,
    activePrivacyPolicyVersion: versions.privacyPolicyVersion ?? null,
  };
};
