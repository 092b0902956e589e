import type { ObjectStorage } from '@storecast/service-kit';
import type { AttachmentRow, CommentRow, TicketRow } from '../db/schema';
import { listAttachments, listComments } from '../db/ticket.repository';
import { COMMENT_KINDS, type CommentKind } from '../domain/ticket';
import { attachmentVisibleIn, commentVisibleIn, type AttachmentVisibility, type Channel } from '../domain/visibility';
import type { OperatorRef, SupportContext } from './ports';

/** Stored records as the HTTP layer maps them (it never imports db/ itself). */
export type TicketRecord = TicketRow;
export type CommentRecord = CommentRow;

/** An attachment with a fresh presigned download URL. */
export interface AttachmentView {
  attachment: AttachmentRow;
  downloadUrl: string;
}

/** Names around a ticket, resolved through the peers for the channels that show them. */
export interface TicketNames {
  hqName: string | null;
  storeName: string | null;
  assignee: OperatorRef | null;
}

export interface TicketListEntry extends TicketNames {
  ticket: TicketRow;
}

/** A ticket as one channel may see it: only the comments and attachments visible there. */
export interface TicketDetail extends TicketListEntry {
  comments: CommentRow[];
  attachments: AttachmentView[];
}

const VISIBILITIES: readonly AttachmentVisibility[] = ['SHARED', 'INTERNAL'];
export const commentKindsOf = (channel: Channel): CommentKind[] => COMMENT_KINDS.filter((k) => commentVisibleIn(channel, k));
export const visibilitiesOf = (channel: Channel): AttachmentVisibility[] => VISIBILITIES.filter((v) => attachmentVisibleIn(channel, v));

export const attachmentView = async (storage: ObjectStorage, attachment: AttachmentRow): Promise<AttachmentView> => ({
  attachment,
  downloadUrl: await storage.presignGet(attachment.storageKey, { downloadName: attachment.fileName, contentType: attachment.contentType }),
});

/**
 * Names of the tickets' HQs, stores and assignees: operators see them all, an HQ handling store
 * tickets sees store names, the requester channels need none (it is their own HQ or store).
 */
export const namesFor = async (ctx: SupportContext, channel: Channel, tickets: TicketRow[]): Promise<Map<string, TicketNames>> => {
  const out = new Map<string, TicketNames>();
  const none: TicketNames = { hqName: null, storeName: null, assignee: null };
  if (channel !== 'operator' && channel !== 'hq-store') {
    for (const t of tickets) out.set(t.id, none);
    return out;
  }
  const present = (ids: Array<string | null>) => ids.filter((id): id is string => id !== null);
  const [names, assignees] = await Promise.all([
    ctx.organization.names({
      hqIds: channel === 'operator' ? present(tickets.map((t) => t.hqId)) : [],
      storeIds: present(tickets.map((t) => t.storeId)),
    }),
    channel === 'operator' ? ctx.operators.operators(present(tickets.map((t) => t.assigneeOperatorId))) : Promise.resolve(new Map<string, OperatorRef>()),
  ]);
  for (const t of tickets) {
    out.set(t.id, {
      hqName: t.hqId ? (names.hqs.get(t.hqId) ?? null) : null,
      storeName: t.storeId ? (names.stores.get(t.storeId) ?? null) : null,
      assignee: t.assigneeOperatorId ? (assignees.get(t.assigneeOperatorId) ?? null) : null,
    });
  }
  return out;
};

/** The detail of a ticket in a channel: visible comments (oldest first), visible attachments, names. */
export const loadDetail = async (ctx: SupportContext, channel: Channel, ticket: TicketRow): Promise<TicketDetail> => {
  const [comments, attachments, names] = await Promise.all([
    listComments(ctx.db, ticket.id, commentKindsOf(channel)),
    listAttachments(ctx.db, ticket.id, visibilitiesOf(channel)),
    namesFor(ctx, channel, [ticket]),
  ]);
  return {
    ticket,
    ...names.get(ticket.id)!,
    comments,
    attachments: await Promise.all(attachments.map((a) => attachmentView(ctx.storage, a))),
  };
};
