import type { AuthorRole, CommentKind } from './ticket';

// Who sees what. The heart of the support rules: INTERNAL comments, and the attachments of
// INTERNAL comments, are operator-only and never reach an HQ or a store.

/**
 * The channels a ticket is read through. `operator` sees everything; `hq` is an HQ's own tickets
 * (no store); `hq-store` is an HQ handling its stores' tickets; `store` is a store's own tickets.
 */
export type Channel = 'operator' | 'hq' | 'hq-store' | 'store';

export type AttachmentVisibility = 'SHARED' | 'INTERNAL';

/** Only operators see INTERNAL comments. */
export const commentVisibleIn = (channel: Channel, kind: CommentKind): boolean => channel === 'operator' || kind === 'REPLY';

/** An attachment of an INTERNAL comment is INTERNAL; every other attachment is SHARED (spec 02). */
export const attachmentVisibilityOf = (comment: { kind: CommentKind } | null): AttachmentVisibility =>
  comment?.kind === 'INTERNAL' ? 'INTERNAL' : 'SHARED';

export const attachmentVisibleIn = (channel: Channel, visibility: AttachmentVisibility): boolean =>
  channel === 'operator' || visibility === 'SHARED';

/** The comment kinds an author may write in a channel: operators both, everybody else REPLY. */
export const commentKindAllowedIn = (channel: Channel, kind: CommentKind): boolean => channel === 'operator' || kind === 'REPLY';

/** The role a comment is written under in a channel. */
export const authorRoleOf = (channel: Channel): AuthorRole =>
  channel === 'operator' ? 'OPERATOR' : channel === 'store' ? 'STORE_MANAGER' : 'HQ_MANAGER';

/**
 * Replies a requester is signalled about (store's latestOperatorReplyAt): replies of the people
 * handling the ticket, i.e. anyone but the store itself.
 */
export const isHandlerReply = (comment: { kind: CommentKind; authorRole: AuthorRole }): boolean =>
  comment.kind === 'REPLY' && comment.authorRole !== 'STORE_MANAGER';
