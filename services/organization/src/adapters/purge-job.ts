import type { Logger } from '@storecast/service-kit';
import type { PurgeResult } from '../app/purge-deleted.use-case';

/**
 * Runs `purge` every intervalMs (never two runs of one process at once; replicas coordinate in
 * the database with SKIP LOCKED). A failed run is logged and retried at the next tick. 0 = off.
 */
export const startPurgeJob = (options: { intervalMs: number; logger: Logger; purge: () => Promise<PurgeResult> }): { stop(): Promise<void> } => {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = options
      .purge()
      .then((r) => {
        if (r.purgedStoreIds.length + r.purgedHqIds.length > 0) options.logger.info({ stores: r.purgedStoreIds.length, hqs: r.purgedHqIds.length }, 'purged HQs and stores deleted beyond the retention');
      })
      .catch((err: unknown) => options.logger.warn({ err }, 'purge of deleted HQs and stores failed; retrying at the next run'))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = options.intervalMs > 0 ? setInterval(tick, options.intervalMs) : undefined;
  timer?.unref();
  return {
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
};
