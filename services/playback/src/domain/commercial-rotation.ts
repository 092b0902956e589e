// Commercial songs in a store queue (spec 03 § Commercial songs): one commercial after every N
// songs, N the effective commercialCycleSongs (below 1 or unavailable: 5), chosen round-robin in
// ascending id order over the HQ's active songs, wrapping; the cursor (the last commercial the
// store played) is kept per store. "After every N songs" counts songs played, from the play
// reports: the store's count of music plays stored since its last commercial (songsSince).

export const DEFAULT_COMMERCIAL_CYCLE = 5;

/** The cycle a store uses: its effective value, or 5 when that is below 1, not an integer or unavailable. */
export const effectiveCycle = (value: number | null | undefined): number =>
  value !== null && value !== undefined && Number.isInteger(value) && value >= 1 ? value : DEFAULT_COMMERCIAL_CYCLE;

/**
 * How many more songs the store plays before its next commercial: N minus the songs played since
 * the last one, at least 0 (a store that already played N or more is due at once).
 */
export const songsUntilCommercial = (cycle: number, songsSince: number): number => Math.max(0, cycle - Math.max(0, songsSince));

/**
 * How many commercials a queue of `musicCount` songs carries: the first after `firstGap` songs
 * (before the first song when 0), then one after every `cycle` songs, the last one possibly after
 * the last song. A queue without music carries none (a commercial plays over music).
 */
export const commercialSlots = (musicCount: number, cycle: number, firstGap: number): number =>
  musicCount === 0 || firstGap > musicCount ? 0 : Math.floor((musicCount - firstGap) / cycle) + 1;

/** UUIDs (v7 or not) compare in ascending id order as their lowercase text, as PostgreSQL orders uuid. */
const ascending = (ids: readonly string[]) => [...new Set(ids.map((id) => id.toLowerCase()))].sort();

/**
 * The next `count` commercials after the cursor: the first active id greater than the cursor,
 * then the following ones, wrapping to the first. No cursor (new store, or its song deleted for
 * good) starts at the first. Nothing is saved: the cursor moves only when a play is reported.
 */
export const nextCommercials = (activeIds: readonly string[], cursor: string | null, count: number): string[] => {
  const ids = ascending(activeIds);
  if (ids.length === 0 || count <= 0) return [];
  const c = cursor?.toLowerCase() ?? null;
  let index = c === null ? 0 : ids.findIndex((id) => id > c);
  if (index < 0) index = 0;
  return Array.from({ length: count }, (_, i) => ids[(index + i) % ids.length]!);
};

/** A queue entry: a music slot, or a commercial overlay placed after the music before it. */
export type QueueEntry<M, C> = { kind: 'MUSIC'; music: M } | { kind: 'COMMERCIAL'; commercial: C };

/**
 * The music in order with the commercials placed by the played count: the first after `firstGap`
 * songs (first of all when 0), then one after every `cycle` songs, as many as there are commercials.
 */
export const placeCommercials = <M, C>(music: readonly M[], commercials: readonly C[], firstGap: number, cycle: number): Array<QueueEntry<M, C>> => {
  const out: Array<QueueEntry<M, C>> = [];
  let next = 0;
  const due = (played: number) => music.length > 0 && played >= firstGap && (played - firstGap) % cycle === 0 && next < commercials.length;
  for (let played = 0; played <= music.length; played++) {
    if (due(played)) out.push({ kind: 'COMMERCIAL', commercial: commercials[next++]! });
    if (played < music.length) out.push({ kind: 'MUSIC', music: music[played]! });
  }
  return out;
};

/** The store's cadence as kept: the cursor, when its play started, and the songs played since. */
export interface Cadence {
  cursor: string | null;
  cursorStartedAt: Date | null;
  songsSince: number;
}

/** A commercial play newly stored for the store. */
export interface CommercialPlay {
  commercialId: string;
  startedAt: Date;
}

/**
 * The cadence after newly stored commercial plays: each takes `cycle` songs off the count (never
 * below 0); the cursor moves to the commercial of the latest play, unless the cursor was set by a
 * later play already (a play reported late, after an offline spell, does not move it back). Plays
 * starting at the same instant are taken in ascending id order (the cursor lands on the greatest).
 */
export const afterCommercialPlays = (cadence: Cadence, plays: readonly CommercialPlay[], cycle: number): Cadence => {
  if (plays.length === 0) return cadence;
  const later = (a: { id: string | null; at: Date }, b: { id: string | null; at: Date }) => {
    const d = a.at.getTime() - b.at.getTime();
    return d > 0 || (d === 0 && (a.id ?? '') > (b.id ?? ''));
  };
  const latest = plays
    .map((p) => ({ id: p.commercialId.toLowerCase(), at: p.startedAt }))
    .reduce((a, b) => (later(b, a) ? b : a));
  const songsSince = Math.max(0, cadence.songsSince - cycle * plays.length);
  const moves = cadence.cursorStartedAt === null || later(latest, { id: cadence.cursor?.toLowerCase() ?? null, at: cadence.cursorStartedAt });
  return moves ? { cursor: latest.id, cursorStartedAt: latest.at, songsSince } : { ...cadence, songsSince };
};

/** A commercial play as the player reports it (validated by the route). */
export interface ReportedCommercialPlay {
  commercialId: string;
  startedAt: Date;
  playedMs: number | null;
}

/**
 * The reported commercial plays to store: those of an active song of the store's HQ (others are
 * skipped, like logs of unknown music), ids lowercase, sorted by (commercial, startedAt) so that
 * concurrent reports of the same plays take their index locks in the same order.
 */
export const knownCommercialPlays = (
  plays: readonly ReportedCommercialPlay[],
  activeIds: readonly string[],
): { rows: ReportedCommercialPlay[]; skipped: number } => {
  const active = new Set(activeIds.map((id) => id.toLowerCase()));
  const rows = plays.map((p) => ({ ...p, commercialId: p.commercialId.toLowerCase() })).filter((p) => active.has(p.commercialId));
  rows.sort((a, b) => (a.commercialId === b.commercialId ? a.startedAt.getTime() - b.startedAt.getTime() : a.commercialId < b.commercialId ? -1 : 1));
  return { rows, skipped: plays.length - rows.length };
};
