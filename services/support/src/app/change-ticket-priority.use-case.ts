import { writeAudit, type Principal } from '@storecast/service-kit';
import { updateTicket } from '../db/ticket.repository';
import type { TicketPriority } from '../domain/ticket';
import { auditTarget, requireTicket } from './ticket-access';
import { loadDetail, type TicketDetail } from './ticket-views';
import type { SupportContext } from './ports';

/**
 * Sets a ticket's priority (operators; no state machine, any value from any value). The same
 * value is a no-op: nothing written, no audit. Audit TICKET_PRIORITY_CHANGED (from, to).
 */
export const changeTicketPriority = async (ctx: SupportContext, principal: Principal, ticketId: string, priority: TicketPriority): Promise<TicketDetail> => {
  const ticket = await ctx.db.transaction(async (tx) => {
    const current = await requireTicket(tx, { channel: 'operator' }, ticketId, true);
    if (current.priority === priority) return current;
    const row = await updateTicket(tx, current.id, { priority, updatedAt: ctx.clock.now() });
    await writeAudit(tx, principal, { action: 'TICKET_PRIORITY_CHANGED', ...auditTarget(current), detail: { from: current.priority, to: priority } }, ctx.clock);
    return row;
  });
  return loadDetail(ctx, 'operator', ticket);
};
