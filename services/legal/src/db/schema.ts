import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { timestamptz } from '@storecast/service-kit';

const ts = (name: string) => timestamptz(name, { precision: 3 });

/**
 * Published terms and privacy policy versions (spec 02 § Legal documents and consents).
 * `status` is the snapshot taken at publication (it may be stale: the current document is
 * decided by effective_at at read time). Rows are never updated except the status snapshot of
 * documents superseded by a later publication, and only SCHEDULED rows are ever deleted.
 */
export const legalDocuments = pgTable(
  'legal_documents',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<'TERMS' | 'PRIVACY_POLICY'>().notNull(),
    version: varchar('version', { length: 32 }).notNull(),
    content: text('content').notNull(),
    status: text('status').$type<'SCHEDULED' | 'ACTIVE' | 'SUPERSEDED'>().notNull(),
    publishedAt: ts('published_at').notNull(),
    effectiveAt: ts('effective_at').notNull(),
    publishedBy: text('published_by'),
  },
  (t) => [
    check('legal_documents_kind_ck', sql`${t.kind} in ('TERMS', 'PRIVACY_POLICY')`),
    check('legal_documents_status_ck', sql`${t.status} in ('SCHEDULED', 'ACTIVE', 'SUPERSEDED')`),
    uniqueIndex('legal_documents_kind_version_uq').on(t.kind, t.version),
    // The database guarantees what the publish lock already ensures: one ACTIVE snapshot per kind.
    uniqueIndex('legal_documents_one_active_uq').on(t.kind).where(sql`status = 'ACTIVE'`),
    index('legal_documents_kind_effective_idx').on(t.kind, t.effectiveAt.desc(), t.id.desc()),
  ],
);

/**
 * Consent records: one per subject (an HQ for HQ managers, a store for store managers) and
 * document version. Never edited (a trigger rejects UPDATE).
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<'TERMS' | 'PRIVACY_POLICY'>().notNull(),
    subjectType: text('subject_type').$type<'HQ' | 'STORE'>().notNull(),
    subjectId: uuid('subject_id').notNull(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => legalDocuments.id, { onDelete: 'restrict' }),
    documentVersion: varchar('document_version', { length: 32 }).notNull(),
    accountId: text('account_id').notNull(),
    agreedAt: ts('agreed_at').notNull(),
    agreedIp: text('agreed_ip'),
    agreedUserAgent: text('agreed_user_agent'),
    signerName: varchar('signer_name', { length: 255 }),
    /** AGREE (the agree endpoints) or SETUP (identity's setup completion over gRPC). */
    source: text('source').$type<'AGREE' | 'SETUP'>().notNull(),
  },
  (t) => [
    check('consent_records_kind_ck', sql`${t.kind} in ('TERMS', 'PRIVACY_POLICY')`),
    check('consent_records_subject_type_ck', sql`${t.subjectType} in ('HQ', 'STORE')`),
    check('consent_records_source_ck', sql`${t.source} in ('AGREE', 'SETUP')`),
    uniqueIndex('consent_records_subject_version_uq').on(t.kind, t.subjectType, t.subjectId, t.documentVersion),
    index('consent_records_subject_idx').on(t.subjectType, t.subjectId, t.kind, t.agreedAt.desc(), t.id.desc()),
  ],
);

export const schema = { legalDocuments, consentRecords };
export type LegalSchema = typeof schema;
export type LegalDocumentRow = typeof legalDocuments.$inferSelect;
export type ConsentRecordRow = typeof consentRecords.$inferSelect;
