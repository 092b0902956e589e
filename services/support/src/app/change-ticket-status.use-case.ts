import { conflict, emit, writeAudit, type Principal } from '@storecast/service-kit';
import { updateTicket } from '../db/ticket.repository';
import type { TicketRow } from '../db/schema';
import { canRequesterClose, canTransition, type TicketStatus } from '../domain/ticket';
import type { Channel } from '../domain/visibility';
import { auditTarget, requireTicket, scopeOf, tenantOf } from './ticket-access';
import { loadDetail, type TicketDetail } from './ticket-views';
import type { SupportContext } from './ports';

const invalidTransition = (from: string, to: string) =>
  conflict('TICKET_INVALID_STATUS_TRANSITION', `A ticket cannot move from ${from} to ${to}`);

/**
 * Moves a ticket's status. Operators and HQs handling store tickets use the whole table of spec
 * 02 § Ticket status; the requester channels (store, HQ's own tickets) only close a RESOLVED
 * ticket (spec 03 § Store ticket). Any other move is 409 TICKET_INVALID_STATUS_TRANSITION. Audit
 * TICKET_STATUS_CHANGED (from, to), event support.ticket.status-changed, same transaction.
 */
export const changeTicketStatus = async (
  ctx: SupportContext,
  principal: Principal,
  channel: Channel,
  ticketId: string,
  to: TicketStatus,
): Promise<TicketDetail> => {
  const scope = scopeOf(channel, principal);
  const requester = channel === 'store' || channel === 'hq';
  const updated: TicketRow = await ctx.db.transaction(async (tx) => {
    const ticket = await requireTicket(tx, scope, ticketId, true);
    const from = ticket.status as TicketStatus;
    const allowed = requester ? to === 'CLOSED' && canRequesterClose(from) : canTransition(from, to);
    if (!allowed) throw invalidTransition(from, to);
    const now = ctx.clock.now();
    const row = await updateTicket(tx, ticket.id, { status: to, updatedAt: now });
    await writeAudit(tx, principal, { action: 'TICKET_STATUS_CHANGED', ...auditTarget(ticket), detail: { from, to } }, ctx.clock);
    await emit(tx, { type: 'support.ticket.status-changed', data: { ticketId: ticket.id, ...tenantOf(ticket), from, to, actorRole: principal.role } }, ctx.clock);
    return row;
  });
  return loadDetail(ctx, channel, updated);
};
