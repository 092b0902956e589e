import { describe, expect, it } from 'vitest';
import { HQ_STATUSES, hqRowsInOrder, pageOf, playingPercent, STORE_STATUSES, sumKnown, totalOf } from './dashboard-rules';

const counts = (PLAYING: number, PAUSED: number, SILENT: number, OFFLINE: number) => ({ PLAYING, PAUSED, SILENT, OFFLINE });

describe('dashboard rules', () => {
  it('lists HQ and store statuses in the admin lists\' priority (spec 02)', () => {
    expect(HQ_STATUSES).toEqual(['UNPAID', 'SUSPENDED', 'ACTIVE', 'ONBOARDING']);
    expect(STORE_STATUSES).toEqual(['SUSPENDED', 'INACTIVE', 'ACTIVE']);
  });

  it('counts every store once and says what share plays, none for an empty fleet', () => {
    expect(totalOf(counts(3, 1, 1, 5))).toBe(10);
    expect(playingPercent(counts(3, 1, 1, 5))).toBe(30);
    expect(playingPercent(counts(1, 0, 0, 2))).toBe(33);
    expect(playingPercent(counts(0, 0, 0, 0))).toBeNull();
  });

  it('orders HQs by stores offline, then size, then id, whatever order they came in', () => {
    const rows = [
      { hqId: 'b', storeCount: 2, counts: counts(2, 0, 0, 0) },
      { hqId: 'c', storeCount: 5, counts: counts(4, 0, 0, 1) },
      { hqId: 'a', storeCount: 2, counts: counts(1, 1, 0, 0) },
      { hqId: 'd', storeCount: 9, counts: counts(9, 0, 0, 0) },
    ];
    expect(hqRowsInOrder(rows).map((r) => r.hqId)).toEqual(['c', 'd', 'a', 'b']);
    expect(rows.map((r) => r.hqId)).toEqual(['b', 'c', 'a', 'd']);
  });

  it('pages a whole list and keeps the page on the last one with rows when the list shrinks', () => {
    const items = Array.from({ length: 26 }, (_, i) => i);
    expect(pageOf(items, 1, 25)).toEqual({ rows: [25], page: 1 });
    expect(pageOf(items.slice(0, 20), 1, 25)).toEqual({ rows: items.slice(0, 20), page: 0 });
    expect(pageOf([], 3, 25)).toEqual({ rows: [], page: 0 });
  });

  it('sums counts only once all of them are known', () => {
    expect(sumKnown([1, 2, 0])).toBe(3);
    expect(sumKnown([1, undefined])).toBeNull();
    expect(sumKnown([])).toBe(0);
  });
});
