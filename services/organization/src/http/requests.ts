import { badRequest, emailSchema, pagingSchema, passwordSchema, reasonSchema, uuidSchema } from '@storecast/service-kit';
import { z } from './zod';
import { HQ_STATUSES, HQ_TYPES, PLANS, STORE_STATUSES, STORE_TYPES } from '../domain/enums';
import { REGIONS } from '../domain/regions';
import { nullableText, createHqStoreSchema, updateHqStoreSchema, updateStoreMeSchema } from '../app/store-input';

// ---------- query parameters ----------

/**
 * An enumerated filter: absent or empty means "no filter"; any other value outside the
 * enumeration answers 400 INVALID_ENUM_VALUE (spec 02 § Errors) rather than VALIDATION_FAILED,
 * with the message and `fields: { <name>: 'must be one of ...' }` (no `details`).
 */
const enumFilter = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z
    .unknown()
    .transform((raw): T[number] | undefined => {
      if (raw === undefined || raw === '') return undefined;
      const value = values.find((v) => v === raw);
      if (value !== undefined) return value;
      const message = `must be one of ${values.join(', ')}`;
      // details is for VALIDATION_FAILED only (spec 02 § Errors): the field goes to `fields`.
      throw badRequest('INVALID_ENUM_VALUE', `${name} ${message}`, { fields: { [name]: message } });
    })
    .optional()
    .openapi({ type: 'string', enum: [...values] });

/** Text search: trimmed, at most 100 characters (spec 02 § Limits); blank means no filter. */
const textSearch = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((q) => q || undefined);

/** true / false; empty means no filter; anything else 400 VALIDATION_FAILED. */
const booleanFilter = z
  .enum(['true', 'false', ''])
  .optional()
  .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined))
  .openapi({ type: 'string', enum: ['true', 'false'] });

export const AdminListHqsQuerySchema = pagingSchema().extend({
  q: textSearch.openapi({ description: 'Name or business number, partial, case-insensitive' }),
  status: enumFilter('status', HQ_STATUSES),
  type: enumFilter('type', HQ_TYPES),
  plan: enumFilter('plan', PLANS),
});

export const AdminListStoresQuerySchema = pagingSchema().extend({
  q: textSearch.openapi({ description: 'Store name, HQ name or address, partial, case-insensitive' }),
  status: enumFilter('status', STORE_STATUSES),
  type: enumFilter('type', STORE_TYPES),
  plan: enumFilter('plan', PLANS),
  hqId: z
    .string()
    .optional()
    .transform((v) => v || undefined)
    .openapi({ description: 'Only stores of this HQ (a malformed id matches nothing)' }),
});

export const HqStoresQuerySchema = pagingSchema().extend({
  q: textSearch.openapi({ description: 'Name or address, partial, case-insensitive' }),
  status: enumFilter('status', STORE_STATUSES),
  type: enumFilter('type', STORE_TYPES),
  hasManagerAccount: booleanFilter,
});

// ---------- bodies ----------

/** Optional free text where blank means "none". */
const blankToNull = <S extends z.ZodType<string | null | undefined>>(schema: S) => schema.transform((v) => v || null);

export const HqOnboardingRequestSchema = z
  .object({
    hq: z.object({
      name: z.string().trim().min(1).max(255),
      businessNumber: blankToNull(z.string().trim().max(32).nullable().optional()).openapi({ description: '###-##-##### (else 400 INVALID_BUSINESS_NUMBER)' }),
      plan: z.enum(PLANS),
      billingAnchorDay: z.number().int().min(1).max(31),
      llmKeywords: blankToNull(z.string().trim().max(1000).nullable().optional()),
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

/** Contact values of operator store onboarding (as HQ store creation: absent and blank are null). */
const storeContact = createHqStoreSchema.shape;

export const StoreOnboardingRequestSchema = z
  .object({ store: z.object({ ...storeContact, plan: z.enum(PLANS), billingAnchorDay: z.number().int().min(1).max(31) }) })
  .openapi('StoreOnboardingRequest');

export const HqAffiliatedStoreOnboardingRequestSchema = z
  .object({ store: z.object({ ...storeContact, storeType: z.enum(['DIRECT', 'FRANCHISE']) }) })
  .openapi('HqAffiliatedStoreOnboardingRequest');

export const StoreManagerIssueRequestSchema = z
  .object({ email: emailSchema, tempPassword: passwordSchema, name: z.string().trim().min(1).max(255) })
  .openapi('StoreManagerIssueRequest');

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
  .object({ name: nullableText(50).optional().transform((v) => v ?? null), email: emailSchema })
  .openapi('IssueHqStoreManagerRequest');

export const RegisterDeviceRequestSchema = z
  .object({
    deviceKey: z.string().min(1).max(64).refine((v) => v.trim().length > 0, 'must not be blank'),
    label: z.string().trim().min(1).max(50),
  })
  .openapi('RegisterDeviceRequest');

export const UpdateStoreMeRequestSchema = updateStoreMeSchema.openapi('UpdateStoreMeRequest', {
  description: 'Store profile: managerName, managerEmail (contact value only), managerPhone; per key absent = unchanged, null = clear; other keys are ignored',
});

export const SetDevicePlaylistRequestSchema = z
  .object({ playlistId: uuidSchema().nullable() })
  .openapi('SetDevicePlaylistRequest', { description: 'playlistId null: the device follows the store again' });

export const RenameDeviceRequestSchema = z.object({ label: z.string().trim().min(1).max(50) }).openapi('RenameDeviceRequest');

/** The multipart body of the bulk upload (documentation; multer reads it). */
export const BulkUploadRequestSchema = z.object({ file: z.string().openapi({ type: 'string', format: 'binary' }) });
