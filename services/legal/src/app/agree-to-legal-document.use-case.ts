import {
  badRequest,
  conflict,
  forbidden,
  isUniqueViolation,
  isUuid,
  newId,
  type Principal,
} from '@storecast/service-kit';
import { consentExists, insertConsent } from '../db/consent.repository';
import { findCurrentDocument } from '../db/legal-document.repository';
import { isAgreeableVersion, kindLabel, resolveSubject, type ConsentSubject } from '../domain/agreement';
import type { DocumentKind } from '../domain/legal-document';
import type { LegalContext } from './ports';

export interface AgreeInput {
  kind: DocumentKind;
  version: string;
  principal: Principal;
  ip: string | null;
  userAgent: string | null;
}

const scopeMismatch = () => forbidden('PRINCIPAL_SCOPE_MISMATCH', 'The caller does not match its account');

/** The subject the caller agrees for (its HQ or store), from the token claims. */
const subjectOf = (principal: Principal): ConsentSubject => {
  const resolution = resolveSubject(principal);
  if (resolution.outcome === 'NOT_APPLICABLE') throw forbidden('FORBIDDEN', 'Agreement applies to HQ and store managers only');
  if (resolution.outcome === 'INVALID' || !isUuid(resolution.subject.id)) throw scopeMismatch();
  return resolution.subject;
};

/**
 * The signer name (the account's name) and the re-check of the claims against identity's stored
 * account. Identity not answering is 503 SERVICE_UNAVAILABLE (the peer throws it): the re-check is
 * never skipped.
 */
const signerOf = async (ctx: LegalContext, principal: Principal): Promise<string | null> => {
  const found = await ctx.identity.lookupAccount(principal.accountId);
  if (found.outcome === 'NOT_FOUND') throw scopeMismatch();
  const a = found.account;
  const sameScope =
    a.role === principal.role &&
    (principal.role === 'HQ_MANAGER' ? a.hqId === principal.hqId : a.storeId === principal.storeId);
  if (a.status !== 'ACTIVE' || !sameScope) throw scopeMismatch();
  return a.name;
};

/**
 * An HQ or store manager agrees to the current version (spec 02 § Legal documents): recorded once
 * per subject and version with time, ip, user agent and signer name; a repeat is a no-op.
 * (Impersonated sessions are refused by the route's guard.) A version that is not the current
 * one answers 400 INVALID_LEGAL_VERSION; two first agreements racing on the same record leave one record
 * and the loser gets 409 CONSENT_DUPLICATE_VERSION.
 */
export const agreeToLegalDocument = async (ctx: LegalContext, input: AgreeInput): Promise<void> => {
  const subject = subjectOf(input.principal);
  const signerName = await signerOf(ctx, input.principal);
  try {
    await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const current = await findCurrentDocument(tx, input.kind, now);
      if (!current || !isAgreeableVersion(current.version, input.version)) {
        throw badRequest('INVALID_LEGAL_VERSION', `Version ${input.version} is not the current ${kindLabel(input.kind)}`);
      }
      if (await consentExists(tx, subject, input.kind, current.version)) return;
      await insertConsent(tx, {
        id: newId(),
        kind: input.kind,
        subjectType: subject.type,
        subjectId: subject.id,
        documentId: current.id,
        documentVersion: current.version,
        accountId: input.principal.accountId,
        agreedAt: now,
        agreedIp: input.ip,
        agreedUserAgent: input.userAgent,
        signerName,
        source: 'AGREE',
      });
    });
  } catch (err) {
    if (isUniqueViolation(err, 'consent_records_subject_version_uq')) {
      throw conflict('CONSENT_DUPLICATE_VERSION', 'This version was agreed by a concurrent request', { cause: err });
    }
    throw err;
  }
};
