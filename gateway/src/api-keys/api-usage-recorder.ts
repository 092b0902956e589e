import { randomUUID } from 'node:crypto';
import { callUnary, type Logger } from '@storecast/service-kit';
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
 * identity accepts it, so a retried flush is never counted twice.
 */
export class ApiUsageRecorder {
  private buffer: ApiUsage[] = [];
  private pending?: { batchId: string; records: ApiUsage[] };
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private dropped = 0;

  constructor(private readonly options: ApiUsageRecorderOptions) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.options.flushIntervalMs);
    this.timer.unref();
  }

  record(usage: ApiUsage): void {
    this.buffer.push(usage);
    const max = this.options.maxBuffered ?? 100_000;
    if (this.buffer.length > max) {
      this.dropped += this.buffer.length - max;
      this.buffer.splice(0, this.buffer.length - max);
    }
    if (this.buffer.length >= this.options.batchSize) void this.flush();
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
      } catch (err) {
        this.options.logger.warn({ reason: (err as Error).message, records: batch.records.length, dropped: this.dropped }, 'API usage not recorded yet; will retry');
        return;
      }
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}
