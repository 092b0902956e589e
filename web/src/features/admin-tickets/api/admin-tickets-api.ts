import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type components } from '../../../lib/api/client';
import { downloadFile } from '../../../lib/files/save-file';
import { uploadFile, type UploadProgress } from '../../../lib/files/upload-with-progress';
import type { TicketAttachment, TicketCategory, TicketStatus } from '../../tickets/ticket-limits';
import { listQueryOf, type AdminTicketFilters, type TicketPriority } from '../ticket-list-params';

type Schemas = components['schemas'];
export type AdminTicketItem = Schemas['AdminTicketListItem'];
export type AdminTicketDetail = Schemas['AdminTicketDetailResponse'];
export type AdminTicketComment = Schemas['AdminTicketCommentItem'];
export type AdminTicketAttachment = Schemas['AdminTicketAttachmentItem'];
export type CommentKind = Schemas['CommentKind'];
export type OperatorItem = Schemas['OperatorListItem'];

export const adminTicketKeys = {
  all: ['admin-tickets'] as const,
  lists: () => ['admin-tickets', 'list'] as const,
  list: (f: AdminTicketFilters) => ['admin-tickets', 'list', f] as const,
  detail: (id: string) => ['admin-tickets', 'detail', id] as const,
  operators: () => ['admin-tickets', 'operators'] as const,
  hqs: () => ['admin-tickets', 'hqs'] as const,
  stores: (hqId: string | null, q: string) => ['admin-tickets', 'stores', hqId, q] as const,
};

// ---- calls

export const listAdminTickets = (f: AdminTicketFilters) => unwrap(api.GET('/api/v1/admin/tickets', { params: { query: listQueryOf(f) } }));
export const getAdminTicket = (id: string) => unwrap(api.GET('/api/v1/admin/tickets/{id}', { params: { path: { id } } }));
const path = (id: string) => ({ params: { path: { id } } });
export const changeStatus = (id: string, status: TicketStatus) => unwrap(api.PATCH('/api/v1/admin/tickets/{id}/status', { ...path(id), body: { status } }));
export const changePriority = (id: string, priority: TicketPriority) =>
  unwrap(api.PATCH('/api/v1/admin/tickets/{id}/priority', { ...path(id), body: { priority } }));
export const changeCategory = (id: string, category: TicketCategory | null) =>
  unwrap(api.PATCH('/api/v1/admin/tickets/{id}/category', { ...path(id), body: { category } }));
/** No assigneeOperatorId in the body clears the assignee (spec 02 § Tickets). */
export const assignTicket = (id: string, assigneeOperatorId: string | null) =>
  unwrap(api.PATCH('/api/v1/admin/tickets/{id}/assignee', { ...path(id), body: assigneeOperatorId ? { assigneeOperatorId } : {} }));
export const addComment = (id: string, body: { kind: CommentKind; body: string }) =>
  unwrap(api.POST('/api/v1/admin/tickets/{id}/comments', { ...path(id), body }));

/** The active operators who can be assigned (one page of 100: the platform staff is small). */
export const listOperators = () => unwrap(api.GET('/api/v1/admin/operators', { params: { query: { status: 'ACTIVE', page: 0, size: 100 } } }));
export const listHqs = () => unwrap(api.GET('/api/v1/admin/hq'));
export const searchStores = (hqId: string | null, q: string) =>
  unwrap(api.GET('/api/v1/admin/stores/admin-list', { params: { query: { hqId: hqId ?? undefined, q: q.trim() || undefined, page: 0, size: 50 } } }));

/** One file as multipart part `file`, with progress (large ones through an upload ticket of purpose TICKET_ATTACHMENT_ADMIN). */
export const uploadAttachment = (id: string, file: File, onProgress?: (p: UploadProgress) => void) =>
  uploadFile<AdminTicketAttachment>({
    method: 'POST',
    directPath: `/api/v1/admin/tickets/${encodeURIComponent(id)}/attachments`,
    query: {},
    purpose: 'TICKET_ATTACHMENT_ADMIN',
    targetId: id,
    file,
    onProgress,
  });

/**
 * Downloads an attachment: a fresh presigned link read through the API (the detail's may have
 * expired), then the file fetched with the session when it is on this origin (the gateway's /media).
 */
export const downloadAttachment = async (id: string, attachment: TicketAttachment) => {
  const fresh = await unwrap(api.GET('/api/v1/admin/tickets/{id}/attachments/{attId}', { params: { path: { id, attId: attachment.attId } } }));
  const url = new URL(fresh.downloadUrl, window.location.origin);
  if (url.origin !== window.location.origin) {
    window.open(url.toString(), '_blank', 'noopener');
    return { name: fresh.fileName, bytes: fresh.sizeBytes };
  }
  return downloadFile(url.pathname + url.search, fresh.fileName);
};

// ---- hooks

export const useAdminTickets = (f: AdminTicketFilters) =>
  useQuery({ queryKey: adminTicketKeys.list(f), queryFn: () => listAdminTickets(f), placeholderData: keepPreviousData });
export const useAdminTicket = (id: string) => useQuery({ queryKey: adminTicketKeys.detail(id), queryFn: () => getAdminTicket(id), staleTime: 0 });
export const useOperators = () => useQuery({ queryKey: adminTicketKeys.operators(), queryFn: listOperators, staleTime: 60_000 });
export const useHqs = () => useQuery({ queryKey: adminTicketKeys.hqs(), queryFn: listHqs, staleTime: 60_000 });
export const useStoreSearch = (hqId: string | null, q: string) =>
  useQuery({ queryKey: adminTicketKeys.stores(hqId, q), queryFn: () => searchStores(hqId, q), placeholderData: keepPreviousData, staleTime: 60_000 });

/** After a change: the answered detail put in place, the lists read again. */
const useTicketChange = <V>(id: string, change: (value: V) => Promise<AdminTicketDetail>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (ticket) => queryClient.setQueryData(adminTicketKeys.detail(id), ticket),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminTicketKeys.lists() }),
  });
};

export const useChangeStatus = (id: string) => useTicketChange(id, (status: TicketStatus) => changeStatus(id, status));
export const useChangePriority = (id: string) => useTicketChange(id, (priority: TicketPriority) => changePriority(id, priority));
export const useChangeCategory = (id: string) => useTicketChange(id, (category: TicketCategory | null) => changeCategory(id, category));
export const useAssignTicket = (id: string) => useTicketChange(id, (operatorId: string | null) => assignTicket(id, operatorId));

/** Comments and files answer only themselves: the detail is read again. */
const useRefreshTicket = (id: string) => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminTicketKeys.detail(id) }),
      queryClient.invalidateQueries({ queryKey: adminTicketKeys.lists() }),
    ]);
};

export const useAddComment = (id: string) => {
  const refresh = useRefreshTicket(id);
  return useMutation({ mutationFn: (body: { kind: CommentKind; body: string }) => addComment(id, body), onSettled: refresh });
};

export const useUploadAttachment = (id: string) => {
  const refresh = useRefreshTicket(id);
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (p: UploadProgress) => void }) => uploadAttachment(id, file, onProgress),
    onSettled: refresh,
  });
};

export const useDownloadAttachment = (id: string) => useMutation({ mutationFn: (attachment: TicketAttachment) => downloadAttachment(id, attachment) });
