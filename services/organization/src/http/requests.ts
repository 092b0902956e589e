import { emailSchema, passwordSchema, reasonSchema } from '@storecast/service-kit';
import { z } from './zod';
import { HQ_STATUSES, HQ_TYPES, PLANS, STORE_STATUSES, STORE_TYPES } from '../domain/enums';
import { REGIONS } from '../domain/regions';
import { nullableEmail, nullableText, storeNameSchema, createHqStoreSchema, updateHqStoreSchema } from '../app/store-input';

export const HqOnboardingRequestSchema = z
  .object({
    hq: z.object({
      name: z.string().trim().min(1).max(255),
      businessNumber: z.string().trim().max(32).nullable().optional().openapi({ description: '###-##-##### (else 400 INVALID_BUSINESS_NUMBER)' }),
      plan: z.enum(PLANS),
      billingAnchorDay: z.number().int().min(1).max(31),
      llmKeywords: z.string().trim().max(1000).nullable().optional(),
      llmMaxPerHour: z.number().int().min(1).max(12),
    }),
    manager: z.object({
      email: emailSchema,
      tempPassword: passwordSchema,
      name: z.string().trim().min(1).max(255),
    }),
  })
  .openapi('HqOnboardingRequest');

export const UpdateHqRequestSchema = z.object({ name: z.string().trim().min(1).max(255) }).openapi('UpdateHqRequest');
export const SuspendRequestSchema = z.object({ reason: reasonSchema }).openapi('SuspendRequest');
export const StoreCloseRequestSchema = z.object({ reason: reasonSchema }).openapi('StoreCloseRequest');

const storeContact = {
  name: storeNameSchema,
  address: nullableText(200).optional(),
  managerName: nullableText(50).optional(),
  managerEmail: nullableEmail.optional(),
  managerPhone: nullableText(30).optional(),
};

export const StoreOnboardingRequestSchema = z
  .object({ store: z.object({ ...storeContact, plan: z.enum(PLANS), billingAnchorDay: z.number().int().min(1).max(31) }) })
  .openapi('StoreOnboardingRequest');

export const HqAffiliatedStoreOnboardingRequestSchema = z
  .object({ store: z.object({ ...storeContact, storeType: z.enum(['DIRECT', 'FRANCHISE']) }) })
  .openapi('HqAffiliatedStoreOnboardingRequest');

export const StoreManagerIssueRequestSchema = z
  .object({ email: emailSchema, tempPassword: passwordSchema, name: z.string().trim().min(1).max(255) })
  .openapi('StoreManagerIssueRequest');

export const AdminListHqsQuerySchema = z.object({
  q: z.string().max(100).optional(),
  status: z.enum(HQ_STATUSES).optional(),
  type: z.enum(HQ_TYPES).optional(),
  plan: z.enum(PLANS).optional(),
  page: z.number().int().optional(),
  size: z.number().int().optional(),
});

export const AdminListStoresQuerySchema = z.object({
  q: z.string().max(100).optional(),
  status: z.enum(STORE_STATUSES).optional(),
  type: z.enum(STORE_TYPES).optional(),
  plan: z.enum(PLANS).optional(),
  hqId: z.string().optional(),
  page: z.number().int().optional(),
  size: z.number().int().optional(),
});

export const HqStoresQuerySchema = z.object({
  q: z.string().max(100).optional(),
  status: z.enum(STORE_STATUSES).optional(),
  type: z.enum(STORE_TYPES).optional(),
  hasManagerAccount: z.boolean().optional(),
  page: z.number().int().optional(),
  size: z.number().int().optional(),
});

export const UpdateHqMeRequestSchema = z
  .object({ commercialCycleSongs: z.number().int().min(1).max(100).optional() })
  .openapi('UpdateHqMeRequest', { description: 'Only commercialCycleSongs is settable; other keys are ignored' });

export const UpdateHqDuckingRequestSchema = z
  .object({ duckEnabled: z.boolean(), duckVolumePercent: z.number().int().min(0).max(100), duckFadeMs: z.number().int().min(0).max(5000) })
  .openapi('UpdateHqDuckingRequest', { description: 'Full replace of the HQ ducking defaults' });

export const CreateHqStoreRequestSchema = createHqStoreSchema.openapi('CreateHqStoreRequest');
export const UpdateHqStoreRequestSchema = updateHqStoreSchema.openapi('UpdateHqStoreRequest', {
  description: 'Per key: absent = unchanged, null = clear, value = set; name cannot be cleared',
});

export const UpdateStoreCommercialCycleRequestSchema = z
  .object({ commercialCycleSongs: z.number().int().min(1).max(100).nullable().optional() })
  .openapi('UpdateStoreCommercialCycleRequest');

export const UpdateStoreDuckingRequestSchema = z
  .object({
    duckEnabled: z.boolean().nullable(),
    duckVolumePercent: z.number().int().min(0).max(100).nullable(),
    duckFadeMs: z.number().int().min(0).max(5000).nullable(),
  })
  .openapi('UpdateStoreDuckingRequest', { description: 'Full replace: all three keys are required; all null = inherit the HQ values' });

export const UpdateStoreRegionRequestSchema = z
  .object({ region: z.enum(REGIONS).nullable().optional() })
  .openapi('UpdateStoreRegionRequest');

export const IssueHqStoreManagerRequestSchema = z
  .object({ name: nullableText(50).optional(), email: emailSchema })
  .openapi('IssueHqStoreManagerRequest');

export const RegisterDeviceRequestSchema = z
  .object({
    deviceKey: z.string().min(1).max(64).refine((v) => v.trim().length > 0, 'must not be blank'),
    label: z.string().trim().min(1).max(50),
  })
  .openapi('RegisterDeviceRequest');

export const RenameDeviceRequestSchema = z.object({ label: z.string().trim().min(1).max(50) }).openapi('RenameDeviceRequest');
