import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';
import { TICKETS_PAGE_SIZE, type TicketAttachment, type TicketCategory, type TicketStatus } from '../../tickets/ticket-limits';
import { downloadFile } from '../../../lib/files/save-file';
import { uploadFile, type UploadProgress } from '../../../lib/files/upload-with-progress';

export { BODY_MAX, Q_MAX, TICKET_CATEGORIES, TICKET_STATUSES, TICKETS_PAGE_SIZE, TITLE_MAX } from '../../tickets/ticket-limits';
export type { TicketAttachment, TicketCategory, TicketStatus } from '../../tickets/ticket-limits';

type Schemas = components['schemas'];
export type StoreTicketItem = Schemas['HqStoreTicketListItem'];
export type StoreTicketDetail = Schemas['HqStoreTicketDetailResponse'];
export type HqTicketItem = Schemas['HqTicketListItem'];
export type HqTicketDetail = Schemas['HqTicketDetailResponse'];
export type TicketComment = Schemas['HqTicketCommentItem'];
export type TicketPriority = Schemas['TicketPriority'];
export type CreateHqTicketBody = Schemas['CreateHqTicketRequest'];

/**
 * The two channels of the HQ console: `hq` its own tickets to the operators (/hq/tickets),
 * `store` its stores' tickets, which the HQ handles (/hq/store-tickets).
 */
export type Channel = 'hq' | 'store';

/** spec 03 § Support tickets: the HQ's unread signal is polled every 60 s. */
export const SIGNAL_POLL_MS = 60_000;

export interface TicketFilters {
  q: string;
  status: TicketStatus | null;
  category: TicketCategory | null;
  page: number;
}
export interface StoreTicketFilters extends TicketFilters {
  storeId: string | null;
}

export const supportKeys = {
  all: ['hq-support'] as const,
  lists: (channel: Channel) => ['hq-support', channel, 'list'] as const,
  list: (channel: Channel, f: TicketFilters | StoreTicketFilters) => ['hq-support', channel, 'list', f] as const,
  detail: (channel: Channel, id: string) => ['hq-support', channel, 'detail', id] as const,
  signal: () => ['hq-support', 'unread-signal'] as const,
  stores: (q: string) => ['hq-support', 'stores', q] as const,
};

const BASE: Record<Channel, string> = { hq: '/api/v1/hq/tickets', store: '/api/v1/hq/store-tickets' };
const ATTACHMENT_PURPOSE = { hq: 'TICKET_ATTACHMENT_HQ', store: 'TICKET_ATTACHMENT_HQ_STORE' } as const;

const filterQuery = (f: TicketFilters) => ({
  q: f.q.trim() || undefined,
  status: f.status ?? undefined,
  category: f.category ?? undefined,
  page: f.page,
  size: TICKETS_PAGE_SIZE,
});

// ---- calls: the HQ's own tickets

export const listHqTickets = (f: TicketFilters) => unwrap(api.GET('/api/v1/hq/tickets', { params: { query: filterQuery(f) } }));
export const createHqTicket = (body: CreateHqTicketBody) => unwrap(api.POST('/api/v1/hq/tickets', { body }));
export const getHqTicket = (id: string) => unwrap(api.GET('/api/v1/hq/tickets/{id}', { params: { path: { id } } }));
export const closeHqTicket = (id: string) => unwrap(api.PATCH('/api/v1/hq/tickets/{id}/close', { params: { path: { id } } }));

// ---- calls: the stores' tickets

export const listStoreTickets = (f: StoreTicketFilters) =>
  unwrap(api.GET('/api/v1/hq/store-tickets', { params: { query: { ...filterQuery(f), storeId: f.storeId ?? undefined } } }));
export const getStoreTicket = (id: string) => unwrap(api.GET('/api/v1/hq/store-tickets/{id}', { params: { path: { id } } }));
export const changeStoreTicketStatus = (id: string, status: TicketStatus) =>
  unwrap(api.PATCH('/api/v1/hq/store-tickets/{id}/status', { params: { path: { id } }, body: { status } }));
export const readSupportSignal = () => unwrap(api.GET('/api/v1/hq/store-support/unread-signal'));
export const searchStores = (q: string) =>
  unwrap(api.GET('/api/v1/hq/stores', { params: { query: { q: q.trim() || undefined, page: 0, size: 50 } } }));

// ---- calls: both channels

export const addComment = (channel: Channel, id: string, body: string) =>
  channel === 'hq'
    ? unwrap(api.POST('/api/v1/hq/tickets/{id}/comments', { params: { path: { id } }, body: { body } }))
    : unwrap(api.POST('/api/v1/hq/store-tickets/{id}/comments', { params: { path: { id } }, body: { body } }));

/** One file as multipart part `file`, with upload progress (large ones through an upload ticket). */
export const uploadAttachment = (channel: Channel, id: string, file: File, onProgress?: (p: UploadProgress) => void) =>
  uploadFile<TicketAttachment>({
    method: 'POST',
    directPath: `${BASE[channel]}/${encodeURIComponent(id)}/attachments`,
    query: {},
    purpose: ATTACHMENT_PURPOSE[channel],
    targetId: id,
    file,
    onProgress,
  });

/**
 * Downloads an attachment: its fresh presigned link read through the API (the one in the detail
 * may have expired), then the file fetched with the session's token and saved under its name.
 */
export const downloadAttachment = async (channel: Channel, id: string, attachment: TicketAttachment) => {
  const path = { path: { id, attId: attachment.attId } };
  const fresh =
    channel === 'hq'
      ? await unwrap(api.GET('/api/v1/hq/tickets/{id}/attachments/{attId}', { params: path }))
      : await unwrap(api.GET('/api/v1/hq/store-tickets/{id}/attachments/{attId}', { params: path }));
  const url = new URL(fresh.downloadUrl, window.location.origin);
  // The token goes only to this origin (the gateway's /media); any other host gets a plain link.
  if (url.origin !== window.location.origin) {
    window.open(url.toString(), '_blank', 'noopener');
    return { name: fresh.fileName, bytes: fresh.sizeBytes };
  }
  return downloadFile(url.pathname + url.search, fresh.fileName);
};

// ---- hooks

export const useHqTickets = (f: TicketFilters) =>
  useQuery({ queryKey: supportKeys.list('hq', f), queryFn: () => listHqTickets(f), placeholderData: keepPreviousData });
export const useStoreTickets = (f: StoreTicketFilters) =>
  useQuery({ queryKey: supportKeys.list('store', f), queryFn: () => listStoreTickets(f), placeholderData: keepPreviousData });
export const useHqTicket = (id: string) => useQuery({ queryKey: supportKeys.detail('hq', id), queryFn: () => getHqTicket(id), staleTime: 0 });
export const useStoreTicket = (id: string) => useQuery({ queryKey: supportKeys.detail('store', id), queryFn: () => getStoreTicket(id), staleTime: 0 });

export const useSupportSignal = () =>
  useQuery({ queryKey: supportKeys.signal(), queryFn: readSupportSignal, refetchInterval: SIGNAL_POLL_MS, refetchIntervalInBackground: true, staleTime: 30_000 });

export const useStoreSearch = (q: string) =>
  useQuery({ queryKey: supportKeys.stores(q), queryFn: () => searchStores(q), placeholderData: keepPreviousData, staleTime: 60_000 });

/** After any change to a ticket: its detail, its channel's lists and the open-work signal. */
const useRefreshTicket = (channel: Channel, id: string) => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: supportKeys.detail(channel, id) }),
      queryClient.invalidateQueries({ queryKey: supportKeys.lists(channel) }),
      queryClient.invalidateQueries({ queryKey: supportKeys.signal() }),
    ]);
};

export const useCreateHqTicket = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createHqTicket,
    onSuccess: (ticket) => queryClient.setQueryData(supportKeys.detail('hq', ticket.id), ticket),
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.lists('hq') }),
  });
};

export const useAddComment = (channel: Channel, id: string) => {
  const refresh = useRefreshTicket(channel, id);
  return useMutation({ mutationFn: (body: string) => addComment(channel, id, body), onSettled: refresh });
};

export const useUploadAttachment = (channel: Channel, id: string) => {
  const refresh = useRefreshTicket(channel, id);
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (p: UploadProgress) => void }) => uploadAttachment(channel, id, file, onProgress),
    onSettled: refresh,
  });
};

export const useDownloadAttachment = (channel: Channel, id: string) =>
  useMutation({ mutationFn: (attachment: TicketAttachment) => downloadAttachment(channel, id, attachment) });

export const useChangeStoreTicketStatus = (id: string) => {
  const queryClient = useQueryClient();
  const refresh = useRefreshTicket('store', id);
  return useMutation({
    mutationFn: (status: TicketStatus) => changeStoreTicketStatus(id, status),
    onSuccess: (ticket) => queryClient.setQueryData(supportKeys.detail('store', id), ticket),
    onSettled: refresh,
  });
};

export const useCloseHqTicket = (id: string) => {
  const queryClient = useQueryClient();
  const refresh = useRefreshTicket('hq', id);
  return useMutation({
    mutationFn: () => closeHqTicket(id),
    onSuccess: (ticket) => queryClient.setQueryData(supportKeys.detail('hq', ticket.id), ticket),
    onSettled: refresh,
  });
};
