import { Redis } from 'ioredis';
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

/**
 * Redis-backed revocations. Fails closed: when Redis cannot answer, verification answers 503
 * SERVICE_UNAVAILABLE (never a silent pass), and identity's password change fails (its
 * transaction rolls back) rather than leaving old tokens valid.
 */
export class RedisTokenRevocations implements TokenRevocations {
  private readonly redis: Redis;
  private readonly owned: boolean;

  constructor(redis: Redis | string, private readonly prefix = TOKEN_REVOCATION_PREFIX) {
    this.owned = typeof redis === 'string';
    this.redis =
      typeof redis === 'string'
        ? new Redis(redis, { enableOfflineQueue: true, maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: true, disconnectTimeout: 500 })
        : redis;
    if (this.owned) this.redis.on('error', () => undefined);
  }

  async notBefore(accountId: string): Promise<number | undefined> {
    let value: string | null;
    try {
      value = await this.redis.get(this.prefix + accountId);
    } catch (err) {
      throw unavailable(err);
    }
    return value === null ? undefined : Number(value);
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
    }
  }

  async close(): Promise<void> {
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
