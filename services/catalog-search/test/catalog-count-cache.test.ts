import { createCatalogCountCache } from '../src/adapters/catalog-count-cache';

describe('offset counts kept in memory (adapters/catalog-count-cache.ts)', () => {
  it('keeps a count per filter, its values as sent: "Jazz" and "jazz", or a filter with and without a duration, are separate', () => {
    const counts = createCatalogCountCache(10);
    counts.set({ genre: 'Jazz' }, { total: 7, revision: '3' });
    expect(counts.get({ genre: 'Jazz' })).toEqual({ total: 7, revision: '3' });
    expect(counts.get({ genre: 'jazz' })).toBeUndefined();
    expect(counts.get({ genre: 'Jazz', durationStart: 0 })).toBeUndefined();
    expect(counts.get({ mood: 'Jazz' })).toBeUndefined();
  });

  it('when two counts of one filter finish out of order, the later revision stays (compared as numbers, "10" after "9")', () => {
    const counts = createCatalogCountCache(10);
    counts.set({}, { total: 5, revision: '10' });
    counts.set({}, { total: 4, revision: '9' });
    expect(counts.get({})).toEqual({ total: 5, revision: '10' });
    counts.set({}, { total: 6, revision: '11' });
    expect(counts.get({})).toEqual({ total: 6, revision: '11' });
  });

  it('holds at most maxEntries filters, the least recently used dropped first', () => {
    const counts = createCatalogCountCache(2);
    counts.set({ durationStart: 1 }, { total: 1, revision: '1' });
    counts.set({ durationStart: 2 }, { total: 2, revision: '1' });
    counts.get({ durationStart: 1 });
    counts.set({ durationStart: 3 }, { total: 3, revision: '1' });
    expect(counts.get({ durationStart: 2 })).toBeUndefined();
    expect(counts.get({ durationStart: 1 })?.total).toBe(1);
    expect(counts.get({ durationStart: 3 })?.total).toBe(3);
  });

  it('keeps no count read without a revision (the revision row missing): nothing could tell when it goes stale', () => {
    const counts = createCatalogCountCache(10);
    counts.set({}, { total: 1, revision: undefined });
    expect(counts.get({})).toBeUndefined();
  });

  it('with maxEntries 0 keeps nothing (every offset page counts)', () => {
    const counts = createCatalogCountCache(0);
    counts.set({}, { total: 1, revision: '1' });
    expect(counts.get({})).toBeUndefined();
  });
});
