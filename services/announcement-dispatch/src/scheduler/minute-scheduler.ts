import type { Logger } from '@storecast/service-kit';
import { runSchedulerTick, type TickResult } from '../app/run-scheduler.use-case';
import type { AppContext } from '../app/ports';

export interface MinuteScheduler {
  /** One tick now (tests call it with a ManualClock; the timer calls it every interval). */
  tick(): Promise<TickResult>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * Runs the scheduler tick every interval (one minute by default). Ticks never overlap within a
 * process; across replicas the tick's row locks keep them apart.
 */
export const minuteScheduler = (ctx: AppContext, options: { intervalMs: number; horizonMs: number; logger: Logger }): MinuteScheduler => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<TickResult> | undefined;
  let stopped = false;
  const tick = () => (running ??= runSchedulerTick(ctx, options.horizonMs).finally(() => (running = undefined)));
  const loop = () => {
    timer = setTimeout(async () => {
      try {
        const r = await tick();
        if (r.promoted || r.expired || r.materialized) options.logger.info(r, 'scheduler tick');
      } catch (err) {
        options.logger.error({ err }, 'scheduler tick failed');
      }
      if (!stopped) loop();
    }, options.intervalMs);
    timer.unref();
  };
  return {
    tick,
    start: () => loop(),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
};
