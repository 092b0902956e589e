import type { Logger } from 'pino';

export interface PeriodicJobOptions<R> {
  /** Named in the log lines. */
  name: string;
  /** 0 turns the job off (tests run it by hand). */
  intervalMs: number;
  /** When the first run starts; default one interval after start. */
  firstRunAfterMs?: number;
  logger: Logger;
  run: () => Promise<R>;
  /** What a finished run logs at info; undefined logs nothing (a run that found no work). */
  describe?: (result: R) => Record<string, unknown> | undefined;
}

export interface PeriodicJob<R> {
  /** Runs once now, or joins the run in progress, and answers its result (tests, admin triggers). */
  runNow(): Promise<R>;
  stop(): Promise<void>;
}

/**
 * Runs a background job (purges, pruning) every intervalMs: never two runs of one process at once,
 * a failed timed run logged and retried at the next tick. Replicas coordinate in the database
 * (SKIP LOCKED or an advisory lock in the job itself), not here.
 */
export const startPeriodicJob = <R>(options: PeriodicJobOptions<R>): PeriodicJob<R> => {
  let running: Promise<R> | undefined;
  const run = (): Promise<R> =>
    (running ??= options.run().finally(() => {
      running = undefined;
    }));
  const tick = () =>
    run()
      .then((result) => {
        const fields = options.describe?.(result);
        if (fields) options.logger.info({ job: options.name, ...fields }, `${options.name} finished`);
      })
      .catch((err: unknown) => options.logger.warn({ err, job: options.name }, `${options.name} failed; retrying at the next run`));
  let timer: NodeJS.Timeout | undefined;
  const every = () => {
    timer = setInterval(() => void tick(), options.intervalMs).unref();
  };
  if (options.intervalMs > 0 && options.firstRunAfterMs === undefined) every();
  else if (options.intervalMs > 0) {
    timer = setTimeout(() => {
      void tick();
      every();
    }, options.firstRunAfterMs).unref();
  }
  return {
    runNow: run,
    async stop() {
      if (timer) clearTimeout(timer); // clears an interval too
      await running?.catch(() => undefined);
    },
  };
};
