import type { Logger } from 'pino';

export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * Runs a service process: start, then on SIGTERM/SIGINT stop (stop accepting, drain, close pools)
 * and exit. A failure to start exits 1 with the reason logged.
 */
export const runProcess = async (logger: Logger, start: () => Promise<Stoppable>): Promise<void> => {
  let service: Stoppable | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      await service?.stop();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  try {
    service = await start();
  } catch (err) {
    logger.fatal({ err }, 'failed to start');
    // Give pino a moment to flush.
    setTimeout(() => process.exit(1), 50);
  }
};
