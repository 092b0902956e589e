import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '@storecast/service-kit/edge';
import type { RateLimitGroup } from '../routes/rate-limit-groups';

const WINDOW_SECONDS = 60;

export const rateLimited = (msBeforeNext: number): AppError =>
  new AppError(429, 'RATE_LIMITED', 'Too many requests; retry later', {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(msBeforeNext / 1000))) },
  });

const isLimitResult = (err: unknown): err is RateLimiterRes => err instanceof RateLimiterRes;

export interface GatewayRateLimiterOptions {
  redis: Redis;
  keyPrefix: string;
  limits: Record<RateLimitGroup, number>;
  loginFailuresPerEmail: number;
}

/**
 * One Redis fixed window (60 s) per group, shared by every gateway replica on the same Redis.
 * While Redis is unreachable each limiter falls back to an in-memory insurance limiter of the same
 * size, so limits still hold per replica and requests are never refused because Redis is down.
 */
export class GatewayRateLimiter {
  private readonly groups = new Map<RateLimitGroup, RateLimiterRedis>();
  private readonly loginFailures: RateLimiterRedis;

  constructor(options: GatewayRateLimiterOptions) {
    const make = (name: string, points: number) =>
      new RateLimiterRedis({
        storeClient: options.redis,
        keyPrefix: `${options.keyPrefix}:${name}`,
        points,
        duration: WINDOW_SECONDS,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${options.keyPrefix}:${name}`, points, duration: WINDOW_SECONDS }),
      });
    for (const [group, points] of Object.entries(options.limits) as Array<[RateLimitGroup, number]>) {
      this.groups.set(group, make(group, points));
    }
    this.loginFailures = make('LOGIN_FAILURES', options.loginFailuresPerEmail);
  }

  /** Counts one request of the group for the key; 429 RATE_LIMITED with Retry-After when over. */
  async consume(group: RateLimitGroup, key: string): Promise<void> {
    const limiter = this.groups.get(group);
    if (!limiter) return;
    try {
      await limiter.consume(key);
    } catch (err) {
      if (isLimitResult(err)) throw rateLimited(err.msBeforeNext);
      throw err;
    }
  }

  /** Refuses a login attempt while the IP + email pair has used up its failed attempts. */
  async assertLoginAllowed(ip: string, email: string): Promise<void> {
    const res = await this.loginFailures.get(loginKey(ip, email));
    if (res && res.consumedPoints >= this.loginFailures.points) throw rateLimited(res.msBeforeNext);
  }

  async recordLoginFailure(ip: string, email: string): Promise<void> {
    await this.loginFailures.penalty(loginKey(ip, email), 1);
  }

  async clearLoginFailures(ip: string, email: string): Promise<void> {
    await this.loginFailures.delete(loginKey(ip, email));
  }
}

/** Emails are not stored in clear in Redis: the key holds a digest of the normalized address. */
const loginKey = (ip: string, email: string) =>
  `${ip}:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
