import { z } from 'zod';
import { pagingSchema, uuidSchema } from '@storecast/service-kit';
import { ATTACHMENT_TYPES } from '../domain/attachment';
import { AUTHOR_ROLES, COMMENT_KINDS, TICKET_CATEGORIES, TICKET_PRIORITIES, TICKET_STATUSES } from '../domain/ticket';

// Requests and responses of every ticket channel (spec 02 § Tickets, spec 03 § Support tickets).
// Response types are derived from these schemas; the apiClient of the tests checks every answer.

const NO_NUL = (s: string) => !s.includes('\u0000');
/** Text as PostgreSQL can store it (no NUL), trimmed, not blank, at most `max` characters. */
const text = (max: number) => z.string().trim().min(1).max(max).refine(NO_NUL, 'must not contain NUL characters');
const iso = z.iso.datetime({ offset: false }).openapi({ description: 'ISO 8601, UTC, milliseconds' });
const isoOrNull = iso.nullable();

export const TicketStatus = z.enum(TICKET_STATUSES).openapi('TicketStatus');
export const TicketPriority = z.enum(TICKET_PRIORITIES).openapi('TicketPriority');
export const TicketCategory = z.enum(TICKET_CATEGORIES).openapi('TicketCategory');
export const CommentKind = z.enum(COMMENT_KINDS).openapi('CommentKind');

export const TITLE_MAX = 200;
export const BODY_MAX = 5000;
export const Q_MAX = 100;

// ---- requests

export const CreateStoreTicketRequest = z
  .object({ title: text(TITLE_MAX), body: text(BODY_MAX), category: TicketCategory })
  .openapi('CreateStoreTicketRequest');

export const CreateHqTicketRequest = z
  .object({ title: text(TITLE_MAX), body: text(BODY_MAX), category: TicketCategory })
  .openapi('CreateHqTicketRequest', { description: 'Status OPEN and priority NORMAL are set by the server; the HQ is the caller\'s.' });

export const CreateAdminTicketRequest = z
  .object({
    title: text(TITLE_MAX),
    body: text(BODY_MAX),
    priority: TicketPriority,
    category: TicketCategory.nullish().openapi({ description: 'Omitted or null: unclassified' }),
    hqId: uuidSchema().optional(),
    storeId: uuidSchema().optional().openapi({ description: 'A store ticket; its HQ comes from organization (hqId, when given, must be that HQ)' }),
  })
  .openapi('CreateAdminTicketRequest');

export const AddStoreTicketCommentRequest = z.object({ body: text(BODY_MAX) }).openapi('AddStoreTicketCommentRequest');
export const AddHqTicketCommentRequest = z.object({ body: text(BODY_MAX) }).openapi('AddHqTicketCommentRequest');
export const AddAdminTicketCommentRequest = z.object({ kind: CommentKind, body: text(BODY_MAX) }).openapi('AddAdminTicketCommentRequest');

export const ChangeTicketStatusRequest = z.object({ status: TicketStatus }).openapi('ChangeTicketStatusRequest');
export const ChangeTicketPriorityRequest = z.object({ priority: TicketPriority }).openapi('ChangeTicketPriorityRequest');
export const ChangeTicketCategoryRequest = z
  .object({ category: TicketCategory.nullable().openapi({ description: 'null: unclassified' }) })
  .openapi('ChangeTicketCategoryRequest');
export const AssignTicketRequest = z
  .object({ assigneeOperatorId: uuidSchema().optional().openapi({ description: 'An ACTIVE operator account; absent clears the assignee' }) })
  .openapi('AssignTicketRequest');

/**
 * Invalid filter values are ignored (spec 02: "Invalid filter values are ignored"), q is checked.
 * A preprocess that drops what the schema refuses, not `.catch()`: zod-to-openapi cannot describe
 * a catch, and the service's whole OpenAPI document failed with it.
 */
const lenient = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (schema.safeParse(value).success ? value : undefined), schema.optional());
const q = z.string().max(Q_MAX).refine(NO_NUL, 'must not contain NUL characters').optional().openapi({ description: 'Title, case-insensitive partial, at most 100' });

export const ListStoreTicketsQuery = pagingSchema().extend({ q, status: lenient(TicketStatus), category: lenient(TicketCategory) });
export const ListHqTicketsQuery = pagingSchema().extend({ q, status: lenient(TicketStatus), category: lenient(TicketCategory) });
export const ListHqStoreTicketsQuery = pagingSchema().extend({
  q,
  status: lenient(TicketStatus),
  category: lenient(TicketCategory),
  storeId: lenient(uuidSchema()),
});
export const ListAdminTicketsQuery = pagingSchema().extend({
  q,
  status: lenient(TicketStatus),
  priority: lenient(TicketPriority),
  category: lenient(TicketCategory),
  assigneeOperatorId: lenient(uuidSchema()),
  hqId: lenient(uuidSchema()),
  storeId: lenient(uuidSchema()),
});

export const AttachmentUploadForm = z
  .object({
    file: z.string().openapi({ type: 'string', format: 'binary', description: 'PNG, JPEG, GIF, WebP or PDF (by signature), 1 byte to 10 MB' }),
    commentId: uuidSchema().optional().openapi({ description: 'A comment of the ticket the file belongs to' }),
  })
  .openapi('TicketAttachmentUpload');

// ---- responses

const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), page: z.number().int(), size: z.number().int(), total: z.number().int() });

const attachmentFields = {
  attId: uuidSchema(),
  commentId: uuidSchema().nullable(),
  fileName: z.string(),
  contentType: z.enum(ATTACHMENT_TYPES),
  sizeBytes: z.number().int(),
  createdAt: iso,
  downloadUrl: z.string().openapi({ description: 'Presigned GET URL of object storage, valid for a limited time' }),
};
export const TicketAttachmentItem = z.object(attachmentFields).strict().openapi('TicketAttachmentItem');
export const AdminTicketAttachmentItem = z
  .object({ ...attachmentFields, visibility: z.enum(['SHARED', 'INTERNAL']) })
  .strict()
  .openapi('AdminTicketAttachmentItem');

export const StoreTicketCommentItem = z
  .object({
    id: uuidSchema(),
    body: z.string(),
    authorRole: z.enum(AUTHOR_ROLES).openapi({ description: 'STORE_MANAGER or OPERATOR; HQ_MANAGER for a reply of the HQ handling the ticket' }),
    createdAt: iso,
  })
  .strict()
  .openapi('StoreTicketCommentItem');
export const HqTicketCommentItem = StoreTicketCommentItem.openapi('HqTicketCommentItem');
export const AdminTicketCommentItem = z
  .object({ id: uuidSchema(), kind: CommentKind, body: z.string(), authorRole: z.enum(AUTHOR_ROLES), authorAccountId: uuidSchema(), createdAt: iso })
  .strict()
  .openapi('AdminTicketCommentItem');

const common = {
  id: uuidSchema(),
  title: z.string(),
  status: TicketStatus,
  category: TicketCategory.nullable(),
  commentCount: z.number().int().openapi({ description: 'Comments visible in this channel' }),
  createdAt: iso,
  updatedAt: iso,
};

export const StoreTicketListItem = z.object(common).strict().openapi('StoreTicketListItem');
export const StoreTicketListResponse = page(StoreTicketListItem).openapi('StoreTicketListResponse');
export const StoreTicketDetailResponse = z
  .object({
    ...common,
    body: z.string(),
    comments: z.array(StoreTicketCommentItem).openapi({ description: 'REPLY comments only, oldest first' }),
    attachments: z.array(TicketAttachmentItem),
  })
  .strict()
  .openapi('StoreTicketDetailResponse');

export const HqTicketListItem = z.object({ ...common, priority: TicketPriority }).strict().openapi('HqTicketListItem');
export const HqTicketListResponse = page(HqTicketListItem).openapi('HqTicketListResponse');
export const HqTicketDetailResponse = z
  .object({ ...common, priority: TicketPriority, body: z.string(), comments: z.array(HqTicketCommentItem), attachments: z.array(TicketAttachmentItem) })
  .strict()
  .openapi('HqTicketDetailResponse');

const storeSource = { storeId: uuidSchema(), storeName: z.string().nullable() };
export const HqStoreTicketListItem = z.object({ ...common, priority: TicketPriority, ...storeSource }).strict().openapi('HqStoreTicketListItem');
export const HqStoreTicketListResponse = page(HqStoreTicketListItem).openapi('HqStoreTicketListResponse');
export const HqStoreTicketDetailResponse = z
  .object({
    ...common,
    priority: TicketPriority,
    ...storeSource,
    body: z.string(),
    comments: z.array(HqTicketCommentItem).openapi({ description: 'REPLY comments only (never INTERNAL), oldest first' }),
    attachments: z.array(TicketAttachmentItem),
  })
  .strict()
  .openapi('HqStoreTicketDetailResponse');

const adminFields = {
  ...common,
  priority: TicketPriority,
  hqId: uuidSchema().nullable(),
  hqName: z.string().nullable(),
  storeId: uuidSchema().nullable(),
  storeName: z.string().nullable(),
  sourceName: z.string().nullable().openapi({ description: 'The store name for a store ticket, else the HQ name' }),
  assigneeOperatorId: uuidSchema().nullable(),
  assigneeName: z.string().nullable().openapi({ description: 'The operator\'s name, else email' }),
};
export const AdminTicketListItem = z.object(adminFields).strict().openapi('AdminTicketListItem');
export const AdminTicketListResponse = page(AdminTicketListItem).openapi('AdminTicketListResponse');
export const AdminTicketDetailResponse = z
  .object({
    ...adminFields,
    body: z.string(),
    createdByRole: z.enum(AUTHOR_ROLES),
    comments: z.array(AdminTicketCommentItem).openapi({ description: 'REPLY and INTERNAL, oldest first' }),
    attachments: z.array(AdminTicketAttachmentItem),
  })
  .strict()
  .openapi('AdminTicketDetailResponse');

export const StoreSupportUnreadSignalResponse = z.object({ latestOperatorReplyAt: isoOrNull }).strict().openapi('StoreSupportUnreadSignalResponse');
export const HqStoreSupportUnreadSignalResponse = z
  .object({ openOrInProgressCount: z.number().int(), latestStoreActivityAt: isoOrNull })
  .strict()
  .openapi('HqStoreSupportUnreadSignalResponse');

export const AdminStatsResponse = z
  .object({
    hqCount: z.number().int().openapi({ description: 'HQs (not deleted, the virtual INDEPENDENT HQ excluded), from organization' }),
    storeCount: z.number().int().openapi({ description: 'Stores (not deleted, not closed), from organization' }),
    tickets: z.object({ open: z.number().int(), inProgress: z.number().int(), resolved: z.number().int(), closed: z.number().int() }),
  })
  .strict()
  .openapi('AdminStatsResponse');
