import { describe, expect, it } from 'vitest';
import { emptyMessage, exportPath, filtersFromParams, kstToday, logQuery, paramsFromFilters, rangeProblem } from './log-filters';

describe('the play-log filters', () => {
  it('default to licensed (TRUST) plays of every store, all days, first page', () => {
    expect(filtersFromParams(new URLSearchParams())).toEqual({ storeId: null, from: null, to: null, source: 'TRUST', page: 0 });
  });

  it('survive the address and back, keeping only what differs from the defaults', () => {
    const f = { storeId: 's-1', from: '2026-03-01', to: '2026-03-31', source: 'ALL' as const, page: 2 };
    expect(filtersFromParams(paramsFromFilters(f))).toEqual(f);
    expect(paramsFromFilters({ storeId: null, from: null, to: null, source: 'TRUST', page: 0 }).toString()).toBe('');
  });

  it('ignore what is not a day, a source or a page', () => {
    expect(filtersFromParams(new URLSearchParams('from=yesterday&source=EVERYTHING&page=-3'))).toMatchObject({ from: null, source: 'TRUST', page: 0 });
  });

  it('send the same query to the list and the export', () => {
    const f = { storeId: 's-1', from: '2026-03-01', to: null, source: 'ALL' as const, page: 4 };
    expect(logQuery(f)).toEqual({ storeId: 's-1', from: '2026-03-01', source: 'ALL' });
    expect(exportPath(f)).toBe('/api/v1/hq/playback-logs/export?storeId=s-1&from=2026-03-01&source=ALL');
  });

  it('say a range that ends before it starts', () => {
    expect(rangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toBe('fromAfterTo');
    expect(rangeProblem({ from: '2026-03-01', to: '2026-03-01' })).toBeNull();
    expect(rangeProblem({ from: null, to: '2026-03-01' })).toBeNull();
  });

  it('count days on the Korean calendar', () => {
    expect(kstToday(Date.parse('2026-03-01T15:00:00.000Z'))).toBe('2026-03-02');
    expect(kstToday(Date.parse('2026-03-01T14:59:59.000Z'))).toBe('2026-03-01');
  });

  it('say that AI plays are hidden when the trust-only default finds none, else whether filters narrowed the list', () => {
    expect(emptyMessage({ storeId: null, from: null, to: null, source: 'TRUST' })).toBe('logs.emptyTrust');
    expect(emptyMessage({ storeId: 's-1', from: null, to: null, source: 'TRUST' })).toBe('logs.emptyTrust');
    expect(emptyMessage({ storeId: null, from: '2026-03-01', to: null, source: 'ALL' })).toBe('logs.emptyFiltered');
    expect(emptyMessage({ storeId: null, from: null, to: null, source: 'ALL' })).toBe('logs.empty');
  });
});
