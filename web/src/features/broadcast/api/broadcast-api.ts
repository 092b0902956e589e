import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type paths } from '../../../lib/api/client';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

export type BroadcastTemplate = Json<paths['/api/v1/store/broadcast-templates']['get']['responses'][200]>['items'][number];
export type TemplateBody = Json<paths['/api/v1/store/broadcast-templates']['post']['requestBody']>;
export type Voice = TemplateBody['voice'];
export type PreviewBody = Json<paths['/api/v1/store/broadcasts/preview']['post']['requestBody']>;
export type Draft = Json<paths['/api/v1/store/broadcasts/preview']['post']['responses'][201]>;
export type SendBody = NonNullable<Json<paths['/api/v1/store/broadcasts/{announcementId}/send']['post']['requestBody']>>;
export type ScheduledBroadcastPage = Json<paths['/api/v1/store/scheduled-broadcasts']['get']['responses'][200]>;
export type ScheduledBroadcast = ScheduledBroadcastPage['items'][number];

/** The five voices of spec 03 (no voice list is readable by a store; their names are in the messages). */
export const VOICES = ['SHEAN', 'WOOSUNG', 'CYRUS', 'AERAN', 'SEUNGA'] as const satisfies readonly Voice[];

export const TEMPLATE_LIMIT = 20;
export const TEMPLATE_NAME_MAX = 60;
export const BROADCAST_TEXT_MAX = 200;
export const SCHEDULED_PAGE_SIZE = 20;

export const broadcastKeys = {
  all: ['broadcast'] as const,
  templates: () => ['broadcast', 'templates'] as const,
  scheduled: (page: number) => ['broadcast', 'scheduled', page] as const,
  scheduledAll: () => ['broadcast', 'scheduled'] as const,
  slots: (date: string) => ['broadcast', 'slot-occupancy', date] as const,
};

// ---- calls

export const listTemplates = () => unwrap(api.GET('/api/v1/store/broadcast-templates'));
export const createTemplate = (body: TemplateBody) => unwrap(api.POST('/api/v1/store/broadcast-templates', { body }));
export const updateTemplate = (templateId: string, body: TemplateBody) =>
  unwrap(api.PUT('/api/v1/store/broadcast-templates/{templateId}', { params: { path: { templateId } }, body }));
export const deleteTemplate = (templateId: string) =>
  unwrap(api.DELETE('/api/v1/store/broadcast-templates/{templateId}', { params: { path: { templateId } } }));

export const previewBroadcast = (body: PreviewBody) => unwrap(api.POST('/api/v1/store/broadcasts/preview', { body }));

/** A recorded broadcast as multipart part `file` (openapi-fetch sends FormData as it is). */
export const uploadRecording = (recording: Blob, durationSeconds: number, isEmergency: boolean): Promise<Draft> => {
  const extension = recording.type.includes('mp4') ? 'm4a' : 'webm';
  return unwrap(
    api.POST('/api/v1/store/broadcasts/recording', {
      params: { query: { durationSeconds, isEmergency: String(isEmergency) } },
      // The generated type of a binary part is string; the serializer puts the Blob in the form.
      body: { file: '' },
      bodySerializer: () => {
        const form = new FormData();
        form.append('file', recording, `recording.${extension}`);
        return form;
      },
    }),
  );
};

export const sendBroadcast = (announcementId: string, body: SendBody) =>
  unwrap(api.POST('/api/v1/store/broadcasts/{announcementId}/send', { params: { path: { announcementId } }, body }));

export const listScheduled = (page: number, size = SCHEDULED_PAGE_SIZE) =>
  unwrap(api.GET('/api/v1/store/scheduled-broadcasts', { params: { query: { page, size } } }));

export const cancelScheduled = (dispatchId: string) =>
  unwrap(api.POST('/api/v1/store/scheduled-broadcasts/{dispatchId}/cancel', { params: { path: { dispatchId } } }));

export const slotOccupancy = (date: string) => unwrap(api.GET('/api/v1/store/slot-occupancy', { params: { query: { date } } }));

// ---- hooks

export const useTemplates = () => useQuery({ queryKey: broadcastKeys.templates(), queryFn: listTemplates });

export const useSaveTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: TemplateBody }) => (id ? updateTemplate(id, body) : createTemplate(body)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: broadcastKeys.templates() }),
  });
};

export const useDeleteTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: broadcastKeys.templates() }),
  });
};

export const usePreview = () => useMutation({ mutationFn: previewBroadcast });

export const useUploadRecording = () =>
  useMutation({ mutationFn: ({ blob, seconds, isEmergency }: { blob: Blob; seconds: number; isEmergency: boolean }) => uploadRecording(blob, seconds, isEmergency) });

export const useSendBroadcast = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ announcementId, body }: { announcementId: string; body: SendBody }) => sendBroadcast(announcementId, body),
    onSuccess: (_data, { body }) => {
      if (body.scheduledAt) void queryClient.invalidateQueries({ queryKey: broadcastKeys.scheduledAll() });
    },
  });
};

export const useScheduled = (page: number) =>
  useQuery({ queryKey: broadcastKeys.scheduled(page), queryFn: () => listScheduled(page), placeholderData: keepPreviousData });

export const useCancelScheduled = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelScheduled,
    onSettled: () => queryClient.invalidateQueries({ queryKey: broadcastKeys.scheduledAll() }),
  });
};

/** HQ-held 5-minute slots of a KST date (null: nothing to look up yet). */
export const useSlotOccupancy = (date: string | null) =>
  useQuery({ queryKey: broadcastKeys.slots(date ?? ''), queryFn: () => slotOccupancy(date!), enabled: date !== null, staleTime: 30_000 });
