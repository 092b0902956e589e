import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '@storecast/service-kit';
import type { Cadence } from '../domain/commercial-rotation';
import { commercialCursors } from './schema';

const NONE: Cadence = { cursor: null, cursorStartedAt: null, songsSince: 0 };

/**
 * The store's commercial cadence as a queue reads it: its cursor and the songs played since its
 * last commercial, not locked and never written (a store without a row has played nothing yet).
 */
export const readCadence = async (db: DbExecutor, storeId: string): Promise<Cadence> => {
  const [row] = await db
    .select({ cursor: commercialCursors.commercialId, cursorStartedAt: commercialCursors.commercialStartedAt, songsSince: commercialCursors.songsSinceCommercial })
    .from(commercialCursors)
    .where(eq(commercialCursors.storeId, storeId));
  return row ?? NONE;
};

/**
 * The store's cadence, locked for a report's transaction (concurrent reports of the store's
 * commercial plays serialize on it). A store without a row gets one inserted (and locked) first.
 */
export const lockCadence = async (tx: DbExecutor, storeId: string, hqId: string, at: Date): Promise<Cadence> => {
  await tx.execute(
    sql`insert into commercial_cursors (store_id, hq_id, commercial_id, songs_since_commercial, updated_at) values (${storeId}, ${hqId}, null, 0, ${at.toISOString()}) on conflict (store_id) do nothing`,
  );
  const [row] = await tx
    .select({ cursor: commercialCursors.commercialId, cursorStartedAt: commercialCursors.commercialStartedAt, songsSince: commercialCursors.songsSinceCommercial })
    .from(commercialCursors)
    .where(eq(commercialCursors.storeId, storeId))
    .for('update');
  return row ?? NONE;
};

export const saveCadence = async (tx: DbExecutor, storeId: string, cadence: Cadence, at: Date): Promise<void> => {
  await tx
    .update(commercialCursors)
    .set({ commercialId: cadence.cursor, commercialStartedAt: cadence.cursorStartedAt, songsSinceCommercial: cadence.songsSince, updatedAt: at })
    .where(eq(commercialCursors.storeId, storeId));
};

/** Clears every store's cursor on a song deleted for good; answers how many were cleared. */
export const clearCursorsOn = async (tx: DbExecutor, commercialId: string): Promise<number> => {
  const rows = await tx.update(commercialCursors).set({ commercialId: null }).where(eq(commercialCursors.commercialId, commercialId)).returning({ storeId: commercialCursors.storeId });
  return rows.length;
};
