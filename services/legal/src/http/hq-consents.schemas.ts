import { z } from 'zod';
import { uuidSchema } from '@storecast/service-kit';
import type { Consent, HqConsents } from '../app/get-hq-consents.use-case';
import { HQ_STATUSES } from '../app/ports';

export const ConsentRecord = z
  .object({
    documentVersion: z.string(),
    agreedAt: z.iso.datetime(),
    signerName: z.string().nullable().optional(),
    agreedIp: z.string().nullable().optional(),
  })
  .openapi('ConsentRecord');
export type ConsentRecord = z.infer<typeof ConsentRecord>;

export const HqConsentsResponse = z
  .object({
    hqId: uuidSchema(),
    hqName: z.string(),
    status: z.enum(HQ_STATUSES).openapi({ description: 'HQ status (from organization)' }),
    terms: z.array(ConsentRecord).openapi({ description: 'agreedAt desc, id desc' }),
    privacy: z.array(ConsentRecord).openapi({ description: 'agreedAt desc, id desc' }),
    termsReagreeRequired: z.boolean(),
    privacyReagreeRequired: z.boolean(),
  })
  .openapi('HqConsentsResponse');
export type HqConsentsResponse = z.infer<typeof HqConsentsResponse>;

const toConsentRecord = (r: Consent): ConsentRecord => ({
  documentVersion: r.documentVersion,
  agreedAt: r.agreedAt.toISOString(),
  signerName: r.signerName,
  agreedIp: r.agreedIp,
});

export const toHqConsentsResponse = (c: HqConsents): HqConsentsResponse => ({
  hqId: c.hq.id,
  hqName: c.hq.name,
  status: c.hq.status,
  terms: c.terms.map(toConsentRecord),
  privacy: c.privacy.map(toConsentRecord),
  termsReagreeRequired: c.termsRequiresAgreement,
  privacyReagreeRequired: c.privacyRequiresAgreement,
});
