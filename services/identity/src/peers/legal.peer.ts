import { callUnary } from '@storecast/service-kit';
import type { LegalServiceClient } from '@storecast/proto';
import type { LegalPort } from '../app/ports';
import { opt, unavailableUnlessBusiness } from './peer-errors';

/** LegalPort over the LegalService contract (proto/storecast/legal/v1/legal.proto). */
export const legalPeer = (client: LegalServiceClient): LegalPort => {
  const fail = unavailableUnlessBusiness('legal');
  return {
    async getAgreementStatus(s) {
      const res = await callUnary(client, 'getAgreementStatus', { accountId: s.accountId, role: s.role, hqId: opt(s.hqId), storeId: opt(s.storeId) }).catch(fail);
      return { termsRequiresAgreement: res.termsRequiresAgreement === true, privacyRequiresAgreement: res.privacyRequiresAgreement === true };
    },
    async getActiveVersions() {
      const res = await callUnary(client, 'getActiveVersions', {}).catch(fail);
      return { termsVersion: res.termsVersion || null, privacyPolicyVersion: res.privacyPolicyVersion || null };
    },
    async recordConsent(c) {
      await callUnary(client, 'recordConsent', {
        accountId: c.accountId,
        role: c.role,
        hqId: opt(c.hqId),
        storeId: opt(c.storeId),
        termsVersion: opt(c.termsVersion),
        privacyPolicyVersion: opt(c.privacyPolicyVersion),
        ip: opt(c.ip),
        userAgent: opt(c.userAgent),
        signerName: opt(c.signerName),
      }).catch(fail);
    },
  };
};
