import { and, desc, eq } from 'drizzle-orm';
import type { DbExecutor } from '@storecast/service-kit';
import type { ConsentSubject } from '../domain/agreement';
import type { DocumentKind } from '../domain/legal-document';
import { consentRecords, type ConsentRecordRow } from './schema';

const ofSubject = (subject: ConsentSubject, kind: DocumentKind) =>
  and(eq(consentRecords.subjectType, subject.type), eq(consentRecords.subjectId, subject.id), eq(consentRecords.kind, kind));

const newestFirst = [desc(consentRecords.agreedAt), desc(consentRecords.id)] as const;

/** The version the subject agreed to most recently, or null. */
export const latestAgreedVersion = async (db: DbExecutor, subject: ConsentSubject, kind: DocumentKind): Promise<string | null> => {
  const rows = await db
    .select({ version: consentRecords.documentVersion })
    .from(consentRecords)
    .where(ofSubject(subject, kind))
    .orderBy(...newestFirst)
    .limit(1);
  return rows[0]?.version ?? null;
};

export const consentExists = async (db: DbExecutor, subject: ConsentSubject, kind: DocumentKind, version: string): Promise<boolean> => {
  const rows = await db
    .select({ id: consentRecords.id })
    .from(consentRecords)
    .where(and(ofSubject(subject, kind), eq(consentRecords.documentVersion, version)))
    .limit(1);
  return rows.length > 0;
};

export type NewConsent = typeof consentRecords.$inferInsert;

/** Plain insert: a concurrent duplicate raises the unique violation (the caller decides). */
export const insertConsent = async (db: DbExecutor, row: NewConsent): Promise<void> => {
  await db.insert(consentRecords).values(row);
};

/** Insert that keeps the existing record when the subject already agreed to that version. */
export const insertConsentIfAbsent = async (db: DbExecutor, row: NewConsent): Promise<boolean> => {
  const inserted = await db.insert(consentRecords).values(row).onConflictDoNothing().returning({ id: consentRecords.id });
  return inserted.length > 0;
};

/** The subject's consents of one kind, newest first (agreedAt desc, id desc). */
export const listConsents = (db: DbExecutor, subject: ConsentSubject, kind: DocumentKind): Promise<ConsentRecordRow[]> =>
  db.select().from(consentRecords).where(ofSubject(subject, kind)).orderBy(...newestFirst);
