import { describe, expect, it } from 'vitest';
import { hqFiltersFromParams, hqListQuery, NO_HQ_FILTERS, paramsFromHqFilters } from './hq-filters';

describe('the HQ list filters in the URL', () => {
  it('read the spec filters back as they were written (page 1-based in the URL, 0-based on the wire)', () => {
    const filters = { q: 'lantern', status: 'SUSPENDED', type: 'FRANCHISE', plan: 'TRUST', page: 2 } as const;
    const params = paramsFromHqFilters(filters);
    expect(params.toString()).toBe('q=lantern&status=SUSPENDED&type=FRANCHISE&plan=TRUST&page=3');
    expect(hqFiltersFromParams(params)).toEqual(filters);
  });
  it('ignore unknown values and cut q at 100 characters', () => {
    expect(hqFiltersFromParams(new URLSearchParams({ status: 'CLOSED', type: 'x', plan: 'FREE', page: '-1' }))).toEqual(NO_HQ_FILTERS);
    expect(hqFiltersFromParams(new URLSearchParams({ q: 'a'.repeat(150) })).q).toHaveLength(100);
  });
  it('send only the filters that are set; without status every HQ comes', () => {
    expect(hqListQuery(NO_HQ_FILTERS)).toEqual({ page: 0, size: 20 });
    expect(hqListQuery({ ...NO_HQ_FILTERS, q: '  ', plan: 'AI' })).toEqual({ plan: 'AI', page: 0, size: 20 });
  });
});
