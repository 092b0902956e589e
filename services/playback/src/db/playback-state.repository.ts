import { eq } from 'drizzle-orm';
import type { DbExecutor } from '@storecast/service-kit';
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
