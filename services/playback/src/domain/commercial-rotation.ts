// Commercial songs in a store queue (spec 03 § Commercial songs): one commercial after every N
// songs, N the effective commercialCycleSongs (below 1 or unavailable: 5), chosen round-robin in
// ascending id order over the HQ's active songs, wrapping; the cursor (the last song placed) is
// kept per store.

export const DEFAULT_COMMERCIAL_CYCLE = 5;

/** The cycle a store uses: its effective value, or 5 when that is below 1, not an integer or unavailable. */
export const effectiveCycle = (value: number | null | undefined): number =>
  value !== null && value !== undefined && Number.isInteger(value) && value >= 1 ? value : DEFAULT_COMMERCIAL_CYCLE;

/** How many commercials a queue of `musicCount` songs carries: one after every `cycle` songs. */
export const commercialSlots = (musicCount: number, cycle: number): number => Math.floor(musicCount / cycle);

/** UUIDs (v7 or not) compare in ascending id order as their lowercase text, as PostgreSQL orders uuid. */
const ascending = (ids: readonly string[]) => [...new Set(ids.map((id) => id.toLowerCase()))].sort();

/**
 * The next `count` commercials after the cursor: the first active id greater than the cursor,
 * then the following ones, wrapping to the first. No cursor (new store, or its song deleted for
 * good) starts at the first. Answers the picks and the new cursor (the last pick).
 */
export const nextCommercials = (activeIds: readonly string[], cursor: string | null, count: number): { picks: string[]; cursor: string | null } => {
  const ids = ascending(activeIds);
  if (ids.length === 0 || count <= 0) return { picks: [], cursor };
  const c = cursor?.toLowerCase() ?? null;
  let index = c === null ? 0 : ids.findIndex((id) => id > c);
  if (index < 0) index = 0;
  const picks: string[] = [];
  for (let i = 0; i < count; i++) picks.push(ids[(index + i) % ids.length]!);
  return { picks, cursor: picks[picks.length - 1]! };
};

/** A queue entry: a music slot, or a commercial overlay placed after the music before it. */
export type QueueEntry<M, C> = { kind: 'MUSIC'; music: M } | { kind: 'COMMERCIAL'; commercial: C };

/** The music in order with one commercial after every `cycle` songs (commercials.length of them). */
export const interleave = <M, C>(music: readonly M[], commercials: readonly C[], cycle: number): Array<QueueEntry<M, C>> => {
  const out: Array<QueueEntry<M, C>> = [];
  let next = 0;
  music.forEach((m, i) => {
    out.push({ kind: 'MUSIC', music: m });
    if ((i + 1) % cycle === 0 && next < commercials.length) out.push({ kind: 'COMMERCIAL', commercial: commercials[next++]! });
  });
  return out;
};
