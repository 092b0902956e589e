import { hqScope, type Principal } from '@storecast/service-kit';
import { sumTotals, type TotalsSum } from '../db/daily-total.repository';
import { kstDay, monthOf, weekOf, type DayPeriod } from '../domain/kst';
import { hitRate } from '../domain/play-logs';
import type { PlaybackContext } from './ports';

export interface PeriodTotals extends DayPeriod, TotalsSum {
  cacheHitRate: number | null;
}

export interface PlaybackSummary {
  date: string;
  storeId: string | null;
  day: PeriodTotals;
  week: PeriodTotals;
  month: PeriodTotals;
}

/**
 * Day, week (Monday to Sunday) and month totals of the HQ's plays around a KST date (today by
 * default), from the daily totals: counts and played time split trust / non-trust, and the cache
 * hit rate over the logs that reported cacheHit.
 */
export const readPlaybackSummary = async (ctx: PlaybackContext, principal: Principal, input: { date?: string; storeId?: string }): Promise<PlaybackSummary> => {
  const hqId = hqScope(principal);
  const date = input.date ?? kstDay(ctx.clock.now());
  const period = async (p: DayPeriod): Promise<PeriodTotals> => {
    const sum = await sumTotals(ctx.db, { hqId, storeId: input.storeId, from: p.from, to: p.to });
    return { ...p, ...sum, cacheHitRate: hitRate(sum.cacheHitCount, sum.cacheMissCount) };
  };
  const [day, week, month] = await Promise.all([period({ from: date, to: date }), period(weekOf(date)), period(monthOf(date))]);
  return { date, storeId: input.storeId ?? null, day, week, month };
};
