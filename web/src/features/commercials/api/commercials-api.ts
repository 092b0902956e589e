import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type paths } from '../../../lib/api/client';
import { uploadFile, type UploadProgress } from '../../../lib/files/upload-with-progress';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type CommercialPage = Json<paths['/api/v1/hq/commercials']['get']['responses'][200]>;
export type Commercial = CommercialPage['items'][number];
export type CommercialPatch = NonNullable<Json<paths['/api/v1/hq/commercials/{commercialId}']['patch']['requestBody']>>;
export type HqStoreListItem = Json<paths['/api/v1/hq/stores']['get']['responses'][200]>['items'][number];
export type HqStoreDetail = Json<paths['/api/v1/hq/stores/{id}']['get']['responses'][200]>;

export const COMMERCIALS_PAGE_SIZE = 20;
export const CYCLE_STORES_PAGE_SIZE = 10;

export const commercialKeys = {
  all: ['hq-commercials'] as const,
  lists: () => ['hq-commercials', 'list'] as const,
  list: (page: number) => ['hq-commercials', 'list', page] as const,
  hqMe: () => ['hq-commercials', 'hq-me'] as const,
  stores: (page: number) => ['hq-commercials', 'stores', page] as const,
  store: (id: string) => ['hq-commercials', 'store', id] as const,
};

// ---- calls

export const listCommercials = (page: number) =>
  unwrap(api.GET('/api/v1/hq/commercials', { params: { query: { page, size: COMMERCIALS_PAGE_SIZE } } }));
export const patchCommercial = (commercialId: string, body: CommercialPatch) =>
  unwrap(api.PATCH('/api/v1/hq/commercials/{commercialId}', { params: { path: { commercialId } }, body }));
export const deleteCommercial = (commercialId: string) =>
  unwrap(api.DELETE('/api/v1/hq/commercials/{commercialId}', { params: { path: { commercialId } } }));

export interface CommercialUpload {
  file: File;
  durationSeconds: number;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Registers a song (createHqCommercial): the MP3 with its title and whole seconds. */
export const registerCommercial = ({ title, ...upload }: CommercialUpload & { title: string }) =>
  uploadFile<Commercial>({
    method: 'POST',
    directPath: '/api/v1/hq/commercials',
    query: { title, durationSeconds: upload.durationSeconds },
    purpose: 'COMMERCIAL_CREATE',
    ...upload,
  });

/** Replaces a song's file (same id, overwritten), with the new file's length. */
export const replaceCommercialFile = ({ commercialId, ...upload }: CommercialUpload & { commercialId: string }) =>
  uploadFile<Commercial>({
    method: 'PUT',
    directPath: `/api/v1/hq/commercials/${encodeURIComponent(commercialId)}/file`,
    query: { durationSeconds: upload.durationSeconds },
    purpose: 'COMMERCIAL_REPLACE',
    targetId: commercialId,
    ...upload,
  });

export const readHqMe = () => unwrap(api.GET('/api/v1/hq/me'));
export const listStores = (page: number) =>
  unwrap(api.GET('/api/v1/hq/stores', { params: { query: { page, size: CYCLE_STORES_PAGE_SIZE } } }));
export const readStore = (id: string) => unwrap(api.GET('/api/v1/hq/stores/{id}', { params: { path: { id } } }));

// ---- hooks

export const useCommercials = (page: number) =>
  useQuery({ queryKey: commercialKeys.list(page), queryFn: () => listCommercials(page), placeholderData: keepPreviousData });

export const useHqMe = () => useQuery({ queryKey: commercialKeys.hqMe(), queryFn: readHqMe });

export const useCycleStores = (page: number) =>
  useQuery({ queryKey: commercialKeys.stores(page), queryFn: () => listStores(page), placeholderData: keepPreviousData });

/** The details of the listed stores, one request each (the list has no commercialCycleSongs). */
export const useStoreDetails = (ids: readonly string[]) =>
  useQueries({ queries: ids.map((id) => ({ queryKey: commercialKeys.store(id), queryFn: () => readStore(id) })) });

const useInvalidateLists = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: commercialKeys.lists() });
};

export const useRegisterCommercial = () => {
  const invalidate = useInvalidateLists();
  return useMutation({ mutationFn: registerCommercial, onSettled: invalidate });
};

export const useReplaceCommercialFile = () => {
  const invalidate = useInvalidateLists();
  return useMutation({ mutationFn: replaceCommercialFile, onSettled: invalidate });
};

export const usePatchCommercial = () => {
  const invalidate = useInvalidateLists();
  return useMutation({ mutationFn: ({ id, patch }: { id: string; patch: CommercialPatch }) => patchCommercial(id, patch), onSettled: invalidate });
};

export const useDeleteCommercial = () => {
  const invalidate = useInvalidateLists();
  return useMutation({ mutationFn: deleteCommercial, onSettled: invalidate });
};
