/**
 * Rules of legal documents (spec 02 § Legal documents and consents, § Legal document status).
 * Pure: no I/O, time is passed in.
 */

export const DOCUMENT_KINDS = ['TERMS', 'PRIVACY_POLICY'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_STATUSES = ['SCHEDULED', 'ACTIVE', 'SUPERSEDED'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Limits of spec 02 § Limits. */
export const VERSION_MAX_LENGTH = 32;
export const CONTENT_MAX_LENGTH = 200_000;
/** An effectiveAt this close to now (either side) means "now". */
export const EFFECTIVE_AT_TOLERANCE_MS = 60_000;

/** What ordering and the current-document rule need of a document. */
export interface DatedDocument {
  id: string;
  effectiveAt: Date;
}

/**
 * Order of the history and tie-break of the current document: effectiveAt desc, then id desc
 * (ids are UUID v7, so among equal times the later publication wins).
 */
export const compareNewestFirst = (a: DatedDocument, b: DatedDocument): number => {
  const byTime = b.effectiveAt.getTime() - a.effectiveAt.getTime();
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
};

/** Whether the document is in effect at `now` (its effectiveAt is not in the future). */
export const isEffective = (doc: Pick<DatedDocument, 'effectiveAt'>, now: Date): boolean =>
  doc.effectiveAt.getTime() <= now.getTime();

/** The current document: the latest one whose effectiveAt is not in the future; null when none. */
export const currentDocument = <D extends DatedDocument>(docs: readonly D[], now: Date): D | null => {
  let best: D | null = null;
  for (const doc of docs) {
    if (!isEffective(doc, now)) continue;
    if (best === null || compareNewestFirst(doc, best) < 0) best = doc;
  }
  return best;
};

export type PublicationDecision =
  | { outcome: 'ACTIVE'; effectiveAt: Date }
  | { outcome: 'SCHEDULED'; effectiveAt: Date }
  | { outcome: 'REJECTED_PAST' };

/**
 * The status a new publication gets (spec 02 § Legal document status):
 * - effectiveAt absent, or within 60 s of now (either side) → ACTIVE, in effect from `now`;
 * - more than 60 s in the future → SCHEDULED at that time (becomes current by time at read);
 * - more than 60 s in the past → rejected (400 LEGAL_DOC_INVALID_EFFECTIVE_AT).
 *
 * An immediate publication is stored with effectiveAt = now (the instant of publication), so
 * the document the snapshot calls ACTIVE is also the one the read-time rule calls current:
 * a requested time a few seconds ahead would otherwise leave the previous document current
 * (by time) while its snapshot says SUPERSEDED, and one a few seconds back could sort below a
 * document published in between.
 */
export const decidePublication = (requestedEffectiveAt: Date | null | undefined, now: Date): PublicationDecision => {
  if (requestedEffectiveAt === null || requestedEffectiveAt === undefined) return { outcome: 'ACTIVE', effectiveAt: now };
  const delta = requestedEffectiveAt.getTime() - now.getTime();
  if (delta < -EFFECTIVE_AT_TOLERANCE_MS) return { outcome: 'REJECTED_PAST' };
  if (delta > EFFECTIVE_AT_TOLERANCE_MS) return { outcome: 'SCHEDULED', effectiveAt: requestedEffectiveAt };
  return { outcome: 'ACTIVE', effectiveAt: now };
};

/**
 * Documents whose ACTIVE or SCHEDULED snapshot an immediate publication turns into SUPERSEDED:
 * every other document already in effect at `now` (the previous current one, and older ones a
 * schedule made current by time without touching their snapshot). Future schedules stay.
 */
export const supersededBy = <D extends DatedDocument & { status: DocumentStatus }>(docs: readonly D[], now: Date): D[] =>
  docs.filter((d) => d.status !== 'SUPERSEDED' && isEffective(d, now));

export type CancelDecision = { outcome: 'CANCEL' } | { outcome: 'NOT_SCHEDULED' };

/**
 * A document can be canceled (hard-deleted) only while its effective time is still in the
 * future; ACTIVE, SUPERSEDED and already effective schedules answer 409 LEGAL_DOC_NOT_SCHEDULED.
 */
export const decideCancel = (doc: { status: DocumentStatus; effectiveAt: Date }, now: Date): CancelDecision =>
  doc.status === 'SCHEDULED' && doc.effectiveAt.getTime() > now.getTime() ? { outcome: 'CANCEL' } : { outcome: 'NOT_SCHEDULED' };

/** Audit action of a canceled schedule (spec 02 § Events). */
export const cancelAuditAction = (kind: DocumentKind): string =>
  kind === 'TERMS' ? 'TERMS_SCHEDULE_CANCELED' : 'PRIVACY_POLICY_SCHEDULE_CANCELED';

/** Audit action of a publication (not listed by the spec; recorded for the operator trail). */
export const publishAuditAction = (kind: DocumentKind): string => (kind === 'TERMS' ? 'TERMS_PUBLISHED' : 'PRIVACY_POLICY_PUBLISHED');

/** 404 code of the public read of the current document. */
export const notPublishedCode = (kind: DocumentKind): string => (kind === 'TERMS' ? 'TERMS_NOT_PUBLISHED' : 'PRIVACY_NOT_PUBLISHED');
