import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';

type Schemas = components['schemas'];
export type PlaybackStatus = Schemas['PlaybackStatusResponse'];
export type StorePlaybackStatus = Schemas['StorePlaybackStatus'];
export type DevicePlaybackStatus = Schemas['DevicePlaybackStatus'];
export type SeenState = Schemas['PlaybackSeenState'];

/** The brief's refresh: the fleet view follows the stores every 15 s without a reload. */
export const STATUS_REFRESH_MS = 15_000;
export const UNDELIVERED_PAGE_SIZE = 10;
export const SUPPORT_SIGNAL_REFRESH_MS = 60_000;

export const fleetKeys = {
  status: () => ['hq-fleet', 'playback-status'] as const,
  undelivered: (page: number) => ['hq-fleet', 'undelivered-today', page] as const,
  supportSignal: () => ['hq-fleet', 'store-support-signal'] as const,
};

export const readPlaybackStatus = () => unwrap(api.GET('/api/v1/hq/dashboard/playback-status'));
export const listUndeliveredToday = (page: number) =>
  unwrap(api.GET('/api/v1/hq/dashboard/undelivered-today/stores', { params: { query: { page, size: UNDELIVERED_PAGE_SIZE } } }));
export const readStoreSupportSignal = () => unwrap(api.GET('/api/v1/hq/store-support/unread-signal'));

export const usePlaybackStatus = () =>
  useQuery({
    queryKey: fleetKeys.status(),
    queryFn: readPlaybackStatus,
    refetchInterval: STATUS_REFRESH_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 5_000,
  });

export const useUndeliveredToday = (page: number) =>
  useQuery({
    queryKey: fleetKeys.undelivered(page),
    queryFn: () => listUndeliveredToday(page),
    placeholderData: keepPreviousData,
    refetchInterval: STATUS_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });

export const useStoreSupportSignal = () =>
  useQuery({ queryKey: fleetKeys.supportSignal(), queryFn: readStoreSupportSignal, refetchInterval: SUPPORT_SIGNAL_REFRESH_MS, staleTime: 30_000 });
