import type { OrganizationFacts } from '../domain/sign-in';
import type { ActiveVersions } from '../domain/legal';

/** The account a legal question is about (legal judges managers by their HQ or store). */
export interface Subject {
  accountId: string;
  role: string;
  hqId?: string | null;
  storeId?: string | null;
}

export interface AgreementStatus {
  termsRequiresAgreement: boolean;
  privacyRequiresAgreement: boolean;
}

export interface ConsentInput extends Subject, ActiveVersions {
  ip?: string;
  userAgent?: string;
  signerName?: string;
}

/**
 * LegalService as identity uses it (MeResponse flags, setup flow). Business answers keep their
 * platform code; an unreachable or failing legal service is 503 SERVICE_UNAVAILABLE.
 */
export interface LegalPort {
  getAgreementStatus(subject: Subject): Promise<AgreementStatus>;
  getActiveVersions(): Promise<ActiveVersions>;
  recordConsent(consent: ConsentInput): Promise<void>;
}

/**
 * OrganizationService as identity uses it (blocked sign-in, impersonation, hqName). Same error
 * rule as LegalPort.
 */
export interface OrganizationPort {
  getSignInStatus(ids: { hqId?: string | null; storeId?: string | null }): Promise<OrganizationFacts & { hqName?: string }>;
  /** The HQ's name (HQ_NOT_FOUND when organization does not know it). */
  getHqName(hqId: string): Promise<string | undefined>;
}
