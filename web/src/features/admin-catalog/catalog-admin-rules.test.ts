import { describe, expect, it } from 'vitest';
import { appendUnique, byPosition, moveBy, nameProblem, namesOf, otherTypeTracks, PLAYLIST_LIBRARIES_MAX, violatingIdsOf, withoutAt } from './catalog-admin-rules';

describe('names of libraries and playlists', () => {
  it('are required and at most 100 characters, counted without surrounding spaces', () => {
    expect(nameProblem('')).toBe('nameRequired');
    expect(nameProblem('   ')).toBe('nameRequired');
    expect(nameProblem('a'.repeat(100))).toBeNull();
    expect(nameProblem(` ${'a'.repeat(100)} `)).toBeNull();
    expect(nameProblem('a'.repeat(101))).toBe('nameTooLong');
  });
});

describe('LIBRARY_TYPE_MISMATCH', () => {
  it('reads the comma-separated violatingMusicIds of error.fields', () => {
    expect(violatingIdsOf({ violatingMusicIds: 'a,b, c' })).toEqual(['a', 'b', 'c']);
    expect(violatingIdsOf({ violatingMusicIds: '' })).toEqual([]);
    expect(violatingIdsOf(undefined)).toEqual([]);
  });

  it('names the refused tracks by title, or by id when the title is not known', () => {
    expect(namesOf(['a', 'x'], new Map([['a', 'Morning']]))).toEqual(['Morning', 'x']);
  });

  it('tells the selected tracks of another type than the library before sending', () => {
    const selected = [
      { id: '1', musicSource: 'AI' },
      { id: '2', musicSource: 'TRUST' },
    ];
    expect(otherTypeTracks(selected, 'AI').map((m) => m.id)).toEqual(['2']);
    expect(otherTypeTracks(selected, 'TRUST').map((m) => m.id)).toEqual(['1']);
  });
});

describe('the ordered libraries of a playlist', () => {
  it('moves one place up or down and stays put at either end', () => {
    expect(moveBy(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveBy(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveBy(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveBy(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('removes by index and appends only new ids, up to 100 libraries', () => {
    expect(withoutAt(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
    expect(appendUnique(['a'], ['b', 'a', 'c'])).toEqual(['a', 'b', 'c']);
    const full = Array.from({ length: PLAYLIST_LIBRARIES_MAX }, (_, i) => `l${i}`);
    expect(appendUnique(full, ['new'])).toHaveLength(PLAYLIST_LIBRARIES_MAX);
  });

  it('lists libraries in position order (0-based)', () => {
    expect(byPosition([{ position: 2 }, { position: 0 }, { position: 1 }]).map((l) => l.position)).toEqual([0, 1, 2]);
  });
});
