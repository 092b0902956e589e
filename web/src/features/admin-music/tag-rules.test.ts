import { describe, expect, it } from 'vitest';
import { choosableOptions, nextSortOrder, optionsOfType, reorderPatches, tagValueProblem, trackTagsProblem, type TagOptionLike } from './tag-rules';

const opt = (id: string, type: 'GENRE' | 'MOOD', value: string, sortOrder: number, active = true): TagOptionLike => ({ id, type, value, sortOrder, active });
const options = [
  opt('g3', 'GENRE', 'Jazz', 10),
  opt('g1', 'GENRE', 'Ambient', 0),
  opt('m1', 'MOOD', 'Calm', 0),
  opt('g2', 'GENRE', 'Bossa', 10, false),
  opt('g4', 'GENRE', 'Acoustic', 10),
];

describe('the options of a type (spec 02: sortOrder asc, then value asc, inactive included)', () => {
  it('keeps only that type, in sortOrder then value', () => {
    expect(optionsOfType(options, 'GENRE').map((o) => o.id)).toEqual(['g1', 'g4', 'g2', 'g3']);
    expect(optionsOfType(options, 'MOOD').map((o) => o.id)).toEqual(['m1']);
  });

  it('a new option goes after the last one of its type', () => {
    expect(nextSortOrder(options, 'GENRE')).toBe(20);
    expect(nextSortOrder([], 'MOOD')).toBe(0);
  });
});

describe('moving an option up or down', () => {
  const genres = optionsOfType(options, 'GENRE'); // Ambient 0, Acoustic 10, Bossa 10, Jazz 10

  it('swaps it with its neighbour and renumbers only what changes', () => {
    expect(reorderPatches(genres, 'g3', 'up')).toEqual([{ id: 'g3', sortOrder: 20 }, { id: 'g2', sortOrder: 30 }]);
    expect(reorderPatches(genres, 'g1', 'down')).toEqual([{ id: 'g4', sortOrder: 0 }, { id: 'g1', sortOrder: 10 }, { id: 'g2', sortOrder: 20 }, { id: 'g3', sortOrder: 30 }]);
  });

  it('does nothing at either end', () => {
    expect(reorderPatches(genres, 'g1', 'up')).toEqual([]);
    expect(reorderPatches(genres, 'g3', 'down')).toEqual([]);
    expect(reorderPatches(genres, 'nope', 'down')).toEqual([]);
  });
});

describe('a tag value (1..50, (type, value) unique)', () => {
  it('must not be blank, over 50 characters, or used by another option of the type', () => {
    expect(tagValueProblem('  ', 'GENRE', options)).toBe('REQUIRED');
    expect(tagValueProblem('x'.repeat(51), 'GENRE', options)).toBe('TOO_LONG');
    expect(tagValueProblem(' Jazz ', 'GENRE', options)).toBe('DUPLICATE');
    expect(tagValueProblem('Jazz', 'MOOD', options)).toBeNull();
    expect(tagValueProblem('Jazz', 'GENRE', options, 'g3')).toBeNull();
  });
});

describe('the tags of a track (exactly one genre, zero or more moods)', () => {
  it('offers active options and the deactivated ones the track already carries', () => {
    expect(choosableOptions(options, 'GENRE', []).map((o) => o.id)).toEqual(['g1', 'g4', 'g3']);
    expect(choosableOptions(options, 'GENRE', ['g2']).map((o) => o.id)).toEqual(['g1', 'g4', 'g2', 'g3']);
  });

  it('needs a genre and at most 20 moods', () => {
    expect(trackTagsProblem(null, [])).toBe('GENRE_REQUIRED');
    expect(trackTagsProblem('g1', Array.from({ length: 21 }, (_, i) => `m${i}`))).toBe('TOO_MANY_MOODS');
    expect(trackTagsProblem('g1', [])).toBeNull();
  });
});
