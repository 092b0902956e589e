import { z } from 'zod';
import type { HistoryRow } from '../db/legal-document.repository';
import type { ConsentRecordRow, LegalDocumentRow } from '../db/schema';
import { CONTENT_MAX_LENGTH, DOCUMENT_STATUSES, VERSION_MAX_LENGTH, type DocumentStatus } from '../domain/legal-document';
import type { HqConsents } from '../app/get-hq-consents.use-case';

// Request and response shapes of spec 02 § Legal documents and consents (zod → validation + OpenAPI).

export const LegalDocumentPublishRequest = z
  .object({
    version: z.string().trim().min(1).max(VERSION_MAX_LENGTH).openapi({ description: 'Unique per kind', example: '2026-03' }),
    content: z.string().min(1).max(CONTENT_MAX_LENGTH).openapi({ description: 'Markdown' }),
    effectiveAt: z.iso
      .datetime({ offset: true })
      .nullish()
      .openapi({ description: 'Absent or within 60 s of now: ACTIVE now; later: SCHEDULED; earlier than 60 s ago: 400' }),
  })
  .openapi('LegalDocumentPublishRequest');

export const LegalAgreeRequest = z
  .object({ version: z.string().trim().min(1).max(VERSION_MAX_LENGTH) })
  .openapi('LegalAgreeRequest');

const Status = z.enum(DOCUMENT_STATUSES);

export const LegalDocumentResponse = z
  .object({
    id: z.uuid().openapi({ description: 'Addition to the spec shape: the id the detail and cancel paths take' }),
    version: z.string(),
    content: z.string(),
    publishedAt: z.string(),
    effectiveAt: z.string(),
    status: Status,
  })
  .openapi('LegalDocumentResponse');

export const LegalDocumentHistoryItem = z
  .object({ id: z.uuid(), version: z.string(), publishedAt: z.string(), effectiveAt: z.string(), status: Status })
  .openapi('LegalDocumentHistoryItem');

export const LegalDocumentHistoryResponse = z
  .object({ items: z.array(LegalDocumentHistoryItem) })
  .openapi('LegalDocumentHistoryResponse');

export const ConsentRecord = z
  .object({
    documentVersion: z.string(),
    agreedAt: z.string(),
    signerName: z.string().nullable().optional(),
    agreedIp: z.string().nullable().optional(),
  })
  .openapi('ConsentRecord');

export const HqConsentsResponse = z
  .object({
    hqId: z.string(),
    hqName: z.string(),
    status: z.string().openapi({ description: 'HQ status: ACTIVE | ONBOARDING | UNPAID | SUSPENDED' }),
    terms: z.array(ConsentRecord),
    privacy: z.array(ConsentRecord),
    termsReagreeRequired: z.boolean(),
    privacyReagreeRequired: z.boolean(),
  })
  .openapi('HqConsentsResponse');

export const IdParam = z.object({ id: z.string() });

export const toLegalDocumentResponse = (doc: LegalDocumentRow, status: DocumentStatus = doc.status): z.infer<typeof LegalDocumentResponse> => ({
  id: doc.id,
  version: doc.version,
  content: doc.content,
  publishedAt: doc.publishedAt.toISOString(),
  effectiveAt: doc.effectiveAt.toISOString(),
  status,
});

export const toHistoryItem = (doc: HistoryRow): z.infer<typeof LegalDocumentHistoryItem> => ({
  id: doc.id,
  version: doc.version,
  publishedAt: doc.publishedAt.toISOString(),
  effectiveAt: doc.effectiveAt.toISOString(),
  status: doc.status,
});

const toConsentRecord = (r: ConsentRecordRow): z.infer<typeof ConsentRecord> => ({
  documentVersion: r.documentVersion,
  agreedAt: r.agreedAt.toISOString(),
  signerName: r.signerName,
  agreedIp: r.agreedIp,
});

export const toHqConsentsResponse = (c: HqConsents): z.infer<typeof HqConsentsResponse> => ({
  hqId: c.hq.id,
  hqName: c.hq.name,
  status: c.hq.status,
  terms: c.terms.map(toConsentRecord),
  privacy: c.privacy.map(toConsentRecord),
  termsReagreeRequired: c.termsRequiresAgreement,
  privacyReagreeRequired: c.privacyRequiresAgreement,
});
