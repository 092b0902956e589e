import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';
import { TICKETS_PAGE_SIZE, type TicketCategory, type TicketStatus } from '../../tickets/ticket-limits';

export { BODY_MAX, Q_MAX, TICKET_CATEGORIES, TICKET_STATUSES, TICKETS_PAGE_SIZE, TITLE_MAX } from '../../tickets/ticket-limits';
export type { TicketAttachment, TicketCategory, TicketStatus } from '../../tickets/ticket-limits';

type Schemas = components['schemas'];
export type TicketListItem = Schemas['StoreTicketListItem'];
export type TicketListPage = Schemas['StoreTicketListResponse'];
export type TicketDetail = Schemas['StoreTicketDetailResponse'];
export type TicketComment = Schemas['StoreTicketCommentItem'];
export type CreateTicketBody = Schemas['CreateStoreTicketRequest'];

/** spec 03 § Support tickets: the unread signal is polled every 60 s. */
export const SIGNAL_POLL_MS = 60_000;

export interface TicketFilters {
  q: string;
  status: TicketStatus | null;
  category: TicketCategory | null;
  page: number;
}

export const ticketKeys = {
  all: ['store-tickets'] as const,
  lists: () => ['store-tickets', 'list'] as const,
  list: (f: TicketFilters) => ['store-tickets', 'list', f] as const,
  detail: (id: string) => ['store-tickets', 'detail', id] as const,
  signal: () => ['store-tickets', 'unread-signal'] as const,
};

// ---- calls

export const listTickets = (f: TicketFilters) =>
  unwrap(
    api.GET('/api/v1/store/tickets', {
      params: { query: { q: f.q.trim() || undefined, status: f.status ?? undefined, category: f.category ?? undefined, page: f.page, size: TICKETS_PAGE_SIZE } },
    }),
  );
export const createTicket = (body: CreateTicketBody) => unwrap(api.POST('/api/v1/store/tickets', { body }));
export const getTicket = (id: string) => unwrap(api.GET('/api/v1/store/tickets/{id}', { params: { path: { id } } }));
export const addComment = (id: string, body: string) =>
  unwrap(api.POST('/api/v1/store/tickets/{id}/comments', { params: { path: { id } }, body: { body } }));
export const closeTicket = (id: string) => unwrap(api.PATCH('/api/v1/store/tickets/{id}/close', { params: { path: { id } } }));
export const readUnreadSignal = () => unwrap(api.GET('/api/v1/store/support/unread-signal'));

/** A file as multipart part `file` (openapi-fetch sends FormData as it is; the session's bearer goes with it). */
export const uploadAttachment = (id: string, file: File) =>
  unwrap(
    api.POST('/api/v1/store/tickets/{id}/attachments', {
      params: { path: { id } },
      // The generated type of a binary part is string; the serializer puts the File in the form.
      body: { file: '' },
      bodySerializer: () => {
        const form = new FormData();
        form.append('file', file, file.name);
        return form;
      },
    }),
  );

// ---- hooks

export const useTickets = (f: TicketFilters) => useQuery({ queryKey: ticketKeys.list(f), queryFn: () => listTickets(f), placeholderData: keepPreviousData });

export const useTicket = (id: string) => useQuery({ queryKey: ticketKeys.detail(id), queryFn: () => getTicket(id), staleTime: 0 });

export const useUnreadSignal = () =>
  useQuery({ queryKey: ticketKeys.signal(), queryFn: readUnreadSignal, refetchInterval: SIGNAL_POLL_MS, refetchIntervalInBackground: true, staleTime: 30_000 });

export const useCreateTicket = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: (ticket) => queryClient.setQueryData(ticketKeys.detail(ticket.id), ticket),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketKeys.lists() }),
  });
};

const useTicketMutation = <V, R>(id: string, fn: (vars: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ticketKeys.detail(id) }), queryClient.invalidateQueries({ queryKey: ticketKeys.lists() })]),
  });
};

export const useAddComment = (id: string) => useTicketMutation(id, (body: string) => addComment(id, body));
export const useUploadAttachment = (id: string) => useTicketMutation(id, ({ file }: { file: File }) => uploadAttachment(id, file));
export const useCloseTicket = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => closeTicket(id),
    onSuccess: (ticket) => queryClient.setQueryData(ticketKeys.detail(id), ticket),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketKeys.lists() }),
  });
};
