import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';

type Schemas = components['schemas'];
export type PlaylistListItem = Schemas['HqPlaylistListItem'];
export type PlaylistDetail = Schemas['HqPlaylistDetailResponse'];
export type PlaylistLibrary = Schemas['PlaylistLibraryItem'];
export type PlaylistStatus = PlaylistListItem['status'];
export type Library = Schemas['LibraryResponse'];
export type LibraryType = Library['type'];
export type LibraryMusicItem = Schemas['LibraryMusicItem'];

export const CATALOG_PAGE_SIZE = 20;
export const MUSIC_PAGE_SIZE = 20;
/** spec 03 § Playlists and libraries: q is 0..100 characters. */
export const Q_MAX = 100;
export const LIBRARY_TYPES = ['AI', 'TRUST'] as const satisfies readonly LibraryType[];

export interface PlaylistFilters {
  q: string;
  page: number;
}
export interface LibraryFilters {
  q: string;
  type: LibraryType | null;
  page: number;
}

export const catalogKeys = {
  playlists: (f: PlaylistFilters) => ['hq-catalog', 'playlists', f] as const,
  playlist: (id: string) => ['hq-catalog', 'playlist', id] as const,
  libraries: (f: LibraryFilters) => ['hq-catalog', 'libraries', f] as const,
  library: (id: string) => ['hq-catalog', 'library', id] as const,
  libraryMusic: (id: string, page: number) => ['hq-catalog', 'library', id, 'music', page] as const,
};

export const listPlaylists = (f: PlaylistFilters) =>
  unwrap(api.GET('/api/v1/hq/playlists', { params: { query: { q: f.q.trim() || undefined, page: f.page, size: CATALOG_PAGE_SIZE } } }));
export const getPlaylist = (id: string) => unwrap(api.GET('/api/v1/hq/playlists/{id}', { params: { path: { id } } }));
export const listLibraries = (f: LibraryFilters) =>
  unwrap(api.GET('/api/v1/hq/libraries', { params: { query: { q: f.q.trim() || undefined, type: f.type ?? undefined, page: f.page, size: CATALOG_PAGE_SIZE } } }));
export const getLibrary = (id: string) => unwrap(api.GET('/api/v1/hq/libraries/{id}', { params: { path: { id } } }));
export const listLibraryMusic = (id: string, page: number) =>
  unwrap(api.GET('/api/v1/hq/libraries/{id}/music', { params: { path: { id }, query: { page, size: MUSIC_PAGE_SIZE } } }));

export const usePlaylists = (f: PlaylistFilters) => useQuery({ queryKey: catalogKeys.playlists(f), queryFn: () => listPlaylists(f), placeholderData: keepPreviousData });
export const usePlaylist = (id: string) => useQuery({ queryKey: catalogKeys.playlist(id), queryFn: () => getPlaylist(id) });
export const useLibraries = (f: LibraryFilters) => useQuery({ queryKey: catalogKeys.libraries(f), queryFn: () => listLibraries(f), placeholderData: keepPreviousData });
export const useLibrary = (id: string) => useQuery({ queryKey: catalogKeys.library(id), queryFn: () => getLibrary(id) });
export const useLibraryMusic = (id: string, page: number) =>
  useQuery({ queryKey: catalogKeys.libraryMusic(id, page), queryFn: () => listLibraryMusic(id, page), placeholderData: keepPreviousData });
