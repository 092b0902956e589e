// What the operator dashboard derives from its counts (spec 02 GET /api/v1/admin/stats, the admin
// lists' totals, and playback's GET /api/v1/admin/playback-status).

export type PlaybackState = 'PLAYING' | 'PAUSED' | 'SILENT' | 'OFFLINE';
export type StateCounts = Record<PlaybackState, number>;

/** HQ statuses in the admin list's priority: what needs a look first (spec 02). */
export const HQ_STATUSES = ['UNPAID', 'SUSPENDED', 'ACTIVE', 'ONBOARDING'] as const;
export type HqStatus = (typeof HQ_STATUSES)[number];

/** Store statuses in the admin list's priority (spec 02). */
export const STORE_STATUSES = ['SUSPENDED', 'INACTIVE', 'ACTIVE'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

/** Music sources of the catalog (spec 02: musicSource is AI or TRUST). */
export const MUSIC_SOURCES = ['AI', 'TRUST'] as const;
export type MusicSourceName = (typeof MUSIC_SOURCES)[number];

/** Stores with a state, counted once each. */
export const totalOf = (counts: StateCounts): number => counts.PLAYING + counts.PAUSED + counts.SILENT + counts.OFFLINE;

/** Whole percent of the stores that are PLAYING; null when there are none (no 0 % of nothing). */
export const playingPercent = (counts: StateCounts): number | null => {
  const total = totalOf(counts);
  return total === 0 ? null : Math.round((counts.PLAYING / total) * 100);
};

/**
 * The per-HQ table's order: the HQs with the most stores OFFLINE first (what needs a look), then
 * the larger HQs, then by id so the order is stable between refreshes.
 */
export const hqRowsInOrder = <T extends { hqId: string; storeCount: number; counts: StateCounts }>(rows: readonly T[]): T[] =>
  [...rows].sort((a, b) => b.counts.OFFLINE - a.counts.OFFLINE || b.storeCount - a.storeCount || (a.hqId < b.hqId ? -1 : a.hqId > b.hqId ? 1 : 0));

/** One page (0-based) of a list the server sends whole, the page clamped to the last one with rows. */
export const pageOf = <T>(items: readonly T[], page: number, size: number): { rows: T[]; page: number } => {
  const last = Math.max(0, Math.ceil(items.length / size) - 1);
  const current = Math.max(0, Math.min(page, last));
  return { rows: items.slice(current * size, (current + 1) * size), page: current };
};

/** The sum of counts by key, or null while any of them is still unknown. */
export const sumKnown = (values: ReadonlyArray<number | undefined>): number | null =>
  values.some((v) => v === undefined) ? null : values.reduce<number>((n, v) => n + (v ?? 0), 0);
