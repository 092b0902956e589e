import { describe, expect, it } from 'vitest';
import { mergeDeliveryOverview } from './delivery-overview';
import { lagHistogram } from './lag-histogram';
import { formatLatency } from './latency-format';

describe('formatLatency', () => {
  it('reads milliseconds as seconds with one decimal, in both languages', () => {
    expect(formatLatency(1234, 'en')).toBe('1.2 s');
    expect(formatLatency(1234, 'ko')).toBe('1.2초');
    expect(formatLatency(0, 'en')).toBe('0.0 s');
    expect(formatLatency(-800, 'en')).toBe('-0.8 s');
    expect(formatLatency(61_000, 'en')).toBe('61.0 s');
  });

  it('is null when nothing was measured', () => {
    expect(formatLatency(null, 'en')).toBeNull();
    expect(formatLatency(undefined, 'ko')).toBeNull();
  });
});

describe('lagHistogram', () => {
  it('counts each series into its bucket, lower edge inclusive, the last bucket open', () => {
    const h = lagHistogram([
      { receivedLagMs: 300, startedLagMs: 2_000 },
      { receivedLagMs: 999, startedLagMs: 1_999 },
      { receivedLagMs: 12_000, startedLagMs: 90_000 },
    ]);
    const at = (from: number) => h.buckets.find((b) => b.fromMs === from)!;
    expect(at(0)).toMatchObject({ toMs: 1_000, received: 2, started: 0 });
    expect(at(1_000)).toMatchObject({ toMs: 2_000, received: 0, started: 1 });
    expect(at(2_000)).toMatchObject({ received: 0, started: 1 });
    expect(at(10_000)).toMatchObject({ toMs: 20_000, received: 1, started: 0 });
    expect(at(60_000)).toMatchObject({ toMs: null, received: 0, started: 1 });
    expect(h.unreported).toEqual({ received: 0, started: 0 });
  });

  it('shows a "before due" bucket only when a lag is negative', () => {
    expect(lagHistogram([{ receivedLagMs: 100, startedLagMs: 100 }]).buckets[0]!.fromMs).toBe(0);
    const early = lagHistogram([{ receivedLagMs: -1_500, startedLagMs: 100 }]);
    expect(early.buckets[0]).toEqual({ fromMs: null, toMs: 0, received: 1, started: 0 });
  });

  it('counts unreported lags apart', () => {
    const h = lagHistogram([{ receivedLagMs: null, startedLagMs: 500 }, { receivedLagMs: undefined, startedLagMs: null }]);
    expect(h.unreported).toEqual({ received: 2, started: 1 });
    expect(h.buckets.reduce((n, b) => n + b.received, 0)).toBe(0);
  });
});

describe('mergeDeliveryOverview', () => {
  const tally = { total: 0, onTime: 0, late: 0, missed: 0, pending: 0, canceled: 0 };

  it('merges both answers by store and puts the worst first', () => {
    const rows = mergeDeliveryOverview(
      [
        { ...tally, storeId: 'a', storeName: '가게 A', total: 10, onTime: 10 },
        { ...tally, storeId: 'b', storeName: '가게 B', total: 10, onTime: 7, late: 3 },
        { ...tally, storeId: 'c', storeName: '가게 C', total: 10, onTime: 8, missed: 2 },
      ],
      [
        { storeId: 'a', storeName: '가게 A', signalHours: 100, offlineHours: 68, lastSignalAt: null },
        { storeId: 'd', storeName: '가게 D', signalHours: 0, offlineHours: 168, lastSignalAt: null },
      ],
    );
    expect(rows.map((r) => r.storeId)).toEqual(['c', 'b', 'd', 'a']);
    expect(rows[0]).toMatchObject({ missed: 2, onTimeShare: 0.8, offlineHours: null });
    expect(rows[2]).toMatchObject({ storeName: '가게 D', total: 0, offlineHours: 168, onTimeShare: null });
    expect(rows[3]).toMatchObject({ offlineHours: 68, signalHours: 100, onTimeShare: 1 });
  });

  it('orders equal stores by name, unnamed last', () => {
    const rows = mergeDeliveryOverview([
      { ...tally, storeId: 'x', storeName: null },
      { ...tally, storeId: 'y', storeName: '나' },
      { ...tally, storeId: 'z', storeName: '가' },
    ], []);
    expect(rows.map((r) => r.storeId)).toEqual(['z', 'y', 'x']);
  });
});
