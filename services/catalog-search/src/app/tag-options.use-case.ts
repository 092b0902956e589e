import { isUniqueViolation } from '@storecast/service-kit';
import { findTagOption, insertTagOption, listTagOptions as listAll, TAG_OPTION_UNIQUE, updateTagOption as storeUpdate } from '../db/tag-option.repository';
import type { TagOptionRow } from '../db/schema';
import type { TagType } from '../domain/enums';
import { newId } from '@storecast/service-kit';
import { tagOptionDuplicate, tagOptionNotFound } from './errors';
import type { CatalogContext } from './ports';

/** Every option, inactive included, by sort order then value (unpaged). */
export const listTagOptions = (ctx: CatalogContext): Promise<TagOptionRow[]> => listAll(ctx.db);

/** (type, value) is unique → 409 MUSIC_TAG_OPTION_DUPLICATE. */
export const createTagOption = async (ctx: CatalogContext, input: { type: TagType; value: string; sortOrder: number }): Promise<TagOptionRow> => {
  const now = ctx.clock.now();
  try {
    return await insertTagOption(ctx.db, { id: newId(), type: input.type, value: input.value, sortOrder: input.sortOrder, createdAt: now, updatedAt: now });
  } catch (err) {
    if (isUniqueViolation(err, TAG_OPTION_UNIQUE)) throw tagOptionDuplicate();
    throw err;
  }
};

/** Value, sort order and active change; the type never does. A body without changes is a no-op. */
export const updateTagOption = async (
  ctx: CatalogContext,
  id: string,
  input: { value?: string; sortOrder?: number; active?: boolean },
): Promise<TagOptionRow> => {
  const current = await findTagOption(ctx.db, id);
  if (!current) throw tagOptionNotFound();
  const changes: Parameters<typeof storeUpdate>[2] = {};
  if (input.value !== undefined && input.value !== current.value) changes.value = input.value;
  if (input.sortOrder !== undefined && input.sortOrder !== current.sortOrder) changes.sortOrder = input.sortOrder;
  if (input.active !== undefined && input.active !== (current.deactivatedAt === null)) changes.deactivatedAt = input.active ? null : ctx.clock.now();
  if (Object.keys(changes).length === 0) return current;
  try {
    return (await storeUpdate(ctx.db, id, { ...changes, updatedAt: ctx.clock.now() }))!;
  } catch (err) {
    if (isUniqueViolation(err, TAG_OPTION_UNIQUE)) throw tagOptionDuplicate();
    throw err;
  }
};

/** Delete = deactivate, idempotent (an inactive option stays inactive, keeping its time). */
export const deactivateTagOption = async (ctx: CatalogContext, id: string): Promise<void> => {
  const current = await findTagOption(ctx.db, id);
  if (!current) throw tagOptionNotFound();
  if (current.deactivatedAt) return;
  const now = ctx.clock.now();
  await storeUpdate(ctx.db, id, { deactivatedAt: now, updatedAt: now });
};
