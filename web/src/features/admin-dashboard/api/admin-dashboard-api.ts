import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';
import { HQ_STATUSES, MUSIC_SOURCES, STORE_STATUSES, type HqStatus, type MusicSourceName, type StoreStatus } from '../dashboard-rules';

type Schemas = components['schemas'];
export type AdminStats = Schemas['AdminStatsResponse'];
export type FleetPlayback = Schemas['AdminPlaybackStatusResponse'];
export type HqPlaybackCounts = Schemas['HqPlaybackCounts'];

/** Every figure on the dashboard is re-read this often while the page is open. */
export const DASHBOARD_REFRESH_MS = 30_000;
/** HQ names change rarely: a name read once serves the table for a while. */
const HQ_NAME_STALE_MS = 5 * 60_000;

export const dashboardKeys = {
  stats: () => ['admin-dashboard', 'stats'] as const,
  hqStatus: (status: HqStatus) => ['admin-dashboard', 'hqs', status] as const,
  storeStatus: (status: StoreStatus) => ['admin-dashboard', 'stores', status] as const,
  music: (source: MusicSourceName | 'ALL') => ['admin-dashboard', 'music', source] as const,
  playback: () => ['admin-dashboard', 'playback-status'] as const,
  hqName: (id: string) => ['admin-dashboard', 'hq-name', id] as const,
};

// ---- calls: counts are the lists' totals (size=1), the spec's own figures, not a new endpoint

export const readAdminStats = () => unwrap(api.GET('/api/v1/admin/stats'));
// FRANCHISE only: the one INDEPENDENT HQ is the virtual owner of independent stores, which the stats' hqCount leaves out too.
export const countHqs = async (status: HqStatus) =>
  (await unwrap(api.GET('/api/v1/admin/hq/admin-list', { params: { query: { status, type: 'FRANCHISE', size: 1 } } }))).total;
export const countStores = async (status: StoreStatus) =>
  (await unwrap(api.GET('/api/v1/admin/stores/admin-list', { params: { query: { status, size: 1 } } }))).total;
export const countMusic = async (musicSource: MusicSourceName | undefined) =>
  (await unwrap(api.GET('/api/v1/admin/music', { params: { query: { size: 1, ...(musicSource ? { musicSource } : {}) } } }))).total;
export const readFleetPlayback = () => unwrap(api.GET('/api/v1/admin/playback-status'));
export const readHqName = async (id: string) => (await unwrap(api.GET('/api/v1/admin/hq/{id}', { params: { path: { id } } }))).name;

// ---- hooks

const refreshing = { refetchInterval: DASHBOARD_REFRESH_MS, placeholderData: keepPreviousData, staleTime: 5_000 } as const;

export const useAdminStats = () => useQuery({ queryKey: dashboardKeys.stats(), queryFn: readAdminStats, ...refreshing });

export const useFleetPlayback = () => useQuery({ queryKey: dashboardKeys.playback(), queryFn: readFleetPlayback, ...refreshing });

/** HQs (FRANCHISE) per status, one count each, in HQ_STATUSES order. */
export const useHqStatusCounts = () =>
  useQueries({ queries: HQ_STATUSES.map((status) => ({ queryKey: dashboardKeys.hqStatus(status), queryFn: () => countHqs(status), ...refreshing })) });

/** Stores per status (closed stores are in none), in STORE_STATUSES order. */
export const useStoreStatusCounts = () =>
  useQueries({ queries: STORE_STATUSES.map((status) => ({ queryKey: dashboardKeys.storeStatus(status), queryFn: () => countStores(status), ...refreshing })) });

/** Music per source in MUSIC_SOURCES order, then all music (soft-deleted music is in none). */
export const useCatalogCounts = () =>
  useQueries({
    queries: [
      ...MUSIC_SOURCES.map((source) => ({ queryKey: dashboardKeys.music(source), queryFn: () => countMusic(source), ...refreshing })),
      { queryKey: dashboardKeys.music('ALL'), queryFn: () => countMusic(undefined), ...refreshing },
    ],
  });

/** Names of the HQs a table page shows (one detail read per HQ, kept a while); undefined while unknown. */
export const useHqNames = (ids: readonly string[]): Map<string, string> => {
  const results = useQueries({ queries: ids.map((id) => ({ queryKey: dashboardKeys.hqName(id), queryFn: () => readHqName(id), staleTime: HQ_NAME_STALE_MS, retry: 1 })) });
  return new Map(ids.flatMap((id, i) => (results[i]?.data ? [[id, results[i].data] as [string, string]] : [])));
};
