import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '@storecast/service-kit';

const ts = (name: string) => timestamptz(name, { precision: 3 });

/**
 * A CS ticket. Its tenant is hq_id / store_id (both null for an operator's own ticket; a store
 * ticket always carries its store's HQ). Counters are kept in the ticket's transactions so lists
 * never count rows: comment_count counts every comment (operators), reply_count only REPLY
 * comments (what HQs and stores may know about).
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey(),
    hqId: uuid('hq_id'),
    storeId: uuid('store_id'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    status: text('status').notNull(),
    priority: text('priority').notNull(),
    category: text('category'),
    assigneeOperatorId: uuid('assignee_operator_id'),
    createdByAccountId: uuid('created_by_account_id').notNull(),
    createdByRole: text('created_by_role').notNull(),
    commentCount: integer('comment_count').notNull().default(0),
    replyCount: integer('reply_count').notNull().default(0),
    attachmentCount: integer('attachment_count').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('tickets_updated_idx').on(t.updatedAt, t.id),
    index('tickets_hq_idx').on(t.hqId, t.updatedAt),
    index('tickets_store_idx').on(t.storeId, t.updatedAt),
    check('tickets_store_has_hq', sql`${t.storeId} is null or ${t.hqId} is not null`),
    check('tickets_status', sql`${t.status} in ('OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED')`),
    check('tickets_priority', sql`${t.priority} in ('URGENT', 'HIGH', 'NORMAL', 'LOW')`),
  ],
);

/** A comment: REPLY (seen by the requester) or INTERNAL (operators only). */
export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: uuid('id').primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id),
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    authorAccountId: uuid('author_account_id').notNull(),
    authorRole: text('author_role').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('ticket_comments_ticket_idx').on(t.ticketId, t.createdAt, t.id),
    check('ticket_comments_kind', sql`${t.kind} in ('REPLY', 'INTERNAL')`),
  ],
);

/** A file of a ticket (optionally of one of its comments), kept in object storage under storage_key. */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: uuid('id').primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id),
    commentId: uuid('comment_id').references(() => ticketComments.id),
    visibility: text('visibility').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedByAccountId: uuid('uploaded_by_account_id').notNull(),
    uploadedByRole: text('uploaded_by_role').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('ticket_attachments_ticket_idx').on(t.ticketId, t.createdAt, t.id),
    check('ticket_attachments_visibility', sql`${t.visibility} in ('SHARED', 'INTERNAL')`),
  ],
);

export const schema = { tickets, ticketComments, ticketAttachments };
export type SupportSchema = typeof schema;
export type TicketRow = typeof tickets.$inferSelect;
export type CommentRow = typeof ticketComments.$inferSelect;
export type AttachmentRow = typeof ticketAttachments.$inferSelect;
