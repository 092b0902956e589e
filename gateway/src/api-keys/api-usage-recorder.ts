import { randomUUID } from 'node:crypto';
import { callUnary, type Logger } from '@storecast/service-kit/edge';
import type { ApiKeyServiceClient } from '@storecast/proto';

export interface ApiUsage {
  keyId: string;
  /** Method and route template, never raw ids: "GET /v1/music/cursor". */
  endpoint: string;
  statusCode: number;
  durationMs: number;
  occurredAt: string;
}

export interface ApiUsageRecorderOptions {
  client: ApiKeyServiceClient;
  logger: Logger;
  flushIntervalMs: number;
  /** Records per batch (identity takes at most 5000). */
  batchSize: number;
  /** Records kept while identity is unreachable; beyond it the oldest are dropped (counted in the log). */
  maxBuffered?: number;
}

/** The public endpoints of spec 01; any other path under them is counted as its family. */
const ENDPOINTS = new Set(['/v1/music/cursor', '/v1/music/offset', '/v1/music/query', '/api/music/search/text', '/api/music/search/image', '/api/music/search/similar']);

export const endpointOf = (method: string, path: string): string => {
  const clean = path.replace(/\/+$/, '');
  if (ENDPOINTS.has(clean)) return `${method} ${clean}`;
  return `${method} ${clean.startsWith('/v1/music') ? '/v1/music/*' : '/api/music/search/*'}`;
};

/**
 * Per-key, per-endpoint usage of the public API, buffered in memory and sent to identity
 * (ApiKeyService.RecordApiUsage) in batches, off the request path. A batch keeps its id until
 * identity accepts it, so a retried flush is never counted twice. After a failed attempt the next
 * one waits for the timer (a full buffer does not retry on every request while identity is down);
 * at most `maxBuffered` records wait, the oldest are dropped beyond that (counted in the log).
 */
export class ApiUsageRecorder {
  private buffer: ApiUsage[] = [];
  private pending?: { batchId: string; records: ApiUsage[] };
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private failing = false;
  private dropped = 0;
  private readonly maxBuffered: number;

  constructor(private readonly options: ApiUsageRecorderOptions) {
    this.maxBuffered = options.maxBuffered ?? 100_000;
  }

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.options.flushIntervalMs);
    this.timer.unref();
  }

  /** Records waiting to be sent (buffered and in the unsent batch). */
  get waiting(): number {
    return this.buffer.length + (this.pending?.records.length ?? 0);
  }

  record(usage: ApiUsage): void {
    this.buffer.push(usage);
    const room = this.maxBuffered - (this.pending?.records.length ?? 0);
    if (this.buffer.length > room) {
      const excess = this.buffer.length - Math.max(0, room);
      this.dropped += excess;
      this.buffer.splice(0, excess);
    }
    if (!this.failing && this.buffer.length >= this.options.batchSize) void this.flush();
  }

  /** Sends what is buffered; resolves when identity took it or the attempt failed (kept for later). */
  flush(): Promise<void> {
    this.flushing ??= this.send().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async send(): Promise<void> {
    for (;;) {
      if (!this.pending) {
        if (this.buffer.length === 0) return;
        this.pending = { batchId: randomUUID(), records: this.buffer.splice(0, this.options.batchSize) };
      }
      const batch = this.pending;
      try {
        await callUnary(this.options.client, 'recordApiUsage', { batchId: batch.batchId, records: batch.records });
        this.pending = undefined;
        if (this.failing || this.dropped > 0) {
          this.options.logger.info({ dropped: this.dropped }, 'API usage recorded again');
          this.dropped = 0;
        }
        this.failing = false;
      } catch (err) {
        this.failing = true;
        this.options.logger.warn(
          { reason: (err as Error).message, waiting: this.waiting, dropped: this.dropped },
          'API usage not recorded yet; will retry',
        );
        return;
      }
    }
  }

  /** Stops the timer and sends what is left (one attempt; what identity refuses now is lost, logged). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    // A flush already under way may have taken only part of the buffer: one more pass after it.
    await this.flushing;
    await this.flush();
    if (this.waiting > 0) this.options.logger.warn({ lost: this.waiting, dropped: this.dropped }, 'API usage not recorded at shutdown');
  }
}
