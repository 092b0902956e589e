import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';
import { storeListQuery, type AdminStoreFilters } from '../store-filters';
import type { StoreAction } from '../store-rules';

type Schemas = components['schemas'];
export type StoreAdminListItem = Schemas['StoreAdminListItem'];
export type StoreDetail = Schemas['StoreDetailResponse'];
export type StoreOnboardingResult = Schemas['StoreOnboardingResponse'];
export type IndependentBody = Schemas['StoreOnboardingRequest'];
export type AffiliatedBody = Schemas['HqAffiliatedStoreOnboardingRequest'];
export type StoreManagerIssueBody = Schemas['StoreManagerIssueRequest'];

export const storeKeys = {
  all: ['admin-stores'] as const,
  list: (f: AdminStoreFilters) => ['admin-stores', 'list', f] as const,
  detail: (id: string) => ['admin-stores', 'detail', id] as const,
  hqOptions: ['admin-stores', 'hq-options'] as const,
};

export const useAdminStores = (filters: AdminStoreFilters) =>
  useQuery({
    queryKey: storeKeys.list(filters),
    queryFn: () => unwrap(api.GET('/api/v1/admin/stores/admin-list', { params: { query: storeListQuery(filters) } })),
    placeholderData: keepPreviousData,
  });

export const useAdminStore = (id: string) =>
  useQuery({ queryKey: storeKeys.detail(id), queryFn: () => unwrap(api.GET('/api/v1/admin/stores/{id}', { params: { path: { id } } })) });

/** Every HQ by name for the dropdowns (HqListResponse, unpaged). */
export const useHqOptions = () =>
  useQuery({ queryKey: storeKeys.hqOptions, queryFn: () => unwrap(api.GET('/api/v1/admin/hq')), staleTime: 60_000 });

/** FRANCHISE HQs, which take affiliated stores (the virtual INDEPENDENT HQ takes independent ones). */
export const useFranchiseHqOptions = () =>
  useQuery({
    queryKey: [...storeKeys.hqOptions, 'FRANCHISE'],
    queryFn: () => unwrap(api.GET('/api/v1/admin/hq/admin-list', { params: { query: { type: 'FRANCHISE', size: 100 } } })),
    staleTime: 60_000,
  });

export const useOnboardIndependentStore = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IndependentBody) => unwrap(api.POST('/api/v1/admin/stores/independent', { body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: storeKeys.all }),
  });
};

export const useOnboardAffiliatedStore = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ hqId, body }: { hqId: string; body: AffiliatedBody }) => unwrap(api.POST('/api/v1/admin/hq/{hqId}/stores', { params: { path: { hqId } }, body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: storeKeys.all }),
  });
};

const moveStore = (storeId: string, action: StoreAction, reason: string): Promise<unknown> => {
  const params = { path: { storeId } };
  switch (action) {
    case 'SUSPEND':
      return unwrap(api.POST('/api/v1/admin/stores/{storeId}/suspend', { params, body: { reason } }));
    case 'REACTIVATE':
      return unwrap(api.POST('/api/v1/admin/stores/{storeId}/reactivate', { params }));
    case 'CLOSE':
      return unwrap(api.POST('/api/v1/admin/stores/{storeId}/close', { params, body: { reason } }));
  }
};

export const useStoreStatusMove = (storeId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason = '' }: { action: StoreAction; reason?: string }) => moveStore(storeId, action, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: storeKeys.all }),
  });
};

export const useIssueStoreManager = (storeId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreManagerIssueBody) => unwrap(api.POST('/api/v1/admin/stores/{storeId}/managers', { params: { path: { storeId } }, body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: storeKeys.detail(storeId) }),
  });
};
