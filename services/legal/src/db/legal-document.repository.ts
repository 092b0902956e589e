import { and, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '@storecast/service-kit';
import type { DocumentKind } from '../domain/legal-document';
import { legalDocuments, type LegalDocumentRow } from './schema';

/** Key space of this service's advisory locks; the second key is the document kind. */
const LOCK_NAMESPACE = 0x4c45_4741; // "LEGA"
const KIND_LOCK_KEY: Record<DocumentKind, number> = { TERMS: 1, PRIVACY_POLICY: 2 };

/**
 * Serializes publications and cancels of one kind until the transaction ends, so concurrent
 * publishes each see the previous one's result (never two ACTIVE snapshots, never two documents
 * that both believe they superseded the same one). The partial unique index
 * legal_documents_one_active_uq backs it in the database.
 */
export const lockKind = async (tx: DbExecutor, kind: DocumentKind): Promise<void> => {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}::int4, ${KIND_LOCK_KEY[kind]}::int4)`);
};

const newestFirst = [desc(legalDocuments.effectiveAt), desc(legalDocuments.id)] as const;

/** The current document of a kind at `now`: latest effectiveAt not in the future, then id desc. */
export const findCurrentDocument = async (db: DbExecutor, kind: DocumentKind, now: Date): Promise<LegalDocumentRow | null> => {
  const rows = await db
    .select()
    .from(legalDocuments)
    .where(and(eq(legalDocuments.kind, kind), lte(legalDocuments.effectiveAt, now)))
    .orderBy(...newestFirst)
    .limit(1);
  return rows[0] ?? null;
};

export const findDocumentById = async (db: DbExecutor, kind: DocumentKind, id: string): Promise<LegalDocumentRow | null> => {
  const rows = await db
    .select()
    .from(legalDocuments)
    .where(and(eq(legalDocuments.kind, kind), eq(legalDocuments.id, id)))
    .limit(1);
  return rows[0] ?? null;
};

export const versionExists = async (db: DbExecutor, kind: DocumentKind, version: string): Promise<boolean> => {
  const rows = await db
    .select({ id: legalDocuments.id })
    .from(legalDocuments)
    .where(and(eq(legalDocuments.kind, kind), eq(legalDocuments.version, version)))
    .limit(1);
  return rows.length > 0;
};

export type HistoryRow = Omit<LegalDocumentRow, 'content' | 'publishedBy'>;

/** Every document of a kind, effectiveAt desc, id desc, without content. */
export const listHistory = (db: DbExecutor, kind: DocumentKind): Promise<HistoryRow[]> =>
  db
    .select({
      id: legalDocuments.id,
      kind: legalDocuments.kind,
      version: legalDocuments.version,
      status: legalDocuments.status,
      publishedAt: legalDocuments.publishedAt,
      effectiveAt: legalDocuments.effectiveAt,
    })
    .from(legalDocuments)
    .where(eq(legalDocuments.kind, kind))
    .orderBy(...newestFirst);

/** Documents in effect at `now` whose snapshot is not SUPERSEDED yet (candidates to supersede). */
export const listEffectiveNotSuperseded = (db: DbExecutor, kind: DocumentKind, now: Date) =>
  db
    .select({ id: legalDocuments.id, effectiveAt: legalDocuments.effectiveAt, status: legalDocuments.status })
    .from(legalDocuments)
    .where(and(eq(legalDocuments.kind, kind), lte(legalDocuments.effectiveAt, now), ne(legalDocuments.status, 'SUPERSEDED')));

export const markSuperseded = async (db: DbExecutor, ids: string[]): Promise<void> => {
  if (ids.length === 0) return;
  await db.update(legalDocuments).set({ status: 'SUPERSEDED' }).where(inArray(legalDocuments.id, ids));
};

export const insertDocument = async (db: DbExecutor, row: typeof legalDocuments.$inferInsert): Promise<LegalDocumentRow> => {
  const [inserted] = await db.insert(legalDocuments).values(row).returning();
  if (!inserted) throw new Error('insert returned no row');
  return inserted;
};

export const deleteDocument = async (db: DbExecutor, id: string): Promise<void> => {
  await db.delete(legalDocuments).where(eq(legalDocuments.id, id));
};
