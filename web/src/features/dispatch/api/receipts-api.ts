import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';
import { LIVE_REFRESH_MS } from './dispatch-api';

type Schemas = components['schemas'];
export type Receipts = Schemas['HqDispatchReceiptsResponse'];
export type StoreReceipt = Schemas['HqDispatchStoreReceipt'];
export type DeviceReceipt = Schemas['HqDispatchDeviceReceipt'];
export type DeliverySummary = Schemas['HqDeliverySummaryResponse'];

/** The look-back choices of the delivery overview (the server takes 1..31 days). */
export const SUMMARY_DAYS = [1, 7, 30] as const;
export type SummaryDays = (typeof SUMMARY_DAYS)[number];

export const receiptKeys = {
  detail: (dispatchId: string) => ['hq-receipts', 'detail', dispatchId] as const,
  summary: (days: number) => ['hq-receipts', 'summary', days] as const,
  offline: (days: number) => ['hq-receipts', 'offline-hours', days] as const,
};

export const getReceipts = (dispatchId: string) => unwrap(api.GET('/api/v1/hq/dispatches/{dispatchId}/receipts', { params: { path: { dispatchId } } }));
export const getDeliverySummary = (days: number) => unwrap(api.GET('/api/v1/hq/dispatches/delivery-summary', { params: { query: { days } } }));
export const getOfflineHours = (days: number) => unwrap(api.GET('/api/v1/hq/dashboard/playback-status/offline-hours', { params: { query: { days } } }));

const undecided = (r: Receipts | undefined) => Boolean(r?.items.some((i) => i.status === 'PENDING' || i.status === 'SCHEDULED'));

/** One dispatch call's receipts; refreshed every 5 s while a store has no result yet. */
export const useReceipts = (dispatchId: string) =>
  useQuery({
    queryKey: receiptKeys.detail(dispatchId),
    queryFn: () => getReceipts(dispatchId),
    refetchInterval: (query) => (undecided(query.state.data) ? LIVE_REFRESH_MS : false),
  });

export const useDeliverySummary = (days: number) => useQuery({ queryKey: receiptKeys.summary(days), queryFn: () => getDeliverySummary(days), placeholderData: keepPreviousData });
export const useOfflineHours = (days: number) => useQuery({ queryKey: receiptKeys.offline(days), queryFn: () => getOfflineHours(days), placeholderData: keepPreviousData });
