/**
 * PATCH of an HQ store (spec 03 § HQ view of stores): per key, absent = unchanged, null = clear,
 * value = set; name cannot be cleared. Returns only the fields whose value really changes, so a
 * request without differences is a no-op (200, no audit row, no event).
 */
export const STORE_PATCH_FIELDS = ['name', 'address', 'managerName', 'managerEmail', 'managerPhone'] as const;
export type StorePatchField = (typeof STORE_PATCH_FIELDS)[number];

export type StoreContact = { name: string } & { [K in Exclude<StorePatchField, 'name'>]: string | null };
export type StorePatch = { name?: string } & { [K in Exclude<StorePatchField, 'name'>]?: string | null };

export type FieldChange = { before: string | null; after: string | null };
export type StoreChanges = Partial<Record<StorePatchField, FieldChange>>;

export const diffStorePatch = (current: StoreContact, patch: StorePatch): StoreChanges => {
  const changes: StoreChanges = {};
  for (const field of STORE_PATCH_FIELDS) {
    if (!(field in patch) || patch[field] === undefined) continue;
    const after = patch[field] as string | null;
    const before = current[field];
    if (before !== after) changes[field] = { before, after };
  }
  return changes;
};

export const changedFields = (changes: StoreChanges): StorePatchField[] =>
  STORE_PATCH_FIELDS.filter((f) => changes[f] !== undefined);
