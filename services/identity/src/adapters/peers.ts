import { AppError, deadlineInterceptor, serviceUnavailable, unary } from '@storecast/service-kit';
import { createLegalClient, createOrganizationClient, type HqMessage, type SignInStatusMessage } from '@storecast/proto';
import type { OrganizationFacts } from '../domain/sign-in';
import type { ActiveVersions } from '../domain/legal';

/** A peer failure that is not a business answer (unreachable, deadline, defect) becomes 503. */
const unavailableUnlessBusiness = (peer: string) => (err: unknown): never => {
  if (err instanceof AppError && err.httpStatus < 500) throw err;
  throw serviceUnavailable(`The ${peer} service is unavailable`, err);
};

export interface AgreementStatus {
  termsRequiresAgreement: boolean;
  privacyRequiresAgreement: boolean;
}

export interface Subject {
  accountId: string;
  role: string;
  hqId?: string | null;
  storeId?: string | null;
}

/** LegalService as identity uses it (MeResponse flags, setup flow). */
export interface LegalPort {
  getAgreementStatus(subject: Subject): Promise<AgreementStatus>;
  getActiveVersions(): Promise<ActiveVersions>;
  recordConsent(subject: Subject & ActiveVersions & { ip?: string; userAgent?: string; signerName?: string }): Promise<void>;
  close(): void;
}

/** OrganizationService as identity uses it (blocked sign-in, impersonation, hqName). */
export interface OrganizationPort {
  getSignInStatus(ids: { hqId?: string | null; storeId?: string | null }): Promise<OrganizationFacts & { hqName?: string }>;
  getHqName(hqId: string): Promise<string | undefined>;
  close(): void;
}

const opt = (v: string | null | undefined) => (v ? v : undefined);

// The parts of LegalService's answers identity reads (proto/storecast/legal/v1/legal.proto).
interface AgreementStatusMessage {
  termsRequiresAgreement?: boolean;
  privacyRequiresAgreement?: boolean;
}
interface ActiveVersionsMessage {
  termsVersion?: string;
  privacyPolicyVersion?: string;
}
type SubjectRequest = { accountId: string; role: string; hqId?: string; storeId?: string };

export const createLegalPort = (address: string, deadlineMs: number): LegalPort => {
  const client = createLegalClient(address, { interceptors: [deadlineInterceptor(deadlineMs)] });
  const fail = unavailableUnlessBusiness('legal');
  return {
    async getAgreementStatus(s) {
      const res = await unary<SubjectRequest, AgreementStatusMessage>(client.getAgreementStatus.bind(client), {
        accountId: s.accountId,
        role: s.role,
        hqId: opt(s.hqId),
        storeId: opt(s.storeId),
      }).catch(fail);
      return { termsRequiresAgreement: res.termsRequiresAgreement === true, privacyRequiresAgreement: res.privacyRequiresAgreement === true };
    },
    async getActiveVersions() {
      const res = await unary<object, ActiveVersionsMessage>(client.getActiveVersions.bind(client), {}).catch(fail);
      return { termsVersion: res.termsVersion || null, privacyPolicyVersion: res.privacyPolicyVersion || null };
    },
    async recordConsent(s) {
      await unary<SubjectRequest & Record<string, string | undefined>, object>(client.recordConsent.bind(client), {
        accountId: s.accountId,
        role: s.role,
        hqId: opt(s.hqId),
        storeId: opt(s.storeId),
        termsVersion: opt(s.termsVersion),
        privacyPolicyVersion: opt(s.privacyPolicyVersion),
        ip: opt(s.ip),
        userAgent: opt(s.userAgent),
        signerName: opt(s.signerName),
      }).catch(fail);
    },
    close: () => client.close(),
  };
};

export const createOrganizationPort = (address: string, deadlineMs: number): OrganizationPort => {
  const client = createOrganizationClient(address, { interceptors: [deadlineInterceptor(deadlineMs)] });
  const fail = unavailableUnlessBusiness('organization');
  return {
    async getSignInStatus(ids) {
      const res = await unary<{ hqId?: string; storeId?: string }, SignInStatusMessage>(client.getSignInStatus.bind(client), { hqId: opt(ids.hqId), storeId: opt(ids.storeId) }).catch(fail);
      return {
        hqFound: res.hqFound === true,
        hqStatus: res.hqStatus || undefined,
        hqType: res.hqType || undefined,
        hqName: res.hqName || undefined,
        storeFound: res.storeFound === true,
        storeStatus: res.storeStatus || undefined,
        storeClosed: res.storeClosed === true,
      };
    },
    async getHqName(hqId) {
      const hq = await unary<{ hqId: string }, HqMessage>(client.getHq.bind(client), { hqId });
      return hq.name || undefined;
    },
    close: () => client.close(),
  };
};
