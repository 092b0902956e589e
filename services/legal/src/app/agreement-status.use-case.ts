import { badRequest, isUuid } from '@storecast/service-kit';
import { latestAgreedVersion } from '../db/consent.repository';
import { findCurrentDocument } from '../db/legal-document.repository';
import { requiresAgreement, resolveSubject, type ConsentSubject } from '../domain/agreement';
import type { LegalContext } from './ports';

export interface AgreementFlags {
  termsRequiresAgreement: boolean;
  privacyRequiresAgreement: boolean;
}

export interface SubjectInput {
  accountId: string;
  role: string;
  hqId?: string | null;
  storeId?: string | null;
}

/** A gRPC caller's subject; OPERATOR → null (agreement does not apply). */
export const subjectOrInvalid = (input: SubjectInput): ConsentSubject | null => {
  const resolution = resolveSubject(input);
  if (resolution.outcome === 'NOT_APPLICABLE') return null;
  if (resolution.outcome === 'INVALID') {
    throw badRequest('VALIDATION_FAILED', resolution.message, { details: [{ field: resolution.field, code: 'INVALID', message: resolution.message }] });
  }
  if (!isUuid(resolution.subject.id)) {
    const field = resolution.subject.type === 'HQ' ? 'hqId' : 'storeId';
    throw badRequest('VALIDATION_FAILED', `${field} must be a UUID`, { details: [{ field, code: 'INVALID_FORMAT', message: 'Must be a UUID' }] });
  }
  return resolution.subject;
};

/** Re-agree flags of a subject: current version differs from its latest agreed version. */
export const flagsOfSubject = async (ctx: LegalContext, subject: ConsentSubject): Promise<AgreementFlags> => {
  const now = ctx.clock.now();
  const [terms, privacy, agreedTerms, agreedPrivacy] = await Promise.all([
    findCurrentDocument(ctx.db, 'TERMS', now),
    findCurrentDocument(ctx.db, 'PRIVACY_POLICY', now),
    latestAgreedVersion(ctx.db, subject, 'TERMS'),
    latestAgreedVersion(ctx.db, subject, 'PRIVACY_POLICY'),
  ]);
  return {
    termsRequiresAgreement: requiresAgreement(terms?.version ?? null, agreedTerms),
    privacyRequiresAgreement: requiresAgreement(privacy?.version ?? null, agreedPrivacy),
  };
};

/**
 * Agreement status for identity's MeResponse: OPERATOR always false; an HQ manager is judged by
 * its HQ's consents, a store manager by its store's. Nothing published → false.
 */
export const getAgreementStatus = async (ctx: LegalContext, input: SubjectInput): Promise<AgreementFlags> => {
  const subject = subjectOrInvalid(input);
  if (!subject) return { termsRequiresAgreement: false, privacyRequiresAgreement: false };
  return flagsOfSubject(ctx, subject);
};
