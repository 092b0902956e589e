import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';
import { downloadFile } from '../../../lib/files/save-file';
import { exportOutcome, type ExportOutcome } from '../export-outcome';
import { exportPath, logQuery, type LogFilters } from '../log-filters';

type Schemas = components['schemas'];
export type PlaybackLogItem = Schemas['PlaybackLogItem'];
export type PlaybackSummary = Schemas['PlaybackSummaryResponse'];
export type PeriodTotals = Schemas['PlaybackPeriodTotals'];
export type StoreOption = Pick<Schemas['HqStoreListItem'], 'id' | 'name' | 'status'>;

export const LOGS_PAGE_SIZE = 50;
const STORES_PAGE_SIZE = 100;
/** The store picker reads the HQ's stores page by page, up to this many pages (10,000 stores). */
const STORES_MAX_PAGES = 100;

export const playbackKeys = {
  stores: () => ['hq-playback', 'stores'] as const,
  logs: (f: LogFilters) => ['hq-playback', 'logs', f] as const,
  summary: (storeId: string | null, date: string | null) => ['hq-playback', 'summary', storeId, date] as const,
};

/** Every store of the HQ for the store picker (the list pages by at most 100). */
export const listAllStores = async (): Promise<StoreOption[]> => {
  const stores: StoreOption[] = [];
  for (let page = 0; page < STORES_MAX_PAGES; page++) {
    const res = await unwrap(api.GET('/api/v1/hq/stores', { params: { query: { page, size: STORES_PAGE_SIZE } } }));
    stores.push(...res.items.map(({ id, name, status }) => ({ id, name, status })));
    if (res.items.length === 0 || stores.length >= res.total) break;
  }
  return stores.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
};

export const listLogs = (f: LogFilters) =>
  unwrap(api.GET('/api/v1/hq/playback-logs', { params: { query: { ...logQuery(f), page: f.page, size: LOGS_PAGE_SIZE } } }));

export const readSummary = (storeId: string | null, date: string | null) =>
  unwrap(api.GET('/api/v1/hq/playback/summary', { params: { query: { ...(storeId ? { storeId } : {}), ...(date ? { date } : {}) } } }));

/** Downloads the CSV of the filters; answers how many rows it holds and whether the server cut it. */
export const exportLogs = async (f: LogFilters): Promise<ExportOutcome & { name: string }> => {
  const file = await downloadFile(exportPath(f), 'playback-logs.csv');
  return { name: file.name, ...exportOutcome(file.headers) };
};

export const useStoreOptions = () => useQuery({ queryKey: playbackKeys.stores(), queryFn: listAllStores, staleTime: 5 * 60_000 });

export const usePlaybackLogs = (f: LogFilters, enabled: boolean) =>
  useQuery({ queryKey: playbackKeys.logs(f), queryFn: () => listLogs(f), placeholderData: keepPreviousData, enabled });

export const usePlaybackSummary = (storeId: string | null, date: string | null) =>
  useQuery({ queryKey: playbackKeys.summary(storeId, date), queryFn: () => readSummary(storeId, date), placeholderData: keepPreviousData });

export const useExportLogs = () => useMutation({ mutationFn: exportLogs });
