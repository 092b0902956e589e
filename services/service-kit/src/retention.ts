import type { Pool } from 'pg';
import type { Logger } from 'pino';
import { systemClock, type Clock } from './clock';
import { uuidv7Floor } from './ids';
import { startPeriodicJob, type PeriodicJob } from './periodic-job';

const DAY_MS = 24 * 3600 * 1000;
export const PROCESSED_MESSAGES_RETENTION_MS = 7 * DAY_MS;
export const PUBLISHED_EVENTS_RETENTION_MS = 7 * DAY_MS;

/** One of the kit's tables whose rows are only needed for a while. */
interface RetentionTarget {
  /** Named in the log lines. */
  what: string;
  /** Retention when the options give none. */
  defaultRetentionMs: number;
  /**
   * Deletes at most `batchSize` rows older than the cutoff, oldest first, locking them with SKIP
   * LOCKED: replicas pruning at once delete disjoint rows and never wait for each other, nor for
   * the writers.
   */
  deleteBatch: string;
  params: (cutoff: Date, batchSize: number) => unknown[];
}

const PROCESSED_MESSAGES: RetentionTarget = {
  what: 'processed message ids',
  defaultRetentionMs: PROCESSED_MESSAGES_RETENTION_MS,
  deleteBatch: `delete from processed_messages where (consumer, message_id) in (
     select consumer, message_id from processed_messages
      where handled_at < $1 order by handled_at limit $2 for update skip locked)`,
  params: (cutoff, batchSize) => [cutoff, batchSize],
};

/**
 * Only rows the broker confirmed before the cutoff; an unpublished row is never old enough,
 * whatever its age, since that is the event the relay still owes. Found through the primary key:
 * outbox ids are v7 (time-ordered) and a row is published after it was made, so every row to prune
 * has an id below the cutoff's floor. An index on published_at would have served too, but the
 * relay's "published" update then writes one more index entry per event: 10 % less relay
 * throughput in bench/outbox-relay.bench.mjs (`--with-published-index`).
 */
const PUBLISHED_EVENTS: RetentionTarget = {
  what: 'published outbox events',
  defaultRetentionMs: PUBLISHED_EVENTS_RETENTION_MS,
  deleteBatch: `delete from outbox where id in (
     select id from outbox
      where id < $1::uuid and published_at < $2 order by id limit $3 for update skip locked)`,
  params: (cutoff, batchSize) => [uuidv7Floor(cutoff.getTime()), cutoff, batchSize],
};

export interface RetentionPrunerOptions {
  pool: Pool;
  logger: Logger;
  clock?: Clock;
  /** How long a row is kept (default: the table's, 7 days). */
  retentionMs?: number;
  /** Rows deleted per statement (each its own short transaction). */
  batchSize?: number;
  /** Most statements per run: a large backlog is worked off over several runs. */
  maxBatchesPerRun?: number;
  /** Time between runs (default 1 hour); the first run starts `firstRunAfterMs` after start(). */
  intervalMs?: number;
  firstRunAfterMs?: number;
}

/**
 * Deletes a kit table's rows once they are older than the retention, in bounded batches, hourly.
 * Several replicas may prune the same database at once (see RetentionTarget.deleteBatch).
 */
abstract class RetentionPruner {
  private job?: PeriodicJob<number>;
  private running?: Promise<number>;
  readonly retentionMs: number;

  protected constructor(
    private readonly target: RetentionTarget,
    private readonly options: RetentionPrunerOptions,
  ) {
    this.retentionMs = options.retentionMs ?? target.defaultRetentionMs;
  }

  /** One run: deletes rows older than now − retention; returns how many were deleted. */
  pruneOnce(): Promise<number> {
    this.running ??= this.prune().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async prune(): Promise<number> {
    const { pool, clock = systemClock } = this.options;
    const batchSize = this.options.batchSize ?? 1000;
    const cutoff = new Date(clock.now().getTime() - this.retentionMs);
    let deleted = 0;
    for (let i = 0; i < (this.options.maxBatchesPerRun ?? 100); i++) {
      const { rowCount } = await pool.query(this.target.deleteBatch, this.target.params(cutoff, batchSize));
      deleted += rowCount ?? 0;
      if ((rowCount ?? 0) < batchSize) break;
    }
    if (deleted > 0) this.options.logger.info({ deleted, before: cutoff.toISOString() }, `${this.target.what} pruned`);
    return deleted;
  }

  start(): void {
    this.job = startPeriodicJob({
      name: `pruning ${this.target.what}`,
      intervalMs: this.options.intervalMs ?? 3600_000,
      firstRunAfterMs: this.options.firstRunAfterMs ?? 60_000,
      logger: this.options.logger,
      run: () => this.pruneOnce(),
    });
  }

  async stop(): Promise<void> {
    await this.job?.stop();
    this.job = undefined;
    await this.running?.catch(() => undefined);
  }
}

/** Consumers' handled message ids (idempotence), once no redelivery can bring them back. */
export class ProcessedMessagesPruner extends RetentionPruner {
  constructor(options: RetentionPrunerOptions) {
    super(PROCESSED_MESSAGES, options);
  }
}

/**
 * Outbox rows the relay published. Kept for a while to answer "was it sent, when, with what", then
 * deleted: without this the outbox grows with every event for good, and a purged tenant's events
 * (which name its people and content) would outlive the purge.
 */
export class OutboxPruner extends RetentionPruner {
  constructor(options: RetentionPrunerOptions) {
    super(PUBLISHED_EVENTS, options);
  }
}
