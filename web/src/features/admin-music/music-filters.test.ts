import { describe, expect, it } from 'vitest';
import { filtersFromSearch, listQueryOf, MUSIC_PAGE_SIZE, searchFromFilters } from './music-filters';

describe('the music list filters (spec 02 listMusic)', () => {
  it('read q, the music source and the page from the address', () => {
    expect(filtersFromSearch(new URLSearchParams('q=night&source=TRUST&page=3'))).toEqual({ q: 'night', musicSource: 'TRUST', page: 2 });
    expect(filtersFromSearch(new URLSearchParams(''))).toEqual({ q: '', musicSource: null, page: 0 });
  });

  it('ignore an unknown source or page and cut q at 100 characters', () => {
    const f = filtersFromSearch(new URLSearchParams(`q=${'a'.repeat(120)}&source=MP3&page=-1`));
    expect(f).toEqual({ q: 'a'.repeat(100), musicSource: null, page: 0 });
  });

  it('write back only what is set', () => {
    expect(searchFromFilters({ q: ' night ', musicSource: 'AI', page: 1 }).toString()).toBe('q=night&source=AI&page=2');
    expect(searchFromFilters({ q: '', musicSource: null, page: 0 }).toString()).toBe('');
  });

  it('ask the API for 20 per page, without empty filters', () => {
    expect(listQueryOf({ q: '', musicSource: null, page: 0 })).toEqual({ page: 0, size: MUSIC_PAGE_SIZE });
    expect(listQueryOf({ q: 'x', musicSource: 'TRUST', page: 4 })).toEqual({ q: 'x', musicSource: 'TRUST', page: 4, size: 20 });
  });
});
