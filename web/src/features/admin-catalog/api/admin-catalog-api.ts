import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';
import { ApiError, apiErrorFrom } from '../../../lib/errors/api-error';
import { violatingIdsOf } from '../catalog-admin-rules';

type Schemas = components['schemas'];
export type Library = Schemas['LibraryResponse'];
export type LibraryType = Library['type'];
export type LibraryMusicItem = Schemas['LibraryMusicItem'];
export type MusicListItem = Schemas['MusicListItem'];
export type PlaylistListItem = Schemas['PlaylistListItem'];
export type PlaylistDetail = Schemas['PlaylistDetailResponse'];
export type PlaylistLibrary = Schemas['PlaylistLibraryItem'];
export type PlaylistStatus = PlaylistListItem['status'];
export type HqOption = Schemas['HqListResponse']['items'][number];

export const LIBRARY_TYPES = ['AI', 'TRUST'] as const satisfies readonly LibraryType[];
export const CATALOG_PAGE_SIZE = 20;
export const MUSIC_PICKER_PAGE_SIZE = 20;
/** The playlist pickers read one page of the HQ's playlists, newest first. */
export const PICKER_SIZE = 100;

export interface LibraryFilters {
  q: string;
  type: LibraryType | null;
  page: number;
}
export interface PlaylistFilters {
  q: string;
  hqId: string | null;
  page: number;
}
export interface MusicSearch {
  q: string;
  musicSource: LibraryType | null;
  page: number;
}

/**
 * 400 LIBRARY_TYPE_MISMATCH with the tracks it refused (error.fields.violatingMusicIds,
 * comma-separated), which the generic ApiError does not keep.
 */
export class LibraryTypeMismatchError extends ApiError {
  constructor(
    message: string,
    readonly violatingMusicIds: string[],
  ) {
    super(400, 'LIBRARY_TYPE_MISMATCH', message);
  }
}

export const catalogAdminKeys = {
  all: ['admin-catalog'] as const,
  hqs: () => ['admin-catalog', 'hqs'] as const,
  libraries: (f: LibraryFilters) => ['admin-catalog', 'libraries', f] as const,
  library: (id: string) => ['admin-catalog', 'library', id] as const,
  libraryMusic: (id: string, page: number) => ['admin-catalog', 'library', id, 'music', page] as const,
  music: (s: MusicSearch) => ['admin-catalog', 'music', s] as const,
  playlists: (f: PlaylistFilters) => ['admin-catalog', 'playlists', f] as const,
  playlist: (id: string) => ['admin-catalog', 'playlist', id] as const,
  hqPlaylists: (hqId: string) => ['admin-catalog', 'hq-playlists', hqId] as const,
  hqDefault: (hqId: string) => ['admin-catalog', 'hq-default', hqId] as const,
  hqStores: (hqId: string) => ['admin-catalog', 'hq-stores', hqId] as const,
  storePlaylists: (storeId: string) => ['admin-catalog', 'store-playlists', storeId] as const,
};

// ---- calls

export const listHqs = async (): Promise<HqOption[]> => (await unwrap(api.GET('/api/v1/admin/hq'))).items;

export const listLibraries = (f: LibraryFilters) =>
  unwrap(
    api.GET('/api/v1/admin/libraries', {
      params: { query: { q: f.q.trim() || undefined, type: f.type ?? undefined, page: f.page, size: CATALOG_PAGE_SIZE } },
    }),
  );
export const getLibrary = (id: string) => unwrap(api.GET('/api/v1/admin/libraries/{id}', { params: { path: { id } } }));
export const listLibraryMusic = (id: string, page: number) =>
  unwrap(api.GET('/api/v1/admin/libraries/{id}/music', { params: { path: { id }, query: { page, size: CATALOG_PAGE_SIZE } } }));
export const createLibrary = (body: { name: string; type: LibraryType }) => unwrap(api.POST('/api/v1/admin/libraries', { body }));
export const renameLibrary = (id: string, name: string) => unwrap(api.PATCH('/api/v1/admin/libraries/{id}', { params: { path: { id } }, body: { name } }));
export const deleteLibrary = (id: string) => unwrap(api.DELETE('/api/v1/admin/libraries/{id}', { params: { path: { id } } }));
export const removeLibraryMusic = (id: string, musicId: string) =>
  unwrap(api.DELETE('/api/v1/admin/libraries/{id}/music/{musicId}', { params: { path: { id, musicId } } }));

/** Adds in one request (all or none); a type mismatch comes back with the refused track ids. */
export const addLibraryMusic = async (id: string, musicIds: string[]) => {
  const { data, error, response } = await api.POST('/api/v1/admin/libraries/{id}/music', { params: { path: { id } }, body: { musicIds } });
  if (error === undefined && response.ok && data) return data;
  const envelope = (error as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | undefined)?.error;
  if (envelope?.code === 'LIBRARY_TYPE_MISMATCH') throw new LibraryTypeMismatchError(envelope.message ?? envelope.code, violatingIdsOf(envelope.fields));
  throw apiErrorFrom(response.status, error, response.headers);
};

export const searchMusic = (s: MusicSearch) =>
  unwrap(
    api.GET('/api/v1/admin/music', {
      params: { query: { q: s.q.trim() || undefined, musicSource: s.musicSource ?? undefined, page: s.page, size: MUSIC_PICKER_PAGE_SIZE } },
    }),
  );

export const listPlaylists = (f: PlaylistFilters) =>
  unwrap(
    api.GET('/api/v1/admin/playlists', {
      params: { query: { q: f.q.trim() || undefined, hqId: f.hqId ?? undefined, page: f.page, size: CATALOG_PAGE_SIZE } },
    }),
  );
export const getPlaylist = (id: string) => unwrap(api.GET('/api/v1/admin/playlists/{id}', { params: { path: { id } } }));
export const createPlaylist = (body: { hqId: string; name: string }) => unwrap(api.POST('/api/v1/admin/playlists', { body }));
export const renamePlaylist = (id: string, name: string) => unwrap(api.PATCH('/api/v1/admin/playlists/{id}', { params: { path: { id } }, body: { name } }));
export const deletePlaylist = (id: string) => unwrap(api.DELETE('/api/v1/admin/playlists/{id}', { params: { path: { id } } }));
export const setPlaylistLibraries = (id: string, libraryIds: string[]) =>
  unwrap(api.PUT('/api/v1/admin/playlists/{id}/libraries', { params: { path: { id } }, body: { libraryIds } }));

export const getHqDefault = (hqId: string) => unwrap(api.GET('/api/v1/admin/hq/{hqId}/default-playlist', { params: { path: { hqId } } }));
export const setHqDefault = (hqId: string, playlistId: string) =>
  unwrap(api.PUT('/api/v1/admin/hq/{hqId}/default-playlist', { params: { path: { hqId } }, body: { playlistId } }));
export const clearHqDefault = (hqId: string) => unwrap(api.DELETE('/api/v1/admin/hq/{hqId}/default-playlist', { params: { path: { hqId } } }));

/** The HQ's open stores for the store picker (one page of 100, by the admin list's order). */
export const listHqStores = async (hqId: string) =>
  (await unwrap(api.GET('/api/v1/admin/stores/admin-list', { params: { query: { hqId, page: 0, size: 100 } } }))).items.filter((s) => !s.closedAt);
export const getStorePlaylists = (storeId: string) => unwrap(api.GET('/api/v1/admin/playlists/stores/{storeId}', { params: { path: { storeId } } }));
export const setStorePlaylist = (storeId: string, playlistId: string | null) =>
  unwrap(api.PUT('/api/v1/admin/playlists/stores/{storeId}', { params: { path: { storeId } }, body: { playlistId } }));

// ---- hooks

export const useHqOptions = () => useQuery({ queryKey: catalogAdminKeys.hqs(), queryFn: listHqs, staleTime: 60_000 });

export const useLibraries = (f: LibraryFilters) =>
  useQuery({ queryKey: catalogAdminKeys.libraries(f), queryFn: () => listLibraries(f), placeholderData: keepPreviousData });
export const useLibrary = (id: string) => useQuery({ queryKey: catalogAdminKeys.library(id), queryFn: () => getLibrary(id) });
export const useLibraryMusic = (id: string, page: number) =>
  useQuery({ queryKey: catalogAdminKeys.libraryMusic(id, page), queryFn: () => listLibraryMusic(id, page), placeholderData: keepPreviousData });
export const useMusicSearch = (s: MusicSearch, enabled = true) =>
  useQuery({ queryKey: catalogAdminKeys.music(s), queryFn: () => searchMusic(s), placeholderData: keepPreviousData, enabled });

export const usePlaylists = (f: PlaylistFilters) =>
  useQuery({ queryKey: catalogAdminKeys.playlists(f), queryFn: () => listPlaylists(f), placeholderData: keepPreviousData });
export const usePlaylist = (id: string) => useQuery({ queryKey: catalogAdminKeys.playlist(id), queryFn: () => getPlaylist(id) });
export const useHqPlaylists = (hqId: string | null) =>
  useQuery({
    queryKey: catalogAdminKeys.hqPlaylists(hqId ?? ''),
    queryFn: async () => (await listPlaylists({ q: '', hqId, page: 0 })).items,
    enabled: Boolean(hqId),
  });
export const useHqDefault = (hqId: string) => useQuery({ queryKey: catalogAdminKeys.hqDefault(hqId), queryFn: () => getHqDefault(hqId) });
export const useHqStores = (hqId: string | null) =>
  useQuery({ queryKey: catalogAdminKeys.hqStores(hqId ?? ''), queryFn: () => listHqStores(hqId ?? ''), enabled: Boolean(hqId) });
export const useStorePlaylists = (storeId: string | null) =>
  useQuery({ queryKey: catalogAdminKeys.storePlaylists(storeId ?? ''), queryFn: () => getStorePlaylists(storeId ?? ''), enabled: Boolean(storeId) });

/** Every catalog change can move counts and derived statuses elsewhere: the feature's reads are refreshed. */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: catalogAdminKeys.all });
};

export const useCreateLibrary = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: createLibrary, onSuccess: refresh });
};
export const useRenameLibrary = (id: string) => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (name: string) => renameLibrary(id, name), onSuccess: refresh });
};
export const useDeleteLibrary = (id: string) => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => deleteLibrary(id), onSuccess: refresh });
};
export const useAddLibraryMusic = (id: string) => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (musicIds: string[]) => addLibraryMusic(id, musicIds), onSuccess: refresh });
};
export const useRemoveLibraryMusic = (id: string) => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (musicId: string) => removeLibraryMusic(id, musicId), onSuccess: refresh });
};

export const useCreatePlaylist = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: createPlaylist, onSuccess: refresh });
};
export const useRenamePlaylist = (id: string) => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (name: string) => renamePlaylist(id, name), onSuccess: refresh });
};
export const useDeletePlaylist = (id: string) => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => deletePlaylist(id), onSuccess: refresh });
};
/** The whole ordered list in one PUT (add, remove and reorder); the answer is the new detail. */
export const useSetPlaylistLibraries = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (libraryIds: string[]) => setPlaylistLibraries(id, libraryIds),
    onSuccess: (detail) => {
      queryClient.setQueryData(catalogAdminKeys.playlist(id), detail);
      return queryClient.invalidateQueries({ queryKey: catalogAdminKeys.all });
    },
  });
};

export const useSetHqDefault = (hqId: string) => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (playlistId: string) => setHqDefault(hqId, playlistId), onSuccess: refresh });
};
export const useClearHqDefault = (hqId: string) => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => clearHqDefault(hqId), onSuccess: refresh });
};
export const useSetStorePlaylist = (storeId: string) => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (playlistId: string | null) => setStorePlaylist(storeId, playlistId), onSuccess: refresh });
};
