import type { Logger } from '@storecast/service-kit';

export interface PurgeResult {
  drafts: number;
  commercials: number;
}

export interface PurgeJob {
  /** One run now (tests call it with a ManualClock; the timer calls it every interval). */
  run(): Promise<PurgeResult>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Runs the purges (expired drafts, commercial songs past retention) every intervalMs; never two
 * runs of one process at once, replicas coordinate in the database (SKIP LOCKED). A failed run
 * is logged and retried at the next interval. intervalMs 0: only by hand.
 */
export const purgeJob = (options: { intervalMs: number; logger: Logger; purge: () => Promise<PurgeResult> }): PurgeJob => {
  let running: Promise<PurgeResult> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const run = () => (running ??= options.purge().finally(() => (running = undefined)));
  return {
    run,
    start() {
      if (options.intervalMs <= 0) return;
      timer = setInterval(() => {
        run()
          .then((r) => {
            if (r.drafts || r.commercials) options.logger.info(r, 'purged expired broadcast drafts and deleted commercial songs');
          })
          .catch((err: unknown) => options.logger.warn({ err }, 'purge failed; retrying at the next run'));
      }, options.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
};
