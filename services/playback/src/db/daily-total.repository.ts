import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbExecutor } from '@storecast/service-kit';
import { playbackDailyTotals } from './schema';

export interface TotalsSum {
  trustCount: number;
  nonTrustCount: number;
  trustPlayedMs: number;
  nonTrustPlayedMs: number;
  cacheHitCount: number;
  cacheMissCount: number;
}

/** Sum of an HQ's daily totals over KST days from..to (inclusive), optionally of one store. */
export const sumTotals = async (db: DbExecutor, f: { hqId: string; storeId?: string; from: string; to: string }): Promise<TotalsSum> => {
  const t = playbackDailyTotals;
  const [row] = await db
    .select({
      trustCount: sql<number>`coalesce(sum(${t.trustCount}), 0)::bigint`.mapWith(Number),
      nonTrustCount: sql<number>`coalesce(sum(${t.nonTrustCount}), 0)::bigint`.mapWith(Number),
      trustPlayedMs: sql<number>`coalesce(sum(${t.trustPlayedMs}), 0)::bigint`.mapWith(Number),
      nonTrustPlayedMs: sql<number>`coalesce(sum(${t.nonTrustPlayedMs}), 0)::bigint`.mapWith(Number),
      cacheHitCount: sql<number>`coalesce(sum(${t.cacheHitCount}), 0)::bigint`.mapWith(Number),
      cacheMissCount: sql<number>`coalesce(sum(${t.cacheMissCount}), 0)::bigint`.mapWith(Number),
    })
    .from(t)
    .where(and(eq(t.hqId, f.hqId), f.storeId ? eq(t.storeId, f.storeId) : undefined, gte(t.day, f.from), lte(t.day, f.to)));
  return row!;
};
