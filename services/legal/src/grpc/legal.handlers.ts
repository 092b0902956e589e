import { unaryHandler, type Logger } from '@storecast/service-kit';
import type { LegalServiceHandlers } from '@storecast/proto';
import { getAgreementStatus } from '../app/agreement-status.use-case';
import { getActiveVersions } from '../app/read-legal-documents.use-case';
import { recordSetupConsent } from '../app/record-setup-consent.use-case';
import type { LegalContext } from '../app/ports';

/** storecast.legal.v1.LegalService: thin adapters over the use cases (AppErrors carry the codes). */
export const legalHandlers = (ctx: LegalContext, logger: Logger): LegalServiceHandlers => ({
  GetAgreementStatus: unaryHandler(async (req) => {
    const flags = await getAgreementStatus(ctx, { accountId: req.accountId, role: req.role, hqId: req.hqId, storeId: req.storeId });
    return { termsRequiresAgreement: flags.termsRequiresAgreement, privacyRequiresAgreement: flags.privacyRequiresAgreement };
  }, logger),

  GetActiveVersions: unaryHandler(async () => {
    const versions = await getActiveVersions(ctx);
    return {
      ...(versions.terms !== null ? { termsVersion: versions.terms } : {}),
      ...(versions.privacyPolicy !== null ? { privacyPolicyVersion: versions.privacyPolicy } : {}),
    };
  }, logger),

  RecordConsent: unaryHandler(async (req) => {
    await recordSetupConsent(ctx, {
      accountId: req.accountId,
      role: req.role,
      hqId: req.hqId,
      storeId: req.storeId,
      termsVersion: req.termsVersion,
      privacyPolicyVersion: req.privacyPolicyVersion,
      ip: req.ip,
      userAgent: req.userAgent,
      signerName: req.signerName,
    });
    return {};
  }, logger),
});
