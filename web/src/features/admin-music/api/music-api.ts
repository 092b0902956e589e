import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';
import { uploadFile, type UploadProgress } from '../../../lib/files/upload-with-progress';
import { listQueryOf, type MusicFilters } from '../music-filters';
import type { MusicSource } from '../upload-rules';

type Schemas = components['schemas'];
export type MusicListItem = Schemas['MusicListItem'];
export type MusicListResponse = Schemas['MusicListResponse'];
export type Music = Schemas['MusicResponse'];
/** The generated type is nullable (the schema is shared with the nullable genre); a mood is never null. */
export type MusicTagRef = NonNullable<Schemas['MusicTagRef']>;
export const moodsOf = (music: Music): MusicTagRef[] => music.moods.filter((m): m is MusicTagRef => m !== null);

export const musicKeys = {
  all: ['admin-music'] as const,
  lists: () => ['admin-music', 'list'] as const,
  list: (filters: MusicFilters) => ['admin-music', 'list', filters] as const,
  detail: (id: string) => ['admin-music', 'detail', id] as const,
};

/** A presigned audio URL lives 15 minutes (spec: S3_PRESIGN_TTL_SECONDS); a detail older than 10 is read again before playing. */
export const AUDIO_URL_FRESH_MS = 10 * 60 * 1000;

// ---- calls

export const listMusic = (filters: MusicFilters) => unwrap(api.GET('/api/v1/admin/music', { params: { query: listQueryOf(filters) } }));
export const getMusic = (id: string) => unwrap(api.GET('/api/v1/admin/music/{id}', { params: { path: { id } } }));
export const deleteMusic = (id: string) => unwrap(api.DELETE('/api/v1/admin/music/{id}', { params: { path: { id } } }));
export const setMusicTags = (id: string, body: { genreId: string; moodIds: string[] }) =>
  unwrap(api.PUT('/api/v1/admin/music/{id}/tags', { params: { path: { id } }, body }));

export interface FileUpload {
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** uploadMusic: small files straight to the endpoint, large ones with a MUSIC_CREATE ticket (same answer). */
export const uploadMusic = ({ title, durationSeconds, musicSource, ...upload }: FileUpload & { title: string; durationSeconds: number; musicSource: MusicSource }) =>
  uploadFile<Music>({
    method: 'POST',
    directPath: '/api/v1/admin/music',
    query: { title, durationSeconds, musicSource },
    purpose: 'MUSIC_CREATE',
    ...upload,
  });

/** replaceMusicFile: the same id overwritten, large files with a MUSIC_REPLACE ticket for that music. */
export const replaceMusicFile = ({ musicId, title, ...upload }: FileUpload & { musicId: string; title?: string }) =>
  uploadFile<Music>({
    method: 'PUT',
    directPath: `/api/v1/admin/music/${encodeURIComponent(musicId)}/file`,
    query: { title },
    purpose: 'MUSIC_REPLACE',
    targetId: musicId,
    ...upload,
  });

// ---- hooks

export const useMusicList = (filters: MusicFilters) =>
  useQuery({ queryKey: musicKeys.list(filters), queryFn: () => listMusic(filters), placeholderData: keepPreviousData });

export const useMusic = (id: string) => useQuery({ queryKey: musicKeys.detail(id), queryFn: () => getMusic(id), staleTime: AUDIO_URL_FRESH_MS });

/** The detail of a list row when its player is pressed: the list carries no audio URL (spec 02). */
export const useFetchMusic = () => {
  const queryClient = useQueryClient();
  return (id: string) => queryClient.fetchQuery({ queryKey: musicKeys.detail(id), queryFn: () => getMusic(id), staleTime: AUDIO_URL_FRESH_MS });
};

/** After an upload: the lists are read again (the new track comes first). */
export const useInvalidateMusicLists = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: musicKeys.lists() });
};

export const useReplaceMusicFile = (musicId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FileUpload & { title?: string }) => replaceMusicFile({ musicId, ...input }),
    onSuccess: (music) => queryClient.setQueryData(musicKeys.detail(musicId), music),
    onSettled: () => queryClient.invalidateQueries({ queryKey: musicKeys.lists() }),
  });
};

export const useSetMusicTags = (musicId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { genreId: string; moodIds: string[] }) => setMusicTags(musicId, body),
    onSuccess: (music) => queryClient.setQueryData(musicKeys.detail(musicId), music),
  });
};

export const useDeleteMusic = (musicId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteMusic(musicId),
    onSuccess: () => queryClient.removeQueries({ queryKey: musicKeys.detail(musicId) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: musicKeys.lists() }),
  });
};
