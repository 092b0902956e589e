import { commercialSlots, effectiveCycle, interleave, nextCommercials } from './commercial-rotation';

const A = '00000000-0000-7000-8000-00000000000a';
const B = '00000000-0000-7000-8000-00000000000b';
const C = '00000000-0000-7000-8000-00000000000c';

describe('commercial rotation', () => {
  it('a cycle below 1, fractional or unavailable is 5', () => {
    expect(effectiveCycle(3)).toBe(3);
    expect(effectiveCycle(0)).toBe(5);
    expect(effectiveCycle(-2)).toBe(5);
    expect(effectiveCycle(2.5)).toBe(5);
    expect(effectiveCycle(undefined)).toBe(5);
    expect(effectiveCycle(null)).toBe(5);
  });

  it('a queue carries one commercial after every N songs', () => {
    expect(commercialSlots(12, 5)).toBe(2);
    expect(commercialSlots(4, 5)).toBe(0);
    expect(commercialSlots(10, 5)).toBe(2);
  });

  it('picks go round-robin in ascending id order from the cursor, wrapping to the first', () => {
    expect(nextCommercials([C, A, B], null, 2)).toEqual({ picks: [A, B], cursor: B });
    expect(nextCommercials([C, A, B], B, 3)).toEqual({ picks: [C, A, B], cursor: B });
    expect(nextCommercials([A, B, C], C, 1)).toEqual({ picks: [A], cursor: A });
  });

  it('a cursor on a song no longer active continues with the next greater id', () => {
    expect(nextCommercials([A, C], B, 1)).toEqual({ picks: [C], cursor: C });
    expect(nextCommercials([A, B], C, 1)).toEqual({ picks: [A], cursor: A });
  });

  it('no active songs or no slots pick nothing and keep the cursor', () => {
    expect(nextCommercials([], B, 2)).toEqual({ picks: [], cursor: B });
    expect(nextCommercials([A], B, 0)).toEqual({ picks: [], cursor: B });
  });

  it('commercials follow every Nth song', () => {
    const q = interleave([1, 2, 3, 4, 5], ['x', 'y'], 2).map((e) => (e.kind === 'MUSIC' ? e.music : e.commercial));
    expect(q).toEqual([1, 2, 'x', 3, 4, 'y', 5]);
  });
});
