import type { DbExecutor } from '@storecast/service-kit';
import { bulkImports } from './schema';

/** The summary and per-row results of one HQ bulk CSV import (kept for support). */
export const recordBulkImport = async (db: DbExecutor, values: typeof bulkImports.$inferInsert): Promise<void> => {
  await db.insert(bulkImports).values(values);
};
