import { notFound } from '@storecast/service-kit';
import { findCurrentDocument, findDocumentById, listHistory, type HistoryRow } from '../db/legal-document.repository';
import type { LegalDocumentRow } from '../db/schema';
import { notPublishedCode, type DocumentKind } from '../domain/legal-document';
import type { LegalContext } from './ports';

/** A stored document (with content) and its history form (without). */
export type LegalDocument = LegalDocumentRow;
export type LegalDocumentSummary = HistoryRow;

/** History of a kind: effectiveAt desc, id desc, stored status snapshots, no content. */
export const listLegalDocumentHistory = (ctx: LegalContext, kind: DocumentKind): Promise<HistoryRow[]> => listHistory(ctx.db, kind);

/** One document of the kind (id: a UUID); an unknown id, or one of the other kind, is 404 LEGAL_DOC_NOT_FOUND. */
export const getLegalDocument = async (ctx: LegalContext, kind: DocumentKind, id: string): Promise<LegalDocumentRow> => {
  const doc = await findDocumentById(ctx.db, kind, id);
  if (!doc) throw notFound('LEGAL_DOC_NOT_FOUND', 'Legal document not found');
  return doc;
};

/**
 * The document in effect now, decided at read time by effectiveAt (a schedule whose time has come
 * is current although its snapshot still says SCHEDULED). 404 TERMS_NOT_PUBLISHED /
 * PRIVACY_NOT_PUBLISHED when none is.
 */
export const getCurrentLegalDocument = async (ctx: LegalContext, kind: DocumentKind): Promise<LegalDocumentRow> => {
  const doc = await findCurrentDocument(ctx.db, kind, ctx.clock.now());
  if (!doc) throw notFound(notPublishedCode(kind), kind === 'TERMS' ? 'No terms are in effect' : 'No privacy policy is in effect');
  return doc;
};

/** Versions in effect now (null when nothing is published), for identity's setup flow. */
export const getActiveVersions = async (ctx: LegalContext): Promise<{ terms: string | null; privacyPolicy: string | null }> => {
  const now = ctx.clock.now();
  const [terms, privacy] = await Promise.all([
    findCurrentDocument(ctx.db, 'TERMS', now),
    findCurrentDocument(ctx.db, 'PRIVACY_POLICY', now),
  ]);
  return { terms: terms?.version ?? null, privacyPolicy: privacy?.version ?? null };
};
