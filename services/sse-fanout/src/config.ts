import { z } from 'zod';
import { loadConfig, randomToken, serviceEnv } from '@storecast/service-kit';

const seconds = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).default(fallback);

/**
 * sse-fanout keeps nothing persistent (connections live in memory): the kit's variables without
 * DATABASE_URL and OUTBOX_POLL_MS, plus the stream ticket and the stream's timings. It serves no
 * gRPC; GRPC_PORT is read by the kit only when gRPC services are given, which never happens here.
 */
export const configSchema = serviceEnv('sse-fanout', { http: 8088, grpc: 0 })
  .omit({ DATABASE_URL: true, OUTBOX_POLL_MS: true })
  .extend({
    /**
     * HMAC secret of stream tickets (at least 32 characters), the same on every replica: a ticket
     * issued by one replica is redeemed at whichever one the gateway picks. Required in production;
     * elsewhere a per-process random secret is generated when it is missing.
     */
    STREAM_TICKET_SECRET: z.string().min(32).optional(),
    /** Lifetime of a stream ticket (spec 03: 60 s by default); the stream outlives it. */
    STREAM_TICKET_TTL_SECONDS: seconds(60, 3600),
    /**
     * The public origin clients reach the gateway at (https://api.example.com, or with a path
     * prefix): streamUrl is built on it. Required in production; elsewhere the gateway URL the
     * launcher gives (GATEWAY_HTTP_URL), else http://localhost:8080.
     */
    PUBLIC_BASE_URL: z.url().optional(),
    GATEWAY_HTTP_URL: z.url().optional(),
    /** A comment line on every open stream this often (spec 03: 25 s). */
    SSE_KEEPALIVE_SECONDS: seconds(25, 3600),
    /**
     * A stream's first keep-alive comes up to this much sooner than SSE_KEEPALIVE_SECONDS, at random
     * (never later): after a reconnect storm the streams' keep-alives spread over the period instead
     * of all falling in the same second or two of it.
     */
    SSE_KEEPALIVE_JITTER_SECONDS: z.coerce.number().int().min(0).max(3600).default(24),
    /** The server closes a stream after at most this long (spec 03: 30 minutes). */
    SSE_MAX_CONNECTION_SECONDS: seconds(1800, 24 * 3600),
    /**
     * Streams close up to this much earlier than the maximum, chosen at random per connection, so
     * players that connected together (after a deploy) do not all reconnect in the same second.
     */
    SSE_CLOSE_JITTER_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /** EventSource reconnection delay sent with the connected event (`retry:`), in milliseconds. */
    SSE_RETRY_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
    /**
     * Bytes one stream may have waiting in the process for a slow client; a write that would go
     * over drops the client (the stream is closed; it reconnects and reloads the pending list).
     */
    SSE_MAX_BUFFERED_BYTES: z.coerce.number().int().min(1024).max(64 * 1024 * 1024).default(64 * 1024),
    /**
     * The HTTP accept queue. A reconnect storm (every player of a replica after a deploy) opens
     * thousands of connections at once; Node's 511 overflows and the kernel drops the rest, which
     * retry seconds later. The kernel caps it at net.core.somaxconn (raise that too).
     */
    SSE_LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65_535).default(4096),
    /** Socket writes per event-loop turn while fanning one event out to many streams. */
    SSE_WRITES_PER_TURN: z.coerce.number().int().min(1).max(100_000).default(512),
    /**
     * Stream timers (keep-alives, lifetime closes) fired per event-loop turn: a live event that
     * arrives while a second's keep-alives go out waits behind at most this many writes. 16: at
     * 10,000 streams the 1 store @ 100/s p99 was 5.12–5.59 ms against 5.91–6.70 with 64, every
     * round of three, same CPU per event (bench/README.md, issue 15).
     */
    SSE_TIMERS_PER_TURN: z.coerce.number().int().min(1).max(100_000).default(16),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (!env.STREAM_TICKET_SECRET) ctx.addIssue({ code: 'custom', path: ['STREAM_TICKET_SECRET'], message: 'required in production' });
    if (!env.PUBLIC_BASE_URL) ctx.addIssue({ code: 'custom', path: ['PUBLIC_BASE_URL'], message: 'required in production' });
  });

type ParsedConfig = z.output<typeof configSchema>;

export type SseFanoutConfig = Omit<ParsedConfig, 'STREAM_TICKET_SECRET' | 'PUBLIC_BASE_URL' | 'GATEWAY_HTTP_URL'> & {
  STREAM_TICKET_SECRET: string;
  /** True when STREAM_TICKET_SECRET was generated for this process (development and tests only). */
  STREAM_TICKET_SECRET_GENERATED: boolean;
  PUBLIC_BASE_URL: string;
};

export const loadSseFanoutConfig = (env: NodeJS.ProcessEnv = process.env): SseFanoutConfig => {
  const { STREAM_TICKET_SECRET, PUBLIC_BASE_URL, GATEWAY_HTTP_URL, ...rest } = loadConfig(configSchema, env);
  return {
    ...rest,
    STREAM_TICKET_SECRET: STREAM_TICKET_SECRET ?? randomToken(32),
    STREAM_TICKET_SECRET_GENERATED: STREAM_TICKET_SECRET === undefined,
    PUBLIC_BASE_URL: PUBLIC_BASE_URL ?? GATEWAY_HTTP_URL ?? 'http://localhost:8080',
  };
};
