import { asc, eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '@storecast/service-kit';
import { tagOptions, type TagOptionRow } from './schema';

export const TAG_OPTION_UNIQUE = 'tag_options_type_value_key';

export const listTagOptions = (db: DbExecutor): Promise<TagOptionRow[]> =>
  db.select().from(tagOptions).orderBy(asc(tagOptions.sortOrder), asc(tagOptions.value), asc(tagOptions.id));

export const insertTagOption = async (tx: DbExecutor, row: typeof tagOptions.$inferInsert): Promise<TagOptionRow> => {
  const [inserted] = await tx.insert(tagOptions).values(row).returning();
  return inserted!;
};

export const findTagOption = async (db: DbExecutor, id: string): Promise<TagOptionRow | undefined> =>
  (await db.select().from(tagOptions).where(eq(tagOptions.id, id)))[0];

export const updateTagOption = async (
  tx: DbExecutor,
  id: string,
  values: Partial<Pick<TagOptionRow, 'value' | 'sortOrder' | 'deactivatedAt' | 'updatedAt'>>,
): Promise<TagOptionRow | undefined> => (await tx.update(tagOptions).set(values).where(eq(tagOptions.id, id)).returning())[0];

export const findTagOptionsByIds = (db: DbExecutor, ids: readonly string[]): Promise<TagOptionRow[]> =>
  ids.length ? db.select().from(tagOptions).where(inArray(tagOptions.id, [...ids])) : Promise.resolve([]);
