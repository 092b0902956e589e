import { Redis, ReplyError } from 'ioredis';
import { setNewest } from './bounded-map';
import { AppError } from './errors';

/**
 * "Tokens of this account issued before T no longer count" (docs/decisions/0007): identity writes
 * it when a password is changed or reset and when an account is suspended or withdrawn; every
 * TokenVerifier given a TokenRevocations reads it on each verification. The entry lives as long
 * as the longest access token could, so the store stays small.
 */
export interface TokenRevocations {
  /** Seconds since the epoch before which the account's access tokens are refused, if any. */
  notBefore(accountId: string): Promise<number | undefined>;
  /** Refuses the account's tokens issued before `at` (whole seconds) for `ttlSeconds`. */
  revokeBefore(accountId: string, at: Date, ttlSeconds: number): Promise<void>;
  close(): Promise<void>;
}

export const TOKEN_REVOCATION_PREFIX = 'storecast:auth:not-before:';

const unavailable = (cause: unknown) =>
  new AppError(503, 'SERVICE_UNAVAILABLE', 'Token revocations cannot be checked', { cause });

export interface RedisTokenRevocationsOptions {
  /** Key prefix of the marks (tests use one of their own). Default TOKEN_REVOCATION_PREFIX. */
  prefix?: string;
  /**
   * Most accounts whose mark, or its absence, is kept in memory (oldest dropped beyond it);
   * 0 reads Redis on every check. Default LOCAL_MARKS_MAX_ENTRIES.
   */
  localMaxEntries?: number;
}

/** Accounts whose mark (or its absence) is kept locally by default: ~100 bytes each, 10 MB at most. */
export const LOCAL_MARKS_MAX_ENTRIES = 100_000;

/** The channel Redis sends a RESP2 tracking client's invalidations on. */
const INVALIDATE_CHANNEL = '__redis__:invalidate';

/** Both connections: a command fails after one reconnection attempt (→ 503), never waits long. */
const CONNECTION = { enableOfflineQueue: true, maxRetriesPerRequest: 1, connectTimeout: 2000, disconnectTimeout: 500 } as const;

/**
 * Redis-backed revocations. Fails closed: when Redis cannot answer, verification answers 503
 * SERVICE_UNAVAILABLE (never a silent pass), and identity's password change fails (its
 * transaction rolls back) rather than leaving old tokens valid.
 *
 * Reads are answered from a local copy while it is known to be exact (decision 0009): a connection
 * of its own asks Redis to track every key under the prefix (server-assisted client-side caching,
 * `CLIENT TRACKING … BCAST PREFIX`, RESP2 with the invalidations redirected to itself) and drops
 * an account's entry the moment Redis reports its mark written, expired or deleted (a flush drops
 * them all). Until that connection is subscribed, and from the moment it is lost, nothing is
 * answered locally and nothing read is kept. A read that an invalidation overtook is not kept
 * either (the epoch moved), so a value read before a write never outlives the write's
 * invalidation. The gateway's token route thus skips one Redis round trip per request (bench:
 * token ÷ public 1.16–1.19 → 1.06–1.11 × CPU).
 */
export class RedisTokenRevocations implements TokenRevocations {
  private readonly redis: Redis;
  private readonly owned: boolean;
  private readonly prefix: string;
  private readonly localMaxEntries: number;
  /** accountId → mark in seconds, or null: known to have none. Insertion order = age. */
  private readonly local = new Map<string, number | null>();
  /** Moves on every invalidation and every change of `tracking`: a read that saw it move is not kept. */
  private epoch = 0;
  /** The tracking connection is subscribed: the local copy is exact. */
  private tracking = false;
  private readonly tracker?: Redis;

  constructor(redis: Redis | string, options: RedisTokenRevocationsOptions = {}) {
    this.prefix = options.prefix ?? TOKEN_REVOCATION_PREFIX;
    this.localMaxEntries = options.localMaxEntries ?? LOCAL_MARKS_MAX_ENTRIES;
    this.owned = typeof redis === 'string';
    this.redis =
      typeof redis === 'string'
        ? new Redis(redis, { ...CONNECTION, lazyConnect: true })
        : redis;
    if (this.owned) this.redis.on('error', () => undefined);
    if (this.localMaxEntries > 0) this.tracker = this.startTracking(redis);
  }

  /** How many accounts are answered locally now (tests: tracking is live, the bound holds). */
  get localEntries(): number {
    return this.local.size;
  }

  private startTracking(source: Redis | string): Redis {
    const options = {
      // RESP2: ioredis 6 speaks RESP3 by default and drops RESP3 "invalidate" pushes; under RESP2
      // they arrive as messages on the invalidation channel.
      protocol: 2 as const,
      // Re-subscribed by hand on every (re)connection, after CLIENT TRACKING (a subscribed
      // connection accepts no other command).
      autoResubscribe: false,
      ...CONNECTION,
      // A command of a lost connection is not re-sent to the next one (CLIENT TRACKING would
      // name the old connection's id).
      autoResendUnfulfilledCommands: false,
      lazyConnect: false,
      connectionName: 'storecast-revocation-tracking',
    };
    const tracker = typeof source === 'string' ? new Redis(source, options) : source.duplicate(options);
    tracker.on('error', () => undefined);
    tracker.on('ready', () => void this.subscribe(tracker));
    tracker.on('close', () => this.setTracking(false));
    tracker.on('messageBuffer', (channel: Buffer, keys: Buffer[] | Buffer | null) => {
      if (channel.toString() !== INVALIDATE_CHANNEL) return;
      this.epoch++;
      // null: the database was flushed.
      if (keys === null) return this.local.clear();
      for (const key of Array.isArray(keys) ? keys : [keys]) this.local.delete(key.toString().slice(this.prefix.length));
    });
    return tracker;
  }

  private async subscribe(tracker: Redis): Promise<void> {
    try {
      const id = await tracker.client('ID');
      await tracker.call('CLIENT', 'TRACKING', 'ON', 'REDIRECT', String(id), 'BCAST', 'PREFIX', this.prefix);
      await tracker.subscribe(INVALIDATE_CHANNEL);
      if (tracker.status === 'ready') this.setTracking(true);
    } catch (err) {
      // A Redis that refuses tracking (before 6.0, or CLIENT disabled): every read goes to Redis.
      // A lost connection instead subscribes again on its next 'ready'.
      if (err instanceof ReplyError) tracker.disconnect();
    }
  }

  private setTracking(on: boolean): void {
    this.tracking = on;
    this.epoch++;
    this.local.clear();
  }

  async notBefore(accountId: string): Promise<number | undefined> {
    if (this.tracking) {
      const known = this.local.get(accountId);
      if (known !== undefined) return known ?? undefined;
    }
    const epoch = this.epoch;
    let value: string | null;
    try {
      value = await this.redis.get(this.prefix + accountId);
    } catch (err) {
      throw unavailable(err);
    }
    const mark = value === null ? null : Number(value);
    if (this.tracking && this.epoch === epoch) setNewest(this.local, accountId, mark, this.localMaxEntries);
    return mark ?? undefined;
  }

  async revokeBefore(accountId: string, at: Date, ttlSeconds: number): Promise<void> {
    const seconds = Math.floor(at.getTime() / 1000);
    try {
      // Never moves the mark back (a later change wins over an earlier one arriving late).
      await this.redis.eval(
        "local c = tonumber(redis.call('GET', KEYS[1]) or '0') if tonumber(ARGV[1]) >= c then redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2]) end return 1",
        1,
        this.prefix + accountId,
        String(seconds),
        String(Math.max(1, Math.ceil(ttlSeconds))),
      );
    } catch (err) {
      throw unavailable(err);
    } finally {
      // This process's own next check sees the write without waiting for its invalidation.
      this.epoch++;
      this.local.delete(accountId);
    }
  }

  async close(): Promise<void> {
    this.tracker?.disconnect();
    this.setTracking(false);
    if (!this.owned) return;
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }
}

/** In-memory revocations, for tests of one process. */
export class MemoryTokenRevocations implements TokenRevocations {
  private readonly marks = new Map<string, number>();
  async notBefore(accountId: string) {
    return this.marks.get(accountId);
  }
  async revokeBefore(accountId: string, at: Date, _ttlSeconds?: number) {
    const seconds = Math.floor(at.getTime() / 1000);
    this.marks.set(accountId, Math.max(seconds, this.marks.get(accountId) ?? 0));
  }
  async close() {}
}
