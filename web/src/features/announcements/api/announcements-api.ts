import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type paths } from '../../../lib/api/client';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type AnnouncementPage = Json<paths['/api/v1/hq/announcements']['get']['responses'][200]>;
export type AnnouncementListItem = AnnouncementPage['items'][number];
export type Announcement = Json<paths['/api/v1/hq/announcements/{announcementId}']['get']['responses'][200]>;
export type AnnouncementBody = Json<paths['/api/v1/hq/announcements']['post']['requestBody']>;
export type VoiceList = Json<paths['/api/v1/hq/tts-voices']['get']['responses'][200]>;
export type VoiceEntry = VoiceList['voices'][number];
export type Voice = AnnouncementBody['voice'];
export type TonePreset = NonNullable<AnnouncementBody['tonePreset']>;

/** spec 03 § Limits: announcement title, text and tempo. */
export const TITLE_MAX = 255;
export const TEXT_MAX = 1000;
export const TEMPO_MIN = 0.5;
export const TEMPO_MAX = 2;
export const TEMPO_DEFAULT = 1;
export const Q_MAX = 100;
export const ANNOUNCEMENTS_PAGE_SIZE = 20;

export const announcementKeys = {
  all: ['hq-announcements'] as const,
  lists: () => ['hq-announcements', 'list'] as const,
  list: (q: string, page: number) => ['hq-announcements', 'list', q, page] as const,
  detail: (id: string) => ['hq-announcements', 'detail', id] as const,
  voices: () => ['hq-announcements', 'voices'] as const,
};

// ---- calls

export const listAnnouncements = (q: string, page: number, size = ANNOUNCEMENTS_PAGE_SIZE) =>
  unwrap(api.GET('/api/v1/hq/announcements', { params: { query: { q: q.trim() || undefined, page, size } } }));
export const getAnnouncement = (announcementId: string) =>
  unwrap(api.GET('/api/v1/hq/announcements/{announcementId}', { params: { path: { announcementId } } }));
export const createAnnouncement = (body: AnnouncementBody) => unwrap(api.POST('/api/v1/hq/announcements', { body }));
export const updateAnnouncement = (announcementId: string, body: AnnouncementBody) =>
  unwrap(api.PUT('/api/v1/hq/announcements/{announcementId}', { params: { path: { announcementId } }, body }));
export const deleteAnnouncement = (announcementId: string) =>
  unwrap(api.DELETE('/api/v1/hq/announcements/{announcementId}', { params: { path: { announcementId } } }));
export const listVoices = () => unwrap(api.GET('/api/v1/hq/tts-voices'));

// ---- hooks

export const useAnnouncements = (q: string, page: number) =>
  useQuery({ queryKey: announcementKeys.list(q, page), queryFn: () => listAnnouncements(q, page), placeholderData: keepPreviousData });

export const useAnnouncement = (id: string) => useQuery({ queryKey: announcementKeys.detail(id), queryFn: () => getAnnouncement(id), enabled: id !== '' });

/** The voices do not change while the console is open. */
export const useVoices = () => useQuery({ queryKey: announcementKeys.voices(), queryFn: listVoices, staleTime: Infinity });

export const useSaveAnnouncement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: AnnouncementBody }) => (id ? updateAnnouncement(id, body) : createAnnouncement(body)),
    onSuccess: (saved) => queryClient.setQueryData(announcementKeys.detail(saved.id), saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementKeys.lists() }),
  });
};

export const useDeleteAnnouncement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncement,
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: announcementKeys.detail(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementKeys.lists() }),
  });
};
