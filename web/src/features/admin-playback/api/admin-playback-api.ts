import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';
import { downloadFile } from '../../../lib/files/save-file';
import { exportOutcome, type ExportOutcome } from '../../hq-playback/export-outcome';
import { adminExportPath, adminLogQuery, type AdminLogFilters } from '../admin-log-filters';

export type PlaybackLogItem = components['schemas']['PlaybackLogItem'];

export const LOGS_PAGE_SIZE = 50;

export const adminPlaybackKeys = {
  logs: (f: AdminLogFilters) => ['admin-playback', 'logs', f] as const,
  stores: (hqId: string) => ['admin-playback', 'stores', hqId] as const,
};

export const listLogs = (f: AdminLogFilters) =>
  unwrap(api.GET('/api/v1/admin/playback-logs', { params: { query: { ...adminLogQuery(f), page: f.page, size: LOGS_PAGE_SIZE } } }));

/** The stores of one HQ for the store filter (the admin list pages by at most 100). */
export const listStoresOfHq = async (hqId: string) => {
  const stores: Array<{ id: string; name: string }> = [];
  for (let page = 0; page < 20; page++) {
    const res = await unwrap(api.GET('/api/v1/admin/stores/admin-list', { params: { query: { hqId, page, size: 100 } } }));
    stores.push(...res.items.map(({ id, name }) => ({ id, name })));
    if (res.items.length === 0 || stores.length >= res.total) break;
  }
  return stores.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
};

/** Downloads the CSV of the filters; answers how many rows it holds and whether the server cut it at 50,000. */
export const exportLogs = async (f: AdminLogFilters): Promise<ExportOutcome & { name: string }> => {
  const file = await downloadFile(adminExportPath(f), 'playback-logs.csv');
  return { name: file.name, ...exportOutcome(file.headers) };
};

export const useAdminPlaybackLogs = (f: AdminLogFilters, enabled: boolean) =>
  useQuery({ queryKey: adminPlaybackKeys.logs(f), queryFn: () => listLogs(f), placeholderData: keepPreviousData, enabled });

export const useStoresOfHq = (hqId: string | null) =>
  useQuery({ queryKey: adminPlaybackKeys.stores(hqId ?? ''), queryFn: () => listStoresOfHq(hqId ?? ''), enabled: Boolean(hqId), staleTime: 60_000 });

export const useExportAdminLogs = () => useMutation({ mutationFn: exportLogs });
