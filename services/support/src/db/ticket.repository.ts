import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, max, ne, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '@storecast/service-kit';
import type { AttachmentVisibility } from '../domain/visibility';
import type { CommentKind, TicketCategory, TicketPriority, TicketStatus } from '../domain/ticket';
import { ticketAttachments, ticketComments, tickets, type AttachmentRow, type CommentRow, type TicketRow } from './schema';

/**
 * Whose tickets a query may touch. Every query of this file takes one, so no ticket is read or
 * written outside its tenant: an HQ's own tickets have no store; an HQ handling store tickets
 * sees its stores' tickets only; a store sees its own.
 */
export type TicketScope =
  | { channel: 'operator' }
  | { channel: 'hq'; hqId: string }
  | { channel: 'hq-store'; hqId: string }
  | { channel: 'store'; storeId: string };

const scopeWhere = (scope: TicketScope): SQL | undefined => {
  switch (scope.channel) {
    case 'operator':
      return undefined;
    case 'hq':
      return and(eq(tickets.hqId, scope.hqId), isNull(tickets.storeId));
    case 'hq-store':
      return and(eq(tickets.hqId, scope.hqId), isNotNull(tickets.storeId));
    case 'store':
      return eq(tickets.storeId, scope.storeId);
  }
};

/** `q` as a case-insensitive partial match: LIKE wildcards in it are literal. */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface TicketFilters {
  q?: string;
  status?: TicketStatus;
  priority?: TicketPriority;
  category?: TicketCategory;
  assigneeOperatorId?: string;
  hqId?: string;
  storeId?: string;
}

export const insertTicket = async (tx: DbExecutor, values: typeof tickets.$inferInsert): Promise<TicketRow> => {
  const [row] = await tx.insert(tickets).values(values).returning();
  return row!;
};

/** The ticket when the scope may see it; `lock` takes a row lock for the rest of the transaction. */
export const findTicket = async (db: DbExecutor, scope: TicketScope, id: string, lock = false): Promise<TicketRow | undefined> => {
  const q = db.select().from(tickets).where(and(eq(tickets.id, id), scopeWhere(scope)));
  const rows = lock ? await q.for('update') : await q;
  return rows[0];
};

/** A page of the scope's tickets, updatedAt desc (id desc breaks ties), and the total after filters. */
export const listTickets = async (
  db: DbExecutor,
  scope: TicketScope,
  filters: TicketFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: TicketRow[]; total: number }> => {
  const where = and(
    scopeWhere(scope),
    filters.q ? ilike(tickets.title, containsPattern(filters.q)) : undefined,
    filters.status ? eq(tickets.status, filters.status) : undefined,
    filters.priority ? eq(tickets.priority, filters.priority) : undefined,
    filters.category ? eq(tickets.category, filters.category) : undefined,
    filters.assigneeOperatorId ? eq(tickets.assigneeOperatorId, filters.assigneeOperatorId) : undefined,
    filters.hqId ? eq(tickets.hqId, filters.hqId) : undefined,
    filters.storeId ? eq(tickets.storeId, filters.storeId) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db.select().from(tickets).where(where).orderBy(desc(tickets.updatedAt), desc(tickets.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(tickets).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
};

export const updateTicket = async (tx: DbExecutor, id: string, values: Partial<typeof tickets.$inferInsert>): Promise<TicketRow> => {
  const [row] = await tx.update(tickets).set(values).where(eq(tickets.id, id)).returning();
  return row!;
};

/**
 * Adds a comment and keeps the ticket's counters in step (same transaction). A REPLY moves the
 * ticket's updatedAt; an INTERNAL note does not, so HQs and stores cannot see from updatedAt (or
 * the order of their lists) that operators wrote something they may not read.
 */
export const insertComment = async (tx: DbExecutor, values: typeof ticketComments.$inferInsert): Promise<CommentRow> => {
  const [row] = await tx.insert(ticketComments).values(values).returning();
  await tx
    .update(tickets)
    .set({
      commentCount: sql`${tickets.commentCount} + 1`,
      replyCount: values.kind === 'REPLY' ? sql`${tickets.replyCount} + 1` : tickets.replyCount,
      updatedAt: values.kind === 'REPLY' ? values.createdAt : tickets.updatedAt,
    })
    .where(eq(tickets.id, values.ticketId));
  return row!;
};

/** Comments of a ticket of the given kinds, oldest first. */
export const listComments = (db: DbExecutor, ticketId: string, kinds: readonly CommentKind[]): Promise<CommentRow[]> =>
  db
    .select()
    .from(ticketComments)
    .where(and(eq(ticketComments.ticketId, ticketId), inArray(ticketComments.kind, [...kinds])))
    .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id));

export const findComment = async (db: DbExecutor, ticketId: string, commentId: string): Promise<CommentRow | undefined> => {
  const rows = await db.select().from(ticketComments).where(and(eq(ticketComments.ticketId, ticketId), eq(ticketComments.id, commentId)));
  return rows[0];
};

/** Adds an attachment and counts it; like comments, only a SHARED file moves updatedAt. */
export const insertAttachment = async (tx: DbExecutor, values: typeof ticketAttachments.$inferInsert): Promise<AttachmentRow> => {
  const [row] = await tx.insert(ticketAttachments).values(values).returning();
  await tx
    .update(tickets)
    .set({ attachmentCount: sql`${tickets.attachmentCount} + 1`, updatedAt: values.visibility === 'SHARED' ? values.createdAt : tickets.updatedAt })
    .where(eq(tickets.id, values.ticketId));
  return row!;
};

/** Attachments of a ticket with the given visibilities, oldest first. */
export const listAttachments = (db: DbExecutor, ticketId: string, visibilities: readonly AttachmentVisibility[]): Promise<AttachmentRow[]> =>
  db
    .select()
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.ticketId, ticketId), inArray(ticketAttachments.visibility, [...visibilities])))
    .orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.id));

export const findAttachment = async (
  db: DbExecutor,
  ticketId: string,
  attachmentId: string,
  visibilities: readonly AttachmentVisibility[],
): Promise<AttachmentRow | undefined> => {
  const rows = await db
    .select()
    .from(ticketAttachments)
    .where(
      and(
        eq(ticketAttachments.ticketId, ticketId),
        eq(ticketAttachments.id, attachmentId),
        inArray(ticketAttachments.visibility, [...visibilities]),
      ),
    );
  return rows[0];
};

/** Tickets per status over the whole platform (operator dashboard). */
export const countTicketsByStatus = async (db: DbExecutor): Promise<Partial<Record<TicketStatus, number>>> => {
  const rows = await db.select({ status: tickets.status, n: count() }).from(tickets).groupBy(tickets.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
};

/** Newest reply to a store's tickets by anyone but the store (operators, its HQ). */
export const latestHandlerReplyToStore = async (db: DbExecutor, storeId: string): Promise<Date | null> => {
  const [row] = await db
    .select({ at: max(ticketComments.createdAt) })
    .from(ticketComments)
    .innerJoin(tickets, eq(tickets.id, ticketComments.ticketId))
    .where(and(eq(tickets.storeId, storeId), eq(ticketComments.kind, 'REPLY'), ne(ticketComments.authorRole, 'STORE_MANAGER')));
  return row?.at ?? null;
};

/** What an HQ handling its stores' tickets is signalled about: open work, and the stores' newest activity. */
export const storeSupportSignalOfHq = async (db: DbExecutor, hqId: string): Promise<{ openOrInProgress: number; latestStoreActivityAt: Date | null }> => {
  const ofHqStores = and(eq(tickets.hqId, hqId), isNotNull(tickets.storeId));
  const [open] = await db
    .select({ n: count() })
    .from(tickets)
    .where(and(ofHqStores, inArray(tickets.status, ['OPEN', 'IN_PROGRESS'])));
  const [created] = await db
    .select({ at: max(tickets.createdAt) })
    .from(tickets)
    .where(and(ofHqStores, eq(tickets.createdByRole, 'STORE_MANAGER')));
  const [commented] = await db
    .select({ at: max(ticketComments.createdAt) })
    .from(ticketComments)
    .innerJoin(tickets, eq(tickets.id, ticketComments.ticketId))
    .where(and(ofHqStores, eq(ticketComments.authorRole, 'STORE_MANAGER')));
  const times = [created?.at, commented?.at].filter((d): d is Date => d instanceof Date);
  return {
    openOrInProgress: open?.n ?? 0,
    latestStoreActivityAt: times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : null,
  };
};
