import { afterCommercialPlays, commercialSlots, effectiveCycle, knownCommercialPlays, nextCommercials, placeCommercials, songsUntilCommercial, type Cadence } from './commercial-rotation';

const A = '00000000-0000-7000-8000-00000000000a';
const B = '00000000-0000-7000-8000-00000000000b';
const C = '00000000-0000-7000-8000-00000000000c';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute));
/** A queue as text: music numbers and commercial letters in play order. */
const shape = (music: number, cycle: number, songsSince: number, commercials = ['x', 'y', 'z']) => {
  const gap = songsUntilCommercial(cycle, songsSince);
  const picks = commercials.slice(0, commercialSlots(music, cycle, gap));
  return placeCommercials(Array.from({ length: music }, (_, i) => i + 1), picks, gap, cycle)
    .map((e) => (e.kind === 'MUSIC' ? e.music : e.commercial))
    .join(' ');
};

describe('commercial rotation', () => {
  it('a cycle below 1, fractional or unavailable is 5', () => {
    expect(effectiveCycle(3)).toBe(3);
    expect(effectiveCycle(0)).toBe(5);
    expect(effectiveCycle(-2)).toBe(5);
    expect(effectiveCycle(2.5)).toBe(5);
    expect(effectiveCycle(undefined)).toBe(5);
    expect(effectiveCycle(null)).toBe(5);
  });

  it('the next commercial is due after N minus the songs played since the last one, at once when N or more were played', () => {
    expect(songsUntilCommercial(5, 0)).toBe(5);
    expect(songsUntilCommercial(5, 3)).toBe(2);
    expect(songsUntilCommercial(5, 5)).toBe(0);
    expect(songsUntilCommercial(5, 12)).toBe(0);
  });

  it('when no song was played since the last commercial, the queue carries one after every N songs', () => {
    expect(shape(7, 3, 0)).toBe('1 2 3 x 4 5 6 y 7');
    expect(shape(6, 3, 0)).toBe('1 2 3 x 4 5 6 y');
    expect(shape(2, 3, 0)).toBe('1 2');
  });

  it('when some songs were played, the first commercial comes after the rest of the cycle, then one after every N', () => {
    expect(shape(7, 3, 2)).toBe('1 x 2 3 4 y 5 6 7 z');
    expect(shape(2, 5, 3)).toBe('1 2 x');
  });

  it('when N or more songs were played, the queue starts with a commercial', () => {
    expect(shape(5, 3, 3)).toBe('x 1 2 3 y 4 5');
    expect(shape(1, 3, 40)).toBe('x 1');
  });

  it('a queue without music carries no commercial, whatever the count', () => {
    expect(commercialSlots(0, 3, 0)).toBe(0);
    expect(shape(0, 3, 9)).toBe('');
  });

  it('fewer commercials than slots (no songs active) leave the music as it is', () => {
    expect(shape(7, 3, 0, [])).toBe('1 2 3 4 5 6 7');
  });

  it('picks go round-robin in ascending id order from the cursor, wrapping to the first', () => {
    expect(nextCommercials([C, A, B], null, 2)).toEqual([A, B]);
    expect(nextCommercials([C, A, B], B, 3)).toEqual([C, A, B]);
    expect(nextCommercials([A, B, C], C, 1)).toEqual([A]);
    expect(nextCommercials([A.toUpperCase(), B], A, 1)).toEqual([B]);
  });

  it('a cursor on a song no longer active continues with the next greater id', () => {
    expect(nextCommercials([A, C], B, 1)).toEqual([C]);
    expect(nextCommercials([A, B], C, 1)).toEqual([A]);
  });

  it('no active songs or no slots pick nothing', () => {
    expect(nextCommercials([], B, 2)).toEqual([]);
    expect(nextCommercials([A], B, 0)).toEqual([]);
  });
});

describe('commercial plays reported', () => {
  const cadence = (songsSince: number, cursor: string | null = null, cursorStartedAt: Date | null = null): Cadence => ({ cursor, cursorStartedAt, songsSince });

  it('a play takes N songs off the count and moves the cursor to its commercial', () => {
    expect(afterCommercialPlays(cadence(7), [{ commercialId: B, startedAt: at(5) }], 5)).toEqual(cadence(2, B, at(5)));
  });

  it('the count never goes below 0', () => {
    expect(afterCommercialPlays(cadence(3), [{ commercialId: A, startedAt: at(1) }], 5)).toEqual(cadence(0, A, at(1)));
    expect(afterCommercialPlays(cadence(11), [{ commercialId: A, startedAt: at(1) }, { commercialId: B, startedAt: at(2) }, { commercialId: C, startedAt: at(3) }], 5)).toEqual(
      cadence(0, C, at(3)),
    );
  });

  it('several plays at once: the cursor lands on the latest, each takes N off', () => {
    const plays = [
      { commercialId: C, startedAt: at(9) },
      { commercialId: A, startedAt: at(20) },
      { commercialId: B, startedAt: at(3) },
    ];
    expect(afterCommercialPlays(cadence(12), plays, 4)).toEqual(cadence(0, A, at(20)));
    expect(afterCommercialPlays(cadence(12), [{ commercialId: B, startedAt: at(3) }, { commercialId: A, startedAt: at(3) }], 4)).toEqual(cadence(4, B, at(3)));
  });

  it('a play reported late (older than the one that set the cursor) still counts, but leaves the cursor', () => {
    expect(afterCommercialPlays(cadence(6, C, at(30)), [{ commercialId: A, startedAt: at(10) }], 5)).toEqual(cadence(1, C, at(30)));
  });

  it('a cursor set before plays were timed (or cleared) moves to the play', () => {
    expect(afterCommercialPlays(cadence(5, C, null), [{ commercialId: A, startedAt: at(10) }], 5)).toEqual(cadence(0, A, at(10)));
  });

  it('no plays change nothing', () => {
    expect(afterCommercialPlays(cadence(4, A, at(1)), [], 5)).toEqual(cadence(4, A, at(1)));
  });
});

describe('reported commercial plays', () => {
  it('plays of songs that are not active songs of the HQ are skipped, the rest kept in (commercial, startedAt) order', () => {
    const plays = [
      { commercialId: B.toUpperCase(), startedAt: at(9), playedMs: 15_000 },
      { commercialId: C, startedAt: at(1), playedMs: null },
      { commercialId: A, startedAt: at(4), playedMs: null },
      { commercialId: B, startedAt: at(2), playedMs: null },
    ];
    expect(knownCommercialPlays(plays, [A, B])).toEqual({
      rows: [
        { commercialId: A, startedAt: at(4), playedMs: null },
        { commercialId: B, startedAt: at(2), playedMs: null },
        { commercialId: B, startedAt: at(9), playedMs: 15_000 },
      ],
      skipped: 1,
    });
    expect(knownCommercialPlays(plays, [])).toEqual({ rows: [], skipped: 4 });
  });
});
