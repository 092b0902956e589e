import { describe, expect, it } from 'vitest';
import { clockOf, hoursOf, splitDuration } from './played-time';
import { chartRows, hasPlays, percentOf, type Totals } from './summary-rows';

const totals = (over: Partial<Totals> = {}): Totals => ({
  from: '2026-03-02', to: '2026-03-02', totalCount: 0, trustCount: 0, nonTrustCount: 0, playedMs: 0, trustPlayedMs: 0, nonTrustPlayedMs: 0, cacheHitRate: null, ...over,
});

describe('the playback summary', () => {
  const summary = {
    day: totals({ totalCount: 3, trustCount: 1, nonTrustCount: 2, trustPlayedMs: 5_400_000, nonTrustPlayedMs: 1_800_000 }),
    week: totals({ totalCount: 10, trustCount: 4, nonTrustCount: 6 }),
    month: totals({ totalCount: 40, trustCount: 30, nonTrustCount: 10 }),
  };

  it('draws one stacked bar per period, trust and non-trust, as plays or hours', () => {
    expect(chartRows(summary, 'count')).toEqual([
      { period: 'day', trust: 1, nonTrust: 2 },
      { period: 'week', trust: 4, nonTrust: 6 },
      { period: 'month', trust: 30, nonTrust: 10 },
    ]);
    expect(chartRows(summary, 'hours')[0]).toEqual({ period: 'day', trust: 1.5, nonTrust: 0.5 });
  });

  it('states played time in hours and minutes, and the hit rate in percent', () => {
    expect(splitDuration(3_723_000)).toEqual({ hours: 1, minutes: 2 });
    expect(splitDuration(59_000)).toEqual({ hours: 0, minutes: 1 });
    expect(hoursOf(5_400_000)).toBe(1.5);
    expect(clockOf(205_400)).toBe('3:25');
    expect(clockOf(3_725_000)).toBe('1:02:05');
    expect(percentOf(0.8765)).toBe(87.7);
    expect(percentOf(null)).toBeNull();
  });

  it('knows when nothing was played in any period', () => {
    expect(hasPlays(summary)).toBe(true);
    expect(hasPlays({ day: totals(), week: totals(), month: totals() })).toBe(false);
  });
});
