import { openDB, type IDBPDatabase } from 'idb';
import {
  NetworkError,
  type AckRequest,
  type CommercialPlay,
  type PlayerApi,
  type PlayLog,
  type ReportedState,
  type Timers,
} from './ports';

/** One thing the server must receive, kept until it did. */
export type OutboxEntry =
  | { kind: 'ack'; dispatchId: string; body: AckRequest }
  | { kind: 'log'; log: PlayLog }
  | { kind: 'commercialPlay'; play: CommercialPlay };

type StoredEntry = OutboxEntry & { id: number };

export interface PlaybackStatus {
  state: ReportedState;
  currentMusicId: string | null;
}

export interface OfflineQueueOptions {
  api: PlayerApi;
  timers: Timers;
  deviceId: string | null;
  /** The state every report carries (the playback reporter's). */
  status?: () => PlaybackStatus;
  /** Calls cb when the browser says the network is back; returns the unsubscribe. */
  onOnline?: (cb: () => void) => () => void;
  /** IndexedDB database name ('storecast-player'); tests use their own. */
  dbName?: string;
  /** Whether a failed call is worth retrying (else the entry is dropped). */
  isRetryable?: (error: unknown) => boolean;
  /** The number of entries waiting changed (shown on the player page). */
  onChange?: (pendingCount: number) => void;
  /** A report reached the server (the reporter's idle timer starts over). */
  onReportSent?: () => void;
}

export const OUTBOX_DB = 'storecast-player';
export const OUTBOX_STORE = 'outbox';
/** PlaybackReportRequest takes at most 200 logs per call (spec 03 § Limits). */
export const REPORT_BATCH = 200;
const RETRY_BASE_MS = 1_000;
const RETRY_MAX_MS = 60_000;
const MAX_PLAYED_MS = 86_400_000;

/**
 * A call the server refused for good (4xx) is dropped; the network, 5xx, 401 (the session is being
 * refreshed), 408 and 429 are retried. PlayerApi rejects with NetworkError for the network and 5xx;
 * a `status` on other errors is honoured when present.
 */
export function defaultIsRetryable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && (status >= 500 || status === 401 || status === 408 || status === 429);
}

/**
 * The player's outbox in IndexedDB: acks, play logs and commercial plays, sent in insertion order
 * (the autoIncrement key keeps it, across reloads) and deleted only once the server took them.
 *
 * Resending is harmless: the server stores a log once per (store or device, musicId, startedAt)
 * and answers an ack of a final dispatch with 404 ('final'), so a crash between the server's answer
 * and our delete only means one duplicate it ignores.
 */
export class OfflineQueue {
  private db: IDBPDatabase | null = null;
  private count = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private reportOwed = false;
  private attempt = 0;
  private retryTimer: unknown = null;
  /** Nothing is sent before start(): the page decides when the player runs. */
  private stopped = true;
  private unsubscribeOnline: (() => void) | null = null;
  private status: () => PlaybackStatus;
  private readonly isRetryable: (error: unknown) => boolean;

  private constructor(private readonly options: OfflineQueueOptions) {
    this.status = options.status ?? (() => ({ state: 'SILENT', currentMusicId: null }));
    this.isRetryable = options.isRetryable ?? defaultIsRetryable;
  }

  /** Opens (or creates) the outbox; what a previous page left there is sent with the next flush. */
  static async open(options: OfflineQueueOptions): Promise<OfflineQueue> {
    const queue = new OfflineQueue(options);
    const db = await queue.database();
    queue.count = await db.count(OUTBOX_STORE);
    return queue;
  }

  /** Flushes now, on every enqueue, when the network comes back, and on a backoff after failures. */
  start(): void {
    this.stopped = false;
    this.unsubscribeOnline ??= this.options.onOnline?.(() => {
      this.attempt = 0;
      void this.flush();
    }) ?? null;
    void this.flush();
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribeOnline?.();
    this.unsubscribeOnline = null;
    this.clearRetry();
  }

  /** Stops and closes the database. */
  close(): void {
    this.stop();
    this.db?.close();
    this.db = null;
  }

  setStatusProvider(status: () => PlaybackStatus): void {
    this.status = status;
  }

  pendingCount(): number {
    return this.count;
  }

  async enqueueAck(dispatchId: string, body: AckRequest): Promise<void> {
    await this.add([{ kind: 'ack', dispatchId, body }]);
  }

  async enqueueLogs(logs: PlayLog[]): Promise<void> {
    // Clamped to the server's range: one out-of-range log would make the whole batch a 400.
    await this.add(logs.map((log) => ({ kind: 'log', log: { ...log, playedMs: clampPlayed(log.playedMs) } })));
  }

  async enqueueCommercialPlays(plays: CommercialPlay[]): Promise<void> {
    await this.add(plays.map((play) => ({ kind: 'commercialPlay', play: { ...play, playedMs: clampPlayed(play.playedMs) } })));
  }

  /**
   * A status report is owed (state changed, or the idle signal): the next flush sends one, with the
   * logs waiting if any, without logs otherwise. Kept in memory only: after a reload the state is
   * reported anew.
   */
  requestReport(): void {
    this.reportOwed = true;
    void this.flush();
  }

  /** Sends what waits, in order; resolves when the outbox is empty or the network failed. */
  flush(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.clearRetry();
    this.running = (async () => {
      try {
        let ok: boolean;
        do {
          this.again = false;
          ok = await this.sendAll();
        } while (ok && this.again && !this.stopped);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Resolves when no flush is running (tests). */
  whenIdle(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private async add(entries: OutboxEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const db = await this.database();
    const tx = db.transaction(OUTBOX_STORE, 'readwrite');
    for (const entry of entries) void tx.store.add(entry);
    await tx.done;
    this.changeCount(entries.length);
    void this.flush();
  }

  /** Sends until empty (true) or until a retryable failure (false, a retry is scheduled). */
  private async sendAll(): Promise<boolean> {
    for (;;) {
      if (this.stopped) return false;
      const db = await this.database();
      const head = (await db.getAll(OUTBOX_STORE, undefined, REPORT_BATCH * 2)) as StoredEntry[];
      const first = head[0];
      let sent: number[];
      try {
        if (!first) {
          if (this.reportOwed) await this.sendReport([]);
          this.attempt = 0;
          return true;
        }
        sent = first.kind === 'ack' ? await this.sendAck(first) : await this.sendReport(leadingBatch(head));
      } catch (error) {
        if (this.isRetryable(error)) {
          this.scheduleRetry();
          return false;
        }
        // The server will never take it (4xx): keeping it would block everything behind it.
        const dropped = first ? (first.kind === 'ack' ? [first] : leadingBatch(head)) : [];
        console.warn('player outbox: dropping what the server refused', error, dropped);
        sent = dropped.map((e) => e.id);
      }
      await this.delete(sent);
    }
  }

  private async sendAck(entry: StoredEntry & { kind: 'ack' }): Promise<number[]> {
    // 'ok' (204) and 'final' (404: the dispatch is already final) both end the ack's life.
    await this.options.api.ack(entry.dispatchId, entry.body);
    return [entry.id];
  }

  private async sendReport(batch: StoredEntry[]): Promise<number[]> {
    const logs: PlayLog[] = [];
    const commercialPlays: CommercialPlay[] = [];
    for (const entry of batch) {
      if (entry.kind === 'log') logs.push(entry.log);
      else if (entry.kind === 'commercialPlay') commercialPlays.push(entry.play);
    }
    const { state, currentMusicId } = this.status();
    await this.options.api.report({
      state,
      currentMusicId,
      logs,
      deviceId: this.options.deviceId,
      ...(commercialPlays.length > 0 ? { commercialPlays } : {}),
    });
    this.reportOwed = false;
    this.options.onReportSent?.();
    return batch.map((e) => e.id);
  }

  private async delete(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const db = await this.database();
    const tx = db.transaction(OUTBOX_STORE, 'readwrite');
    for (const id of ids) void tx.store.delete(id);
    await tx.done;
    this.changeCount(-ids.length);
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** this.attempt);
    this.attempt++;
    this.clearRetry();
    this.retryTimer = this.options.timers.setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, delay);
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) this.options.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private changeCount(delta: number): void {
    this.count = Math.max(0, this.count + delta);
    this.options.onChange?.(this.count);
  }

  /**
   * The database, opened lazily (again after another tab's upgrade closed it). The name is shared
   * with other player stores, so the outbox store is created by a version bump when the database
   * exists without it.
   */
  private async database(): Promise<IDBPDatabase> {
    if (this.db) return this.db;
    const name = this.options.dbName ?? OUTBOX_DB;
    const callbacks = {
      upgrade(db: IDBPDatabase) {
        if (!db.objectStoreNames.contains(OUTBOX_STORE)) db.createObjectStore(OUTBOX_STORE, { keyPath: 'id', autoIncrement: true });
      },
      blocking: () => {
        this.db?.close();
        this.db = null;
      },
      terminated: () => {
        this.db = null;
      },
    };
    let db = await openDB(name, undefined, callbacks);
    if (!db.objectStoreNames.contains(OUTBOX_STORE)) {
      const version = db.version + 1;
      db.close();
      db = await openDB(name, version, callbacks);
    }
    this.db = db;
    return db;
  }
}

/** The report-bound entries at the head: up to the next ack, at most 200 logs and 200 plays. */
function leadingBatch(head: StoredEntry[]): StoredEntry[] {
  const batch: StoredEntry[] = [];
  let logs = 0;
  let plays = 0;
  for (const entry of head) {
    if (entry.kind === 'ack') break;
    if (entry.kind === 'log' && ++logs > REPORT_BATCH) break;
    if (entry.kind === 'commercialPlay' && ++plays > REPORT_BATCH) break;
    batch.push(entry);
  }
  return batch;
}

function clampPlayed(ms: number): number {
  return Number.isFinite(ms) ? Math.min(MAX_PLAYED_MS, Math.max(0, Math.round(ms))) : 0;
}
