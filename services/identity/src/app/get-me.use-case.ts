import { unauthorized, type Principal } from '@storecast/service-kit';
import { findById } from '../db/accounts.repository';
import { agreementApplies } from '../domain/legal';
import type { IdentityContext } from './context';
import { assertNotSuspended } from './sessions';

/**
 * GET /api/v1/auth/me, from stored data (not the token's claims).
 * - Legal flags: asked from LegalService for managers; OPERATOR and impersonated sessions are false.
 *   Legal unreachable → 503 SERVICE_UNAVAILABLE: a wrong "no agreement needed" would let a client
 *   skip the agreement gate, so no guess is made.
 * - hqName (HQ managers): from OrganizationService; omitted when organization is unreachable
 *   (harmless: the field is optional and only displayed).
 */
export const getMe = async (ctx: IdentityContext, principal: Principal) => {
  const account = await findById(ctx.db, principal.accountId);
  if (!account || account.status === 'WITHDRAWN') throw unauthorized('AUTH_TOKEN_INVALID', 'The account no longer exists');
  assertNotSuspended(account);
  const impersonated = !!principal.impersonatedBy;
  const [flags, hqName] = await Promise.all([
    !impersonated && agreementApplies(account.role)
      ? ctx.legal.getAgreementStatus({ accountId: account.id, role: account.role, hqId: account.hqId, storeId: account.storeId })
      : Promise.resolve({ termsRequiresAgreement: false, privacyRequiresAgreement: false }),
    account.role === 'HQ_MANAGER' && account.hqId
      ? ctx.organization.getHqName(account.hqId).catch((err: unknown) => {
          ctx.logger.warn({ err: (err as Error).message, hqId: account.hqId }, 'hqName omitted: organization did not answer');
          return undefined;
        })
      : Promise.resolve(undefined),
  ]);
  // name, hqId (HQ managers), storeId (store managers) and hqName are omitted when absent.
  return {
    id: account.id,
    email: account.email,
    ...(account.name ? { name: account.name } : {}),
    role: account.role,
    ...(account.role === 'HQ_MANAGER' && account.hqId ? { hqId: account.hqId } : {}),
    ...(account.role === 'STORE_MANAGER' && account.storeId ? { storeId: account.storeId } : {}),
    passwordMustChange: impersonated ? false : account.passwordMustChange,
    termsRequiresAgreement: flags.termsRequiresAgreement,
    privacyRequiresAgreement: flags.privacyRequiresAgreement,
    ...(hqName ? { hqName } : {}),
  };
};
