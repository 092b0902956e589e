/** The contact fields a store manager may change (PATCH /api/v1/store/me); name and address stay with the HQ. */
export const CONTACT_FIELDS = ['managerName', 'managerEmail', 'managerPhone'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

/** spec 03 (UpdateHqStoreRequest, the same contact values): name ≤ 50, email ≤ 255, phone ≤ 30. */
export const CONTACT_MAX: Record<ContactField, number> = { managerName: 50, managerEmail: 255, managerPhone: 30 };

/** The form's values of a stored profile (null shown as empty). */
export const contactValuesOf = (store: Partial<Record<ContactField, string | null>>): ContactValues => ({
  managerName: store.managerName ?? '',
  managerEmail: store.managerEmail ?? '',
  managerPhone: store.managerPhone ?? '',
});

/**
 * PATCH semantics: only the keys that changed (after trimming); a field emptied is sent as null
 * (clear). Nothing changed → an empty object.
 */
export const changedContactFields = (before: ContactValues, after: ContactValues): Partial<Record<ContactField, string | null>> => {
  const out: Partial<Record<ContactField, string | null>> = {};
  for (const key of CONTACT_FIELDS) {
    const next = after[key].trim();
    if (next !== before[key].trim()) out[key] = next === '' ? null : next;
  }
  return out;
};
