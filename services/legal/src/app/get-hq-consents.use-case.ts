import { listConsents } from '../db/consent.repository';
import type { ConsentRecordRow } from '../db/schema';
import type { ConsentSubject } from '../domain/agreement';
import { flagsOfSubject, type AgreementFlags } from './agreement-status.use-case';
import type { HqSummary, LegalContext } from './ports';

/** One stored consent (never edited). */
export type Consent = ConsentRecordRow;

export interface HqConsents extends AgreementFlags {
  hq: HqSummary;
  terms: Consent[];
  privacy: Consent[];
}

/**
 * The consents of an HQ (its own subject: what its HQ managers agreed), newest first, with the
 * re-agree flags; name and status come from organization (404 HQ_NOT_FOUND when it says so).
 */
export const getHqConsents = async (ctx: LegalContext, hqId: string): Promise<HqConsents> => {
  const hq = await ctx.organization.getHq(hqId);
  const subject: ConsentSubject = { type: 'HQ', id: hqId };
  const [terms, privacy, flags] = await Promise.all([
    listConsents(ctx.db, subject, 'TERMS'),
    listConsents(ctx.db, subject, 'PRIVACY_POLICY'),
    flagsOfSubject(ctx, subject),
  ]);
  return { hq, terms, privacy, ...flags };
};
