import type { Logger } from '@storecast/service-kit';

/**
 * Runs `purge` every intervalMs (never two runs of one process at once; replicas coordinate in
 * the database). A failed run is logged and retried at the next tick.
 */
export const startPurgeJob = (options: { intervalMs: number; logger: Logger; purge: () => Promise<number> }): { stop(): Promise<void> } => {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = options
      .purge()
      .then((count) => {
        if (count > 0) options.logger.info({ count }, 'purged music deleted beyond the retention');
      })
      .catch((err: unknown) => options.logger.warn({ err }, 'music purge failed; retrying at the next run'))
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
