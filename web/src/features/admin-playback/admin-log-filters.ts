// The operator-wide play-log filters of /admin/playback (GET /api/v1/admin/playback-logs and
// /export: the HQ filters plus hqId), built on the HQ console's rules so both read the same way.
import { filtersFromParams, logQuery, paramsFromFilters, type LogFilters } from '../hq-playback/log-filters';

export interface AdminLogFilters extends LogFilters {
  hqId: string | null;
}

export const adminFiltersFromParams = (params: URLSearchParams): AdminLogFilters => ({ ...filtersFromParams(params), hqId: params.get('hq') || null });

/** Only what differs from the defaults goes into the address. */
export const adminParamsFromFilters = (f: AdminLogFilters): URLSearchParams => {
  const params = paramsFromFilters(f);
  if (f.hqId) params.set('hq', f.hqId);
  return params;
};

/** A store belongs to one HQ: choosing another HQ (or all) forgets the store. */
export const withHq = (f: AdminLogFilters, hqId: string | null): Partial<AdminLogFilters> => (hqId === f.hqId ? {} : { hqId, storeId: null });

/** The query of both the list and the export (listAdminPlaybackLogs, exportAdminPlaybackLogs). */
export const adminLogQuery = (f: AdminLogFilters): { hqId?: string; storeId?: string; from?: string; to?: string; source: LogFilters['source'] } => ({
  ...(f.hqId ? { hqId: f.hqId } : {}),
  ...logQuery(f),
});

export const adminExportPath = (f: AdminLogFilters): string => `/api/v1/admin/playback-logs/export?${new URLSearchParams(adminLogQuery(f)).toString()}`;

export const isFiltered = (f: AdminLogFilters): boolean => Boolean(f.hqId || f.storeId || f.from || f.to || f.source !== 'TRUST');
