import { eq, sql } from 'drizzle-orm';
import { readInstant, type DbExecutor } from '@storecast/service-kit';
import { playbackStates, type PlaybackStateRow } from './schema';

/** A reporter's state row, locked for the report's transaction. */
export const lockState = async (tx: DbExecutor, reporterId: string): Promise<PlaybackStateRow | undefined> => {
  const [row] = await tx.select().from(playbackStates).where(eq(playbackStates.reporterId, reporterId)).for('update');
  return row;
};

/** Records that a signal event was emitted for the reporter's current state. */
export const markSignalEmitted = async (tx: DbExecutor, reporterId: string, state: string, at: Date): Promise<void> => {
  await tx.update(playbackStates).set({ signalEmittedAt: at, signalEmittedState: state }).where(eq(playbackStates.reporterId, reporterId));
};

/** Every reporter row of an HQ's stores. */
export const statesOfHq = (db: DbExecutor, hqId: string): Promise<PlaybackStateRow[]> => db.select().from(playbackStates).where(eq(playbackStates.hqId, hqId));

/** The newest signal of each store of the HQ (any of its reporters), through playback_states_hq_idx. */
export const lastSignalsOfHq = async (db: DbExecutor, hqId: string): Promise<Map<string, Date>> => {
  type Row = { store_id: string; last_signal_at: string | Date };
  const result = await db.execute<Row>(sql`select store_id, max(last_signal_at) as last_signal_at from playback_states where hq_id = ${hqId}::uuid group by store_id`);
  return new Map(result.rows.map((r: Row) => [r.store_id, readInstant(r.last_signal_at)]));
};

/** Every reporter's HQ, store and signal, fleet-wide (the operator's playback board). */
export const fleetSignals = (db: DbExecutor): Promise<Array<Pick<PlaybackStateRow, 'hqId' | 'storeId' | 'state' | 'lastSignalAt'>>> =>
  db.select({ hqId: playbackStates.hqId, storeId: playbackStates.storeId, state: playbackStates.state, lastSignalAt: playbackStates.lastSignalAt }).from(playbackStates);
