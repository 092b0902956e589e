import type { DbExecutor, Logger } from '@storecast/service-kit';
import { clearCursorsOn } from '../db/commercial-cursor.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A commercial song is gone for good: every store cursor on it is cleared, so those stores start
 * again from the first active song (spec 03 § Commercial songs). Idempotent.
 */
export const clearCommercialCursors = async (tx: DbExecutor, logger: Logger, songId: string): Promise<void> => {
  if (!UUID.test(songId)) return;
  const cleared = await clearCursorsOn(tx, songId.toLowerCase());
  if (cleared > 0) logger.info({ songId, cleared }, 'commercial cursors cleared');
};
