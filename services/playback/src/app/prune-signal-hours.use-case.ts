import { deleteSignalHoursBefore } from '../db/signal-hour.repository';
import { HOUR_MS, hourStart } from '../domain/signal-hours';
import type { PlaybackContext } from './ports';

const BATCH = 5000;
const MAX_BATCHES_PER_RUN = 100;

/**
 * Deletes the signal hours older than the retention (PLAYBACK_SIGNAL_HOURS_RETENTION_DAYS whole
 * days before the hour in progress), in bounded batches, each its own statement: a backlog larger
 * than one run is worked off by the next runs. Answers how many rows it deleted.
 */
export const pruneSignalHours = async (ctx: Pick<PlaybackContext, 'db' | 'clock' | 'settings'>): Promise<number> => {
  const before = new Date(hourStart(ctx.clock.now()).getTime() - ctx.settings.signalHoursRetentionDays * 24 * HOUR_MS);
  let deleted = 0;
  for (let i = 0; i < MAX_BATCHES_PER_RUN; i++) {
    const n = await deleteSignalHoursBefore(ctx.db, before, BATCH);
    deleted += n;
    if (n < BATCH) break;
  }
  return deleted;
};
