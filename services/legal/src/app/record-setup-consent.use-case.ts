import { badRequest, newId } from '@storecast/service-kit';
import { insertConsentIfAbsent } from '../db/consent.repository';
import { findCurrentDocument } from '../db/legal-document.repository';
import { decideSetupConsent, kindLabel } from '../domain/agreement';
import type { DocumentKind } from '../domain/legal-document';
import { subjectOrInvalid, type SubjectInput } from './agreement-status.use-case';
import type { LegalContext } from './ports';

export interface SetupConsentInput extends SubjectInput {
  termsVersion?: string | null;
  privacyPolicyVersion?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  /** The account's name; identity sends it (the spec's default signer), absent → null. */
  signerName?: string | null;
}

const blankToNull = (v: string | null | undefined): string | null => (v && v.length > 0 ? v : null);

/**
 * Setup completion (identity → RecordConsent): the versions sent must equal the ones in effect —
 * a version for each kind that is published, none for a kind that is not — else
 * 400/INVALID_ARGUMENT INVALID_LEGAL_VERSION and nothing is recorded. Idempotent per subject and
 * version (an existing consent is kept as it is). OPERATOR: nothing to record.
 */
export const recordSetupConsent = async (ctx: LegalContext, input: SetupConsentInput): Promise<void> => {
  const subject = subjectOrInvalid(input);
  if (!subject) return;
  if (!input.accountId) {
    throw badRequest('VALIDATION_FAILED', 'accountId is required', { details: [{ field: 'accountId', code: 'REQUIRED', message: 'Required' }] });
  }
  const signerName = blankToNull(input.signerName)?.slice(0, 255) ?? null;
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const requested: Array<[DocumentKind, string | null | undefined]> = [
      ['TERMS', input.termsVersion],
      ['PRIVACY_POLICY', input.privacyPolicyVersion],
    ];
    const toRecord: Array<{ kind: DocumentKind; documentId: string; version: string }> = [];
    for (const [kind, version] of requested) {
      const current = await findCurrentDocument(tx, kind, now);
      const decision = decideSetupConsent(current?.version ?? null, version);
      if (decision.outcome === 'INVALID_VERSION') {
        throw badRequest(
          'INVALID_LEGAL_VERSION',
          current
            ? `The ${kindLabel(kind)} version must be the current one (${current.version})`
            : `No ${kindLabel(kind)} is published; no version can be agreed`,
        );
      }
      if (decision.outcome === 'RECORD' && current) toRecord.push({ kind, documentId: current.id, version: decision.version });
    }
    for (const r of toRecord) {
      await insertConsentIfAbsent(tx, {
        id: newId(),
        kind: r.kind,
        subjectType: subject.type,
        subjectId: subject.id,
        documentId: r.documentId,
        documentVersion: r.version,
        accountId: input.accountId,
        agreedAt: now,
        agreedIp: blankToNull(input.ip),
        agreedUserAgent: blankToNull(input.userAgent),
        signerName,
        source: 'SETUP',
      });
    }
  });
};
