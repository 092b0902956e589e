import { describe, expect, it } from 'vitest';
import { filtersFromSearch, isFiltered, listQueryOf, NO_FILTERS, searchFromFilters, sourceOf } from './ticket-list-params';

const ID = '0b0e6c1e-4a59-4c1c-9a51-3c5b3c7d2f10';

describe('the ticket list filters in the URL', () => {
  it('reads every filter of the spec from the query', () => {
    const f = filtersFromSearch(new URLSearchParams(`q=noon&status=OPEN&priority=URGENT&category=PLAYBACK&assignee=${ID}&hq=${ID}&store=${ID}&page=3`));
    expect(f).toEqual({ q: 'noon', status: 'OPEN', priority: 'URGENT', category: 'PLAYBACK', assigneeOperatorId: ID, hqId: ID, storeId: ID, page: 2 });
  });

  it('ignores values that are not valid (unknown enums, malformed ids, bad pages)', () => {
    const f = filtersFromSearch(new URLSearchParams('status=DONE&priority=low&category=MUSIC&assignee=42&hq=x&store=&page=-1'));
    expect(f).toEqual(NO_FILTERS);
    expect(filtersFromSearch(new URLSearchParams('page=1.5')).page).toBe(0);
  });

  it('keeps at most 100 characters of q', () => {
    expect(filtersFromSearch(new URLSearchParams(`q=${'a'.repeat(150)}`)).q).toHaveLength(100);
  });

  it('writes only what is set, and round-trips', () => {
    expect(searchFromFilters(NO_FILTERS).toString()).toBe('');
    const f = { ...NO_FILTERS, status: 'RESOLVED' as const, hqId: ID, page: 1 };
    expect(searchFromFilters(f).toString()).toBe(`status=RESOLVED&hq=${ID}&page=2`);
    expect(filtersFromSearch(searchFromFilters(f))).toEqual(f);
  });
});

describe('the list request', () => {
  it('sends the page 0-based with size 20 and leaves out what is not set', () => {
    expect(listQueryOf({ ...NO_FILTERS, q: '  noon ', priority: 'HIGH', page: 4 })).toEqual({
      q: 'noon', status: undefined, priority: 'HIGH', category: undefined, assigneeOperatorId: undefined, hqId: undefined, storeId: undefined, page: 4, size: 20,
    });
    expect(listQueryOf({ ...NO_FILTERS, q: '   ' }).q).toBeUndefined();
  });

  it('knows when a filter is set', () => {
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, page: 3 })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, storeId: ID })).toBe(true);
  });
});

describe('the source of a ticket', () => {
  it('is the store for a store ticket, else the HQ, else the operators', () => {
    expect(sourceOf({ storeId: ID, hqId: ID })).toBe('STORE');
    expect(sourceOf({ storeId: null, hqId: ID })).toBe('HQ');
    expect(sourceOf({ storeId: null, hqId: null })).toBe('OPERATOR');
  });
});
