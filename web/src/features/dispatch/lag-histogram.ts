/**
 * Buckets of a dispatch's receipt lags (receivedLagMs and startedLagMs: a player's time minus the
 * due time) for the receipts chart. The edges follow what a person cares about: before due, within
 * a second or two (the stream), up to 10 s (the server's lateAfterMs by default), polling's 20 s and
 * 60 s, and later. Lags not reported (null) are counted apart.
 */
export const LAG_EDGES_MS = [0, 1_000, 2_000, 5_000, 10_000, 20_000, 60_000] as const;

export interface LagBucket {
  /** Inclusive lower edge; null for "before due" (below 0). */
  fromMs: number | null;
  /** Exclusive upper edge; null for the last, open bucket. */
  toMs: number | null;
  received: number;
  started: number;
}

export interface LagHistogram {
  buckets: LagBucket[];
  /** Lags not reported (or judged off by the server), per series. */
  unreported: { received: number; started: number };
}

const indexOf = (ms: number, edges: readonly number[]): number => {
  // Bucket 0 is below the first edge; bucket i (1..n) is [edges[i-1], edges[i]); the last is open.
  let i = 0;
  while (i < edges.length && ms >= edges[i]!) i++;
  return i;
};

export const lagHistogram = (
  items: ReadonlyArray<{ receivedLagMs: number | null | undefined; startedLagMs: number | null | undefined }>,
  edges: readonly number[] = LAG_EDGES_MS,
): LagHistogram => {
  const buckets: LagBucket[] = [
    { fromMs: null, toMs: edges[0] ?? null, received: 0, started: 0 },
    ...edges.map((from, i) => ({ fromMs: from, toMs: edges[i + 1] ?? null, received: 0, started: 0 })),
  ];
  const unreported = { received: 0, started: 0 };
  for (const item of items) {
    for (const series of ['received', 'started'] as const) {
      const ms = series === 'received' ? item.receivedLagMs : item.startedLagMs;
      if (ms === null || ms === undefined || !Number.isFinite(ms)) unreported[series]++;
      else buckets[indexOf(ms, edges)]![series]++;
    }
  }
  // A "before due" bucket nobody fell into is noise on the chart: only shown when used.
  if (buckets[0]!.received === 0 && buckets[0]!.started === 0) buckets.shift();
  return { buckets, unreported };
};
