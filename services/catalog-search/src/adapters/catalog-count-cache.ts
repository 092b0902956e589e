import { LRUCache } from 'lru-cache';
import type { CatalogCounts } from '../app/ports';
import type { CatalogCount } from '../db/public-catalog.repository';
import type { CatalogFilter } from '../db/public-catalog.sql';

/**
 * The public catalog's offset counts in memory, by filter, at most `maxEntries` of them (least
 * recently used dropped first: a filter carries free durations, so the keys are unbounded). No
 * expiry is needed: a count is only used while the catalog revision it was read at is current.
 * `maxEntries` 0 keeps nothing (every offset page counts).
 */
export const createCatalogCountCache = (maxEntries: number): CatalogCounts => {
  if (maxEntries === 0) return { get: () => undefined, set: () => undefined };
  const counts = new LRUCache<string, CatalogCount>({ max: maxEntries });
  // The filter's values as the SQL receives them: "Jazz" and "jazz" are two keys of one count.
  const keyOf = (f: CatalogFilter) => JSON.stringify([f.genre ?? null, f.mood ?? null, f.durationStart ?? null, f.durationEnd ?? null]);
  return {
    get: (filter) => counts.get(keyOf(filter)),
    set(filter, count) {
      // Without a revision nothing could tell when the count goes stale.
      if (count.revision === undefined) return;
      const key = keyOf(filter);
      const kept = counts.get(key);
      // Two requests counting across a write may finish in either order: the later revision stays.
      // (A kept count always has a revision: one without is never set.)
      if (!kept || BigInt(kept.revision!) < BigInt(count.revision)) counts.set(key, count);
    },
  };
};
