import { z } from 'zod';
import { emailSchema } from '@storecast/service-kit';

/** Blank text is treated as "no value" (null) in store contact fields. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
export const nullableText = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max).nullable());
export const nullableEmail = z.preprocess(blankToNull, emailSchema.nullable());
export const storeNameSchema = z.string().trim().min(1).max(50);

/** Absent means null for a created store. */
const orNull = <S extends z.ZodType>(schema: S) => schema.optional().transform((v): z.output<S> | null => v ?? null);

/** CreateHqStoreRequest (spec 03), also the shape of one bulk CSV row; parses into the store's contact values. */
export const createHqStoreSchema = z.object({
  name: storeNameSchema,
  address: orNull(nullableText(200)),
  managerName: orNull(nullableText(50)),
  managerEmail: orNull(nullableEmail),
  managerPhone: orNull(nullableText(30)),
});

/** UpdateHqStoreRequest: absent = unchanged, null = clear, value = set; name cannot be cleared. */
export const updateHqStoreSchema = z.object({
  name: storeNameSchema.optional(),
  address: nullableText(200).optional(),
  managerName: nullableText(50).optional(),
  managerEmail: nullableEmail.optional(),
  managerPhone: nullableText(30).optional(),
});

/**
 * UpdateStoreMeRequest (store profile, spec 03 "store profile endpoints"): the contact fields a store
 * manager keeps current for its own store. Name and address identify the store to its HQ and stay
 * HQ-edited; managerEmail is a contact value only (the account's sign-in email is identity's).
 * Per key: absent = unchanged, null (or blank) = clear, value = set.
 */
export const updateStoreMeSchema = z.object({
  managerName: nullableText(50).optional(),
  managerEmail: nullableEmail.optional(),
  managerPhone: nullableText(30).optional(),
});
