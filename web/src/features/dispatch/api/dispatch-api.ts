import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type components, type paths } from '../../../lib/api/client';
import { announcementKeys } from '../../announcements/api/announcements-api';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type DispatchBody = Json<paths['/api/v1/hq/announcements/{announcementId}/dispatches']['post']['requestBody']>;
export type DispatchResult = Json<paths['/api/v1/hq/announcements/{announcementId}/dispatches']['post']['responses'][201]>;
export type HistoryPage = Json<paths['/api/v1/hq/announcements/{announcementId}/dispatches']['get']['responses'][200]>;
export type HistoryItem = HistoryPage['items'][number];
export type DispatchStatus = HistoryItem['status'];
export type MissedReason = NonNullable<HistoryItem['missedReason']>;
export type ScheduleBody = Json<paths['/api/v1/hq/announcements/{announcementId}/schedules']['post']['requestBody']>;
export type Schedule = Json<paths['/api/v1/hq/announcements/{announcementId}/schedules']['post']['responses'][201]>;
export type SchedulePage = Json<paths['/api/v1/hq/dispatch-schedules']['get']['responses'][200]>;
export type ScheduleStatus = Schedule['status'];
export type Target = DispatchBody['target'];
export type Region = NonNullable<DispatchBody['region']>;
export type HqStore = components['schemas']['HqStoreListItem'];

export const REGIONS = [
  'SEOUL', 'BUSAN', 'DAEGU', 'INCHEON', 'GWANGJU', 'DAEJEON', 'ULSAN', 'SEJONG', 'GYEONGGI',
  'GANGWON', 'CHUNGBUK', 'CHUNGNAM', 'JEONBUK', 'JEONNAM', 'GYEONGBUK', 'GYEONGNAM', 'JEJU',
] as const satisfies readonly Region[];
export const DISPATCH_STATUSES = ['SCHEDULED', 'PENDING', 'PLAYED', 'MISSED', 'CANCELED'] as const satisfies readonly DispatchStatus[];
export const SCHEDULE_STATUSES = ['ACTIVE', 'CANCELED', 'ENDED'] as const satisfies readonly ScheduleStatus[];

export const HISTORY_PAGE_SIZE = 50;
export const SCHEDULES_PAGE_SIZE = 20;
/** The history refreshes itself this often while a row may still change (PENDING, SCHEDULED). */
export const LIVE_REFRESH_MS = 5_000;
/** The API's page size limit: the store picker reads all pages of this size. */
const STORE_PAGE = 100;

export const dispatchKeys = {
  all: ['hq-dispatch'] as const,
  histories: () => ['hq-dispatch', 'history'] as const,
  history: (announcementId: string, page: number, status: DispatchStatus | null) => ['hq-dispatch', 'history', announcementId, page, status] as const,
  schedulesAll: () => ['hq-dispatch', 'schedules'] as const,
  schedules: (f: ScheduleFilter) => ['hq-dispatch', 'schedules', f] as const,
  stores: () => ['hq-dispatch', 'stores'] as const,
};

export interface ScheduleFilter {
  announcementId?: string;
  status?: ScheduleStatus;
  page: number;
  size?: number;
}

// ---- calls

export const dispatchAnnouncement = (announcementId: string, body: DispatchBody) =>
  unwrap(api.POST('/api/v1/hq/announcements/{announcementId}/dispatches', { params: { path: { announcementId } }, body }));

export const listHistory = (announcementId: string, page: number, status: DispatchStatus | null, size = HISTORY_PAGE_SIZE) =>
  unwrap(api.GET('/api/v1/hq/announcements/{announcementId}/dispatches', { params: { path: { announcementId }, query: { page, size, status: status ?? undefined } } }));

export const cancelDispatch = (dispatchId: string) => unwrap(api.POST('/api/v1/hq/dispatches/{dispatchId}/cancel', { params: { path: { dispatchId } } }));
export const revokeDispatch = (dispatchId: string) => unwrap(api.POST('/api/v1/hq/dispatches/{dispatchId}/revoke', { params: { path: { dispatchId } } }));

export const createSchedule = (announcementId: string, body: ScheduleBody) =>
  unwrap(api.POST('/api/v1/hq/announcements/{announcementId}/schedules', { params: { path: { announcementId } }, body }));
export const listSchedules = (f: ScheduleFilter) =>
  unwrap(api.GET('/api/v1/hq/dispatch-schedules', { params: { query: { announcementId: f.announcementId, status: f.status, page: f.page, size: f.size ?? SCHEDULES_PAGE_SIZE } } }));
export const cancelSchedule = (scheduleId: string) =>
  unwrap(api.POST('/api/v1/hq/dispatch-schedules/{scheduleId}/cancel', { params: { path: { scheduleId } } }));

/** Every store of the HQ, page after page (an HQ has at most a few thousand). */
export const listAllStores = async (): Promise<HqStore[]> => {
  const stores: HqStore[] = [];
  for (let page = 0; ; page++) {
    const res = await unwrap(api.GET('/api/v1/hq/stores', { params: { query: { page, size: STORE_PAGE } } }));
    stores.push(...res.items);
    if (res.items.length === 0 || stores.length >= res.total) return stores;
  }
};

// ---- hooks

const stillChanging = (items: readonly HistoryItem[] | undefined) => Boolean(items?.some((i) => i.status === 'PENDING' || i.status === 'SCHEDULED'));

/** One announcement's dispatch rows, newest first; refreshed every 5 s while a row is PENDING or SCHEDULED. */
export const useHistory = (announcementId: string | null, page: number, status: DispatchStatus | null) =>
  useQuery({
    queryKey: dispatchKeys.history(announcementId ?? '', page, status),
    queryFn: () => listHistory(announcementId!, page, status),
    enabled: Boolean(announcementId),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (stillChanging(query.state.data?.items) ? LIVE_REFRESH_MS : false),
  });

export const useSchedules = (f: ScheduleFilter, enabled = true) =>
  useQuery({ queryKey: dispatchKeys.schedules(f), queryFn: () => listSchedules(f), placeholderData: keepPreviousData, enabled });

export const useAllStores = () => useQuery({ queryKey: dispatchKeys.stores(), queryFn: listAllStores, staleTime: 60_000 });

/** After any dispatch change: the histories, the schedules and the announcements' counts. */
const useInvalidateDispatch = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dispatchKeys.histories() }),
      queryClient.invalidateQueries({ queryKey: dispatchKeys.schedulesAll() }),
      queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
    ]);
};

export const useDispatch = () => {
  const invalidate = useInvalidateDispatch();
  return useMutation({ mutationFn: ({ announcementId, body }: { announcementId: string; body: DispatchBody }) => dispatchAnnouncement(announcementId, body), onSettled: invalidate });
};

export const useCreateSchedule = () => {
  const invalidate = useInvalidateDispatch();
  return useMutation({ mutationFn: ({ announcementId, body }: { announcementId: string; body: ScheduleBody }) => createSchedule(announcementId, body), onSettled: invalidate });
};

export const useCancelDispatch = () => {
  const invalidate = useInvalidateDispatch();
  return useMutation({ mutationFn: cancelDispatch, onSettled: invalidate });
};

/** Remote stop of several rows, one after the other (HQ_CONTROL rate group); stops at the first refusal. */
export const useRevokeDispatches = () => {
  const invalidate = useInvalidateDispatch();
  return useMutation({
    mutationFn: async (dispatchIds: readonly string[]) => {
      for (const id of dispatchIds) await revokeDispatch(id);
      return dispatchIds.length;
    },
    onSettled: invalidate,
  });
};

export const useCancelSchedule = () => {
  const invalidate = useInvalidateDispatch();
  return useMutation({ mutationFn: cancelSchedule, onSettled: invalidate });
};
