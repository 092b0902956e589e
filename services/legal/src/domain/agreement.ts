/**
 * Rules of consent and the agreement gate (spec 02 § Legal documents and consents,
 * § Authentication "Agreement gate"). Pure: no I/O.
 */
import type { DocumentKind } from './legal-document';

export type Role = 'OPERATOR' | 'HQ_MANAGER' | 'STORE_MANAGER';

/**
 * Who a consent belongs to. The spec keeps "one consent record per HQ or store and document
 * version": an HQ manager agrees for the HQ, a store manager for the store. One manager's
 * agreement therefore clears the gate for every manager of the same HQ (or store).
 */
export type ConsentSubject = { type: 'HQ'; id: string } | { type: 'STORE'; id: string };

export type SubjectResolution =
  | { outcome: 'SUBJECT'; subject: ConsentSubject }
  /** OPERATOR: agreement does not apply, flags are always false. */
  | { outcome: 'NOT_APPLICABLE' }
  /** A manager without the HQ / store it is bound to, or an unknown role. */
  | { outcome: 'INVALID'; field: 'role' | 'hqId' | 'storeId'; message: string };

const present = (v: string | null | undefined): v is string => typeof v === 'string' && v.length > 0;

export const resolveSubject = (input: { role: string; hqId?: string | null; storeId?: string | null }): SubjectResolution => {
  switch (input.role) {
    case 'OPERATOR':
      return { outcome: 'NOT_APPLICABLE' };
    case 'HQ_MANAGER':
      return present(input.hqId)
        ? { outcome: 'SUBJECT', subject: { type: 'HQ', id: input.hqId } }
        : { outcome: 'INVALID', field: 'hqId', message: 'An HQ manager needs its HQ' };
    case 'STORE_MANAGER':
      return present(input.storeId)
        ? { outcome: 'SUBJECT', subject: { type: 'STORE', id: input.storeId } }
        : { outcome: 'INVALID', field: 'storeId', message: 'A store manager needs its store' };
    default:
      return { outcome: 'INVALID', field: 'role', message: 'Role must be OPERATOR, HQ_MANAGER or STORE_MANAGER' };
  }
};

/**
 * Whether the subject must (re-)agree: a document is current and its version differs from the
 * subject's latest agreed version. Nothing published → false.
 */
export const requiresAgreement = (currentVersion: string | null, latestAgreedVersion: string | null): boolean =>
  currentVersion !== null && currentVersion !== latestAgreedVersion;

/** A consent is accepted only for the current version (else 400 INVALID_LEGAL_VERSION). */
export const isAgreeableVersion = (currentVersion: string | null, requested: string): boolean =>
  currentVersion !== null && currentVersion === requested;

export type SetupConsentDecision =
  | { outcome: 'RECORD'; version: string }
  | { outcome: 'NOTHING' }
  | { outcome: 'INVALID_VERSION' };

/**
 * Setup completion (RecordConsent): the versions sent must equal the current ones — a version
 * when one is published (absent does not equal it), none when nothing is published.
 */
export const decideSetupConsent = (currentVersion: string | null, requested: string | null | undefined): SetupConsentDecision => {
  const given = present(requested) ? requested : null;
  if (currentVersion === null) return given === null ? { outcome: 'NOTHING' } : { outcome: 'INVALID_VERSION' };
  return given === currentVersion ? { outcome: 'RECORD', version: given } : { outcome: 'INVALID_VERSION' };
};

/** Spec name of the document kind in messages ("terms", "privacy policy"). */
export const kindLabel = (kind: DocumentKind): string => (kind === 'TERMS' ? 'terms' : 'privacy policy');
