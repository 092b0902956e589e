import { z } from 'zod';
import { uuidSchema } from '@storecast/service-kit';
import type { LegalDocument, LegalDocumentSummary } from '../app/read-legal-documents.use-case';
import { CONTENT_MAX_LENGTH, DOCUMENT_STATUSES, VERSION_MAX_LENGTH, type DocumentStatus } from '../domain/legal-document';

// Request and response shapes of spec 02 § Legal documents and consents (zod → validation, OpenAPI, response types).

/**
 * The latest instant an effectiveAt can name: a later one (9999-12-31T23:59:59-09:00 is already in
 * year 10000 UTC) has no four-digit-year ISO form, which PostgreSQL and the response both need.
 */
const LATEST_EFFECTIVE_AT = '9999-12-31T23:59:59.999Z';

export const LegalDocumentPublishRequest = z
  .object({
    version: z.string().trim().min(1).max(VERSION_MAX_LENGTH).openapi({ description: 'Unique per kind', example: '2026-03' }),
    content: z.string().min(1).max(CONTENT_MAX_LENGTH).openapi({ description: 'Markdown' }),
    effectiveAt: z.iso
      .datetime({ offset: true, abort: true })
      .refine((v) => Date.parse(v) <= Date.parse(LATEST_EFFECTIVE_AT), `must not be later than ${LATEST_EFFECTIVE_AT}`)
      .nullish()
      .openapi({ description: `Absent or within 60 s of now: ACTIVE now; later (up to ${LATEST_EFFECTIVE_AT}): SCHEDULED; earlier than 60 s ago: 400` }),
  })
  .openapi('LegalDocumentPublishRequest');

const Status = z.enum(DOCUMENT_STATUSES);
const Timestamp = z.iso.datetime();

export const LegalDocumentResponse = z
  .object({
    id: uuidSchema().openapi({ description: 'Addition to the spec shape: the id the detail and cancel paths take' }),
    version: z.string(),
    content: z.string(),
    publishedAt: Timestamp,
    effectiveAt: Timestamp,
    status: Status,
  })
  .openapi('LegalDocumentResponse');
export type LegalDocumentResponse = z.infer<typeof LegalDocumentResponse>;

export const LegalDocumentHistoryItem = z
  .object({ id: uuidSchema(), version: z.string(), publishedAt: Timestamp, effectiveAt: Timestamp, status: Status })
  .openapi('LegalDocumentHistoryItem');
export type LegalDocumentHistoryItem = z.infer<typeof LegalDocumentHistoryItem>;

export const LegalDocumentHistoryResponse = z
  .object({ items: z.array(LegalDocumentHistoryItem) })
  .openapi('LegalDocumentHistoryResponse');

export const toLegalDocumentResponse = (doc: LegalDocument, status: DocumentStatus = doc.status): LegalDocumentResponse => ({
  id: doc.id,
  version: doc.version,
  content: doc.content,
  publishedAt: doc.publishedAt.toISOString(),
  effectiveAt: doc.effectiveAt.toISOString(),
  status,
});

export const toHistoryItem = (doc: LegalDocumentSummary): LegalDocumentHistoryItem => ({
  id: doc.id,
  version: doc.version,
  publishedAt: doc.publishedAt.toISOString(),
  effectiveAt: doc.effectiveAt.toISOString(),
  status: doc.status,
});
