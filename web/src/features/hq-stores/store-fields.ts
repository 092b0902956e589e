/** The store's own values an HQ edits (CreateHqStoreRequest / UpdateHqStoreRequest, spec 03). */
export const STORE_FIELDS = ['name', 'address', 'managerName', 'managerEmail', 'managerPhone'] as const;
export type StoreField = (typeof STORE_FIELDS)[number];
export type StoreValues = Record<StoreField, string>;

/** spec 03 § HQ view of stores: name 1..50, address ≤ 200, managerName ≤ 50, managerEmail ≤ 255, managerPhone ≤ 30. */
export const STORE_FIELD_MAX: Record<StoreField, number> = { name: 50, address: 200, managerName: 50, managerEmail: 255, managerPhone: 30 };

/** The sign-in forms' email shape (auth/password-fields, which this pure rule cannot import without the client). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const EMPTY_STORE_VALUES: StoreValues = { name: '', address: '', managerName: '', managerEmail: '', managerPhone: '' };

export type FieldProblem = { key: 'nameRequired' } | { key: 'tooLong'; max: number } | { key: 'emailInvalid' };

/** What is wrong with one value before it is sent (the server trims, so do we), or null. */
export const checkStoreField = (field: StoreField, raw: string): FieldProblem | null => {
  const value = raw.trim();
  if (field === 'name' && value === '') return { key: 'nameRequired' };
  if (value.length > STORE_FIELD_MAX[field]) return { key: 'tooLong', max: STORE_FIELD_MAX[field] };
  if (field === 'managerEmail' && value !== '' && !EMAIL_PATTERN.test(value)) return { key: 'emailInvalid' };
  return null;
};

/** The create request: trimmed values; blank optional values are left out (no value). */
export const createBodyOf = (values: StoreValues): { name: string } & Partial<Record<Exclude<StoreField, 'name'>, string>> => {
  const body: { name: string } & Partial<Record<Exclude<StoreField, 'name'>, string>> = { name: values.name.trim() };
  for (const field of STORE_FIELDS) {
    if (field === 'name') continue;
    const value = values[field].trim();
    if (value !== '') body[field] = value;
  }
  return body;
};

/** The form's values of a stored store (its contact phone is `phone` in the detail, `managerPhone` in requests). */
export const storeValuesOf = (store: { name: string; address: string | null; managerName: string | null; managerEmail: string | null; phone: string | null }): StoreValues => ({
  name: store.name,
  address: store.address ?? '',
  managerName: store.managerName ?? '',
  managerEmail: store.managerEmail ?? '',
  managerPhone: store.phone ?? '',
});

export type StorePatch = { name?: string } & Partial<Record<Exclude<StoreField, 'name'>, string | null>>;

/**
 * PATCH semantics: only the keys that changed (after trimming); an optional value emptied is
 * sent as null (clear). The name is never cleared (the form refuses it before). Nothing changed
 * → an empty object, and no request.
 */
export const changedStoreFields = (before: StoreValues, after: StoreValues): StorePatch => {
  const out: StorePatch = {};
  for (const field of STORE_FIELDS) {
    const next = after[field].trim();
    if (next === before[field].trim()) continue;
    if (field === 'name') {
      if (next !== '') out.name = next;
    } else {
      out[field] = next === '' ? null : next;
    }
  }
  return out;
};
