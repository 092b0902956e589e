import { badRequest, emit, newId, writeAudit, type Principal } from '@storecast/service-kit';
import { insertComment } from '../db/ticket.repository';
import type { CommentRow } from '../db/schema';
import type { CommentKind } from '../domain/ticket';
import { authorRoleOf, commentKindAllowedIn, type Channel } from '../domain/visibility';
import { auditTarget, requireTicket, scopeOf, tenantOf } from './ticket-access';
import type { SupportContext } from './ports';

/**
 * Adds a comment to a ticket the caller may reach. Operators write REPLY or INTERNAL; HQs and
 * stores write REPLY only; a REPLY moves the ticket's updatedAt. Audit STORE_TICKET_COMMENT_ADDED (store)
 * or TICKET_COMMENT_ADDED, event support.ticket.commented (without the body), same transaction.
 */
export const addTicketComment = async (
  ctx: SupportContext,
  principal: Principal,
  channel: Channel,
  ticketId: string,
  comment: { kind: CommentKind; body: string },
): Promise<CommentRow> => {
  if (!commentKindAllowedIn(channel, comment.kind)) throw badRequest('VALIDATION_FAILED', 'Only operators write INTERNAL comments');
  const scope = scopeOf(channel, principal);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const ticket = await requireTicket(tx, scope, ticketId, true);
    const row = await insertComment(tx, {
      id: newId(),
      ticketId: ticket.id,
      kind: comment.kind,
      body: comment.body,
      authorAccountId: principal.accountId,
      authorRole: authorRoleOf(channel),
      createdAt: now,
    });
    await writeAudit(
      tx,
      principal,
      { action: channel === 'store' ? 'STORE_TICKET_COMMENT_ADDED' : 'TICKET_COMMENT_ADDED', ...auditTarget(ticket), detail: { commentId: row.id, kind: row.kind } },
      ctx.clock,
    );
    await emit(
      tx,
      { type: 'support.ticket.commented', data: { ticketId: ticket.id, ...tenantOf(ticket), commentId: row.id, kind: comment.kind, authorRole: row.authorRole } },
      ctx.clock,
    );
    return row;
  });
};
