import type { SessionSettings } from '@storecast/service-kit';

/**
 * Planner settings of every catalog-search connection (bench/README.md § Catalog paging, 2026-11-27,
 * 200,000 tracks on a 2-core database machine; the bench gives pgbench the same settings):
 * - `max_parallel_workers_per_gather = 0`: the offset page's count (`count(*)` over the whole
 *   filter) took a parallel plan, a leader and two workers: 57–61 ms where one process takes 11–22
 *   ms, and it occupies every core meanwhile. The public API's statements are many and short; the
 *   machine's cores serve concurrent requests better than one request's workers.
 * - `random_page_cost = 1.1`: the catalog lives in memory (shared buffers and the page cache), where
 *   an index page costs what a heap page does. With the default 4 the planner reads the whole heap
 *   to count rather than the index alone (seq scan 20 ms, index-only scan 11 ms); the mood filter's
 *   count goes 109 → 44 ms.
 */
export const CATALOG_DATABASE_SETTINGS: SessionSettings = {
  max_parallel_workers_per_gather: 0,
  random_page_cost: 1.1,
};
