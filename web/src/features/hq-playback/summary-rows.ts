// The playback summary (GET /api/v1/hq/playback/summary: day, week Monday to Sunday, month around
// a KST date) as chart rows and table numbers: plays split into trust and non-trust.

import { hoursOf } from './played-time';

export const PERIODS = ['day', 'week', 'month'] as const;
export type Period = (typeof PERIODS)[number];
export type SummaryMetric = 'count' | 'hours';

export interface Totals {
  from: string;
  to: string;
  totalCount: number;
  trustCount: number;
  nonTrustCount: number;
  playedMs: number;
  trustPlayedMs: number;
  nonTrustPlayedMs: number;
  cacheHitRate: number | null;
}

export interface ChartRow {
  period: Period;
  trust: number;
  nonTrust: number;
}

/** The cache hit rate as a percentage with one decimal; null when no log reported it. */
export const percentOf = (rate: number | null): number | null => (rate === null ? null : Math.round(rate * 1000) / 10);

/** One stacked bar per period: trust and non-trust plays (or hours). */
export const chartRows = (summary: Record<Period, Totals>, metric: SummaryMetric): ChartRow[] =>
  PERIODS.map((period) => {
    const t = summary[period];
    return metric === 'count'
      ? { period, trust: t.trustCount, nonTrust: t.nonTrustCount }
      : { period, trust: hoursOf(t.trustPlayedMs), nonTrust: hoursOf(t.nonTrustPlayedMs) };
  });

/** Whether there is anything to draw (an empty chart says less than "no plays yet"). */
export const hasPlays = (summary: Record<Period, Totals>): boolean => PERIODS.some((p) => summary[p].totalCount > 0);
