import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '@storecast/service-kit';
import { commercialCursors } from './schema';

/**
 * The store's cursor (the last commercial placed), locked so that concurrent queue reads of one
 * store take successive commercials. A store without a row gets one inserted (and locked) first.
 */
export const lockCursor = async (tx: DbExecutor, storeId: string, hqId: string, at: Date): Promise<string | null> => {
  await tx.execute(sql`insert into commercial_cursors (store_id, hq_id, commercial_id, updated_at) values (${storeId}, ${hqId}, null, ${at.toISOString()}) on conflict (store_id) do nothing`);
  const [row] = await tx.select({ commercialId: commercialCursors.commercialId }).from(commercialCursors).where(eq(commercialCursors.storeId, storeId)).for('update');
  return row?.commercialId ?? null;
};

export const saveCursor = async (tx: DbExecutor, storeId: string, commercialId: string | null, at: Date): Promise<void> => {
  await tx.update(commercialCursors).set({ commercialId, updatedAt: at }).where(eq(commercialCursors.storeId, storeId));
};

/** Clears every store's cursor on a song deleted for good; answers how many were cleared. */
export const clearCursorsOn = async (tx: DbExecutor, commercialId: string): Promise<number> => {
  const rows = await tx.update(commercialCursors).set({ commercialId: null }).where(eq(commercialCursors.commercialId, commercialId)).returning({ storeId: commercialCursors.storeId });
  return rows.length;
};
