import { eq } from 'drizzle-orm';
import type { DbExecutor } from '@storecast/service-kit';
import { playbackStates, type PlaybackStateRow } from './schema';

/** A reporter's state row, locked for the report's transaction. */
export const lockState = async (tx: DbExecutor, reporterId: string): Promise<PlaybackStateRow | undefined> => {
  const [row] = await tx.select().from(playbackStates).where(eq(playbackStates.reporterId, reporterId)).for('update');
  return row;
};

/** Writes a reporter's current state and last signal time (and the last emitted signal when one was emitted). */
export const saveState = async (
  tx: DbExecutor,
  s: { reporterId: string; hqId: string; storeId: string; deviceId: string | null; state: string; currentMusicId: string | null; at: Date; emitted: boolean },
): Promise<void> => {
  const emitted = s.emitted ? { signalEmittedAt: s.at, signalEmittedState: s.state } : {};
  await tx
    .insert(playbackStates)
    .values({ reporterId: s.reporterId, hqId: s.hqId, storeId: s.storeId, deviceId: s.deviceId, state: s.state, currentMusicId: s.currentMusicId, lastSignalAt: s.at, ...emitted })
    .onConflictDoUpdate({
      target: playbackStates.reporterId,
      set: { hqId: s.hqId, state: s.state, currentMusicId: s.currentMusicId, lastSignalAt: s.at, ...emitted },
    });
};

/** Every reporter row of an HQ's stores. */
export const statesOfHq = (db: DbExecutor, hqId: string): Promise<PlaybackStateRow[]> => db.select().from(playbackStates).where(eq(playbackStates.hqId, hqId));
