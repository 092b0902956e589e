import type { z } from 'zod';
import type { AttachmentView, CommentRecord as CommentRow, TicketDetail, TicketListEntry, TicketRecord as TicketRow } from '../app/ticket-views';
import type {
  AdminTicketAttachmentItem,
  AdminTicketCommentItem,
  AdminTicketDetailResponse,
  AdminTicketListItem,
  HqStoreTicketDetailResponse,
  HqStoreTicketListItem,
  HqTicketDetailResponse,
  HqTicketListItem,
  StoreTicketCommentItem,
  StoreTicketDetailResponse,
  StoreTicketListItem,
  TicketAttachmentItem,
} from './tickets.schemas';

// Ticket → the DTO of one channel. Each mapper lists its fields explicitly: nothing of a row
// reaches a channel unless written here (kind and visibility exist only in the operator DTOs).

type Dto<S extends z.ZodType> = z.input<S>;
type Status = Dto<typeof StoreTicketListItem>['status'];
type Category = Dto<typeof StoreTicketListItem>['category'];
type Priority = Dto<typeof HqTicketListItem>['priority'];
type Role = Dto<typeof StoreTicketCommentItem>['authorRole'];

const base = (t: TicketRow, commentCount: number) => ({
  id: t.id,
  title: t.title,
  status: t.status as Status,
  category: t.category as Category,
  commentCount,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
});

export const toAttachmentItem = ({ attachment: a, downloadUrl }: AttachmentView): Dto<typeof TicketAttachmentItem> => ({
  attId: a.id,
  commentId: a.commentId,
  fileName: a.fileName,
  contentType: a.contentType as Dto<typeof TicketAttachmentItem>['contentType'],
  sizeBytes: a.sizeBytes,
  createdAt: a.createdAt.toISOString(),
  downloadUrl,
});

export const toAdminAttachmentItem = (view: AttachmentView): Dto<typeof AdminTicketAttachmentItem> => ({
  ...toAttachmentItem(view),
  visibility: view.attachment.visibility as 'SHARED' | 'INTERNAL',
});

export const toCommentItem = (c: CommentRow): Dto<typeof StoreTicketCommentItem> => ({
  id: c.id,
  body: c.body,
  authorRole: c.authorRole as Role,
  createdAt: c.createdAt.toISOString(),
});

export const toAdminCommentItem = (c: CommentRow): Dto<typeof AdminTicketCommentItem> => ({
  id: c.id,
  kind: c.kind as 'REPLY' | 'INTERNAL',
  body: c.body,
  authorRole: c.authorRole as Role,
  authorAccountId: c.authorAccountId,
  createdAt: c.createdAt.toISOString(),
});

// ---- store channel (replies only)

export const toStoreListItem = ({ ticket }: TicketListEntry): Dto<typeof StoreTicketListItem> => base(ticket, ticket.replyCount);

export const toStoreDetail = (d: TicketDetail): Dto<typeof StoreTicketDetailResponse> => ({
  ...base(d.ticket, d.ticket.replyCount),
  body: d.ticket.body,
  comments: d.comments.map(toCommentItem),
  attachments: d.attachments.map(toAttachmentItem),
});

// ---- HQ channel (its own tickets) and HQ handling of store tickets (replies only)

export const toHqListItem = ({ ticket }: TicketListEntry): Dto<typeof HqTicketListItem> => ({
  ...base(ticket, ticket.replyCount),
  priority: ticket.priority as Priority,
});

export const toHqDetail = (d: TicketDetail): Dto<typeof HqTicketDetailResponse> => ({
  ...toHqListItem(d),
  body: d.ticket.body,
  comments: d.comments.map(toCommentItem),
  attachments: d.attachments.map(toAttachmentItem),
});

export const toHqStoreListItem = (e: TicketListEntry): Dto<typeof HqStoreTicketListItem> => ({
  ...toHqListItem(e),
  storeId: e.ticket.storeId!,
  storeName: e.storeName,
});

export const toHqStoreDetail = (d: TicketDetail): Dto<typeof HqStoreTicketDetailResponse> => ({
  ...toHqStoreListItem(d),
  body: d.ticket.body,
  comments: d.comments.map(toCommentItem),
  attachments: d.attachments.map(toAttachmentItem),
});

// ---- operators (everything)

export const toAdminListItem = (e: TicketListEntry): Dto<typeof AdminTicketListItem> => ({
  ...base(e.ticket, e.ticket.commentCount),
  priority: e.ticket.priority as Priority,
  hqId: e.ticket.hqId,
  hqName: e.hqName,
  storeId: e.ticket.storeId,
  storeName: e.storeName,
  sourceName: e.ticket.storeId ? e.storeName : e.hqName,
  assigneeOperatorId: e.ticket.assigneeOperatorId,
  assigneeName: e.assignee ? (e.assignee.name ?? e.assignee.email) : null,
});

export const toAdminDetail = (d: TicketDetail): Dto<typeof AdminTicketDetailResponse> => ({
  ...toAdminListItem(d),
  body: d.ticket.body,
  createdByRole: d.ticket.createdByRole as Role,
  comments: d.comments.map(toAdminCommentItem),
  attachments: d.attachments.map(toAdminAttachmentItem),
});
