import { describe, expect, it } from 'vitest';
import { adminExportPath, adminFiltersFromParams, adminLogQuery, adminParamsFromFilters, isFiltered, withHq, type AdminLogFilters } from './admin-log-filters';

const HQ = '11111111-1111-4111-8111-111111111111';
const STORE = '22222222-2222-4222-8222-222222222222';
const none: AdminLogFilters = { hqId: null, storeId: null, from: null, to: null, source: 'TRUST', page: 0 };

describe('operator play-log filters', () => {
  it('default to every HQ, trust music only, first page', () => {
    expect(adminFiltersFromParams(new URLSearchParams())).toEqual(none);
    expect(isFiltered(none)).toBe(false);
    expect(adminParamsFromFilters(none).toString()).toBe('');
  });

  it('round-trip through the address', () => {
    const f: AdminLogFilters = { hqId: HQ, storeId: STORE, from: '2026-03-01', to: '2026-03-02', source: 'ALL', page: 2 };
    expect(adminFiltersFromParams(adminParamsFromFilters(f))).toEqual(f);
    expect(isFiltered(f)).toBe(true);
  });

  it('send the HQ, store, KST days and source to the list and the same to the export', () => {
    const f: AdminLogFilters = { ...none, hqId: HQ, storeId: STORE, from: '2026-03-01' };
    expect(adminLogQuery(f)).toEqual({ hqId: HQ, storeId: STORE, from: '2026-03-01', source: 'TRUST' });
    expect(adminExportPath(f)).toBe(`/api/v1/admin/playback-logs/export?hqId=${HQ}&storeId=${STORE}&from=2026-03-01&source=TRUST`);
    expect(adminExportPath(none)).toBe('/api/v1/admin/playback-logs/export?source=TRUST');
  });

  it('forget the store when another HQ is chosen', () => {
    const f: AdminLogFilters = { ...none, hqId: HQ, storeId: STORE };
    expect(withHq(f, null)).toEqual({ hqId: null, storeId: null });
    expect(withHq(f, HQ)).toEqual({});
  });
});
