import { describe, expect, it } from 'vitest';
import { filtersFromParams, isFiltered, NO_FILTERS, paramsFromFilters } from './store-filters';

describe('the store list filters in the URL', () => {
  it('read back what they wrote', () => {
    const f = { q: '강남', status: 'SUSPENDED', type: 'DIRECT', hasManagerAccount: 'false', page: 2 } as const;
    const params = paramsFromFilters(f);
    expect(params.toString()).toBe('q=%EA%B0%95%EB%82%A8&status=SUSPENDED&type=DIRECT&hasManagerAccount=false&page=3');
    expect(filtersFromParams(params)).toEqual(f);
  });

  it('leave the defaults out of the URL', () => {
    expect(paramsFromFilters(NO_FILTERS).toString()).toBe('');
    expect(filtersFromParams(new URLSearchParams())).toEqual(NO_FILTERS);
  });

  it('ignore values the API does not know and pages that are not positive integers', () => {
    expect(filtersFromParams(new URLSearchParams('status=OPEN&type=x&hasManagerAccount=yes&page=-1'))).toEqual(NO_FILTERS);
    expect(filtersFromParams(new URLSearchParams('page=1.5')).page).toBe(0);
  });

  it('cut a search longer than 100 characters', () => {
    expect(filtersFromParams(new URLSearchParams({ q: 'a'.repeat(150) })).q).toHaveLength(100);
  });

  it('say whether any filter is set (the page is not a filter)', () => {
    expect(isFiltered({ ...NO_FILTERS, page: 3 })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, q: '  ' })).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, hasManagerAccount: 'true' })).toBe(true);
  });
});
