import {
  createLogger,
  createServiceRuntime,
  wireOrStop,
  ServiceApi,
  systemClock,
  TicketSigner,
  type BaseServiceRuntime,
  type Clock,
  type Logger,
} from '@storecast/service-kit';
import { TimerWheel } from './adapters/timer-wheel';
import type { SseFanoutConfig } from './config';
import { ConnectionHub } from './app/connection-hub';
import type { AppContext } from './app/context';
import type { Timers } from './app/ports';
import { startReplicaConsumer } from './events/replica.consumer';
import { streamRoutes } from './http/stream.routes';

export interface SseFanoutDeps {
  clock: Clock;
  logger: Logger;
  /** Keep-alive and lifetime timers (tests move them by hand). */
  timers: Timers;
  /** 0 ≤ random() < 1 for the close and keep-alive jitters. */
  random: () => number;
}

export interface StartedSseFanout {
  httpUrl: string;
  httpPort: number;
  runtime: BaseServiceRuntime;
  api: ServiceApi;
  hub: ConnectionHub;
  stop(): Promise<void>;
}

export const start = async (config: SseFanoutConfig, deps: Partial<SseFanoutDeps> = {}): Promise<StartedSseFanout> => {
  const logger = deps.logger ?? createLogger('sse-fanout', config.LOG_LEVEL);
  const clock = deps.clock ?? systemClock;
  if (config.STREAM_TICKET_SECRET_GENERATED) {
    logger.warn('STREAM_TICKET_SECRET is not set: a random one was generated, so only this process redeems its tickets');
  }
  const runtime = await createServiceRuntime({ name: 'sse-fanout', config, database: false, logger });
  return wireOrStop(runtime, async () => {

    const hub = new ConnectionHub({
      clock,
      // One shared tick for every stream's keep-alive and close (not two Node timers per stream).
      timers: deps.timers ?? new TimerWheel({ maxPerTurn: config.SSE_TIMERS_PER_TURN }),
      logger,
      random: deps.random,
      keepAliveMs: config.SSE_KEEPALIVE_SECONDS * 1000,
      keepAliveJitterMs: config.SSE_KEEPALIVE_JITTER_SECONDS * 1000,
      maxLifetimeMs: config.SSE_MAX_CONNECTION_SECONDS * 1000,
      closeJitterMs: config.SSE_CLOSE_JITTER_SECONDS * 1000,
      retryMs: config.SSE_RETRY_MS,
      // The ticket's lifetime and 5 s more: the EventSource's automatic reconnect then carries an expired ticket.
      endedRetryMs: (config.STREAM_TICKET_TTL_SECONDS + 5) * 1000,
      maxBufferedBytes: config.SSE_MAX_BUFFERED_BYTES,
      writesPerTurn: config.SSE_WRITES_PER_TURN,
    });
    const ctx: AppContext = {
      clock,
      tickets: new TicketSigner(config.STREAM_TICKET_SECRET, clock),
      ticketTtlSeconds: config.STREAM_TICKET_TTL_SECONDS,
      publicBaseUrl: config.PUBLIC_BASE_URL,
      hub,
    };

    await startReplicaConsumer({ broker: runtime.broker, logger, hub });

    const api = new ServiceApi({
      title: 'Storecast sse-fanout',
      description: 'Stream tickets and the store announcement stream (server-sent events), fed by dispatch events and ended by organization events',
      verifier: runtime.verifier,
    });
    const { http } = await runtime.serve({ api, routers: [streamRoutes(api, ctx)], backlog: config.SSE_LISTEN_BACKLOG });

    return {
      httpUrl: http.url,
      httpPort: http.port,
      runtime,
      api,
      hub,
      // Open streams end first (players reconnect to another replica), so the HTTP server drains at once.
      stop: async () => {
        hub.close();
        await runtime.stop();
      },
    };
  });
};
