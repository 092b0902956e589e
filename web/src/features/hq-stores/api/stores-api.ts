import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, session, unwrap, type components } from '../../../lib/api/client';
import { sendMultipart } from '../../../lib/files/upload-with-progress';
import type { StoreFilters } from '../store-filters';

type Schemas = components['schemas'];
export type HqStoreListItem = Schemas['HqStoreListItem'];
export type HqStoreListPage = Schemas['HqStoreListResponse'];
export type HqStoreDetail = Schemas['HqStoreDetailResponse'];
export type CreateStoreBody = Schemas['CreateHqStoreRequest'];
export type CreateStoreResult = Schemas['CreateHqStoreResponse'];
export type UpdateStoreBody = Schemas['UpdateHqStoreRequest'];
export type StoreDuckingBody = Schemas['UpdateStoreDuckingRequest'];
export type IssueManagerBody = Schemas['IssueHqStoreManagerRequest'];
export type ManagerIssueResult = NonNullable<Schemas['HqStoreManagerIssueResult']>;
export type BulkResult = Schemas['BulkCreateHqStoreResponse'];
export type BulkRow = BulkResult['results'][number];
export type Region = NonNullable<Schemas['Region']>;
export type StoreStatus = HqStoreListItem['status'];
export type StoreType = HqStoreListItem['type'];

/**
 * The playlist a store plays (the store's own, else the HQ default). `effectivePlaylist` came to
 * the detail later: it is read as optional so a server (or generated types) without it still
 * works, and the page then falls back to activePlaylist.
 */
export interface EffectivePlaylist {
  id: string;
  name: string;
  source: 'STORE' | 'DEFAULT';
}
export const effectivePlaylistOf = (store: HqStoreDetail): EffectivePlaylist | null => {
  const effective = (store as { effectivePlaylist?: EffectivePlaylist | null }).effectivePlaylist;
  if (effective !== undefined) return effective;
  return store.activePlaylist ? { id: store.activePlaylist.id, name: store.activePlaylist.name, source: 'STORE' } : null;
};
/** Whether the server sent effectivePlaylist (else a store without its own playlist may still play the default). */
export const knowsEffectivePlaylist = (store: HqStoreDetail): boolean => 'effectivePlaylist' in store;

export const STORE_STATUSES = ['ACTIVE', 'SUSPENDED', 'INACTIVE'] as const satisfies readonly StoreStatus[];
export const STORE_TYPES = ['FRANCHISE', 'DIRECT', 'INDEPENDENT'] as const satisfies readonly StoreType[];
export const STORES_PAGE_SIZE = 20;
/** spec 03 § Limits: 3 bulk calls per minute per principal. */
export const BULK_CALLS_PER_MINUTE = 3;
export const BULK_MAX_ROWS = 1000;

export const storeKeys = {
  all: ['hq-stores'] as const,
  lists: () => ['hq-stores', 'list'] as const,
  list: (f: StoreFilters) => ['hq-stores', 'list', f] as const,
  detail: (id: string) => ['hq-stores', 'detail', id] as const,
};

// ---- calls

export const listStores = (f: StoreFilters) =>
  unwrap(
    api.GET('/api/v1/hq/stores', {
      params: {
        query: {
          q: f.q.trim() || undefined,
          status: f.status ?? undefined,
          type: f.type ?? undefined,
          hasManagerAccount: f.hasManagerAccount ?? undefined,
          page: f.page,
          size: STORES_PAGE_SIZE,
        },
      },
    }),
  );
export const getStore = (id: string) => unwrap(api.GET('/api/v1/hq/stores/{id}', { params: { path: { id } } }));
export const createStore = (body: CreateStoreBody) => unwrap(api.POST('/api/v1/hq/stores', { body }));
export const updateStore = (id: string, body: UpdateStoreBody) => unwrap(api.PATCH('/api/v1/hq/stores/{id}', { params: { path: { id } }, body }));
export const setStoreRegion = (id: string, region: Region | null) =>
  unwrap(api.PATCH('/api/v1/hq/stores/{id}/region', { params: { path: { id } }, body: { region } }));
export const setStoreCommercialCycle = (id: string, commercialCycleSongs: number | null) =>
  unwrap(api.PATCH('/api/v1/hq/stores/{id}/commercial-cycle', { params: { path: { id } }, body: { commercialCycleSongs } }));
export const setStoreDucking = (id: string, body: StoreDuckingBody) =>
  unwrap(api.PATCH('/api/v1/hq/stores/{id}/ducking', { params: { path: { id } }, body }));
export const issueManager = (storeId: string, body: IssueManagerBody) =>
  unwrap(api.POST('/api/v1/hq/stores/{storeId}/managers', { params: { path: { storeId } }, body }));

export const BULK_TEMPLATE_PATH = '/api/v1/hq/stores/bulk/template';

/** The CSV as multipart part `file`, with upload progress as a fraction (1 once answered). */
export const uploadBulkCsv = async (file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<BulkResult> => {
  const token = await session.accessToken();
  const result = await sendMultipart<BulkResult>({
    method: 'POST',
    url: '/api/v1/hq/stores/bulk',
    file,
    fileName: file.name,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    onProgress: ({ loaded, total }) => {
      if (total > 0) onProgress(loaded / total);
    },
    signal,
  });
  onProgress(1);
  return result;
};

// ---- hooks

export const useStores = (f: StoreFilters) => useQuery({ queryKey: storeKeys.list(f), queryFn: () => listStores(f), placeholderData: keepPreviousData });

export const useStore = (id: string) => useQuery({ queryKey: storeKeys.detail(id), queryFn: () => getStore(id), staleTime: 0 });

/** Every change to a store refreshes its detail and the lists (status, manager marker, names). */
const useStoreMutation = <V, R>(id: string, fn: (vars: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: storeKeys.detail(id) }), queryClient.invalidateQueries({ queryKey: storeKeys.lists() })]),
  });
};

export const useCreateStore = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStore,
    onSuccess: (result) => queryClient.setQueryData(storeKeys.detail(result.store.id), result.store),
    onSettled: () => queryClient.invalidateQueries({ queryKey: storeKeys.lists() }),
  });
};

export const useUpdateStore = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateStoreBody) => updateStore(id, body),
    onSuccess: (store) => queryClient.setQueryData(storeKeys.detail(id), store),
    onSettled: () => queryClient.invalidateQueries({ queryKey: storeKeys.lists() }),
  });
};
export const useSetRegion = (id: string) => useStoreMutation(id, (region: Region | null) => setStoreRegion(id, region));
export const useSetCommercialCycle = (id: string) => useStoreMutation(id, (songs: number | null) => setStoreCommercialCycle(id, songs));
export const useSetDucking = (id: string) => useStoreMutation(id, (body: StoreDuckingBody) => setStoreDucking(id, body));
export const useIssueManager = (id: string) => useStoreMutation(id, (body: IssueManagerBody) => issueManager(id, body));

export const useBulkUpload = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => uploadBulkCsv(file, onProgress),
    onSettled: () => queryClient.invalidateQueries({ queryKey: storeKeys.lists() }),
  });
};
