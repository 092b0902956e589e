import { writeAudit, type Principal } from '@storecast/service-kit';
import { updateTicket } from '../db/ticket.repository';
import type { TicketCategory } from '../domain/ticket';
import { auditTarget, requireTicket } from './ticket-access';
import { loadDetail, type TicketDetail } from './ticket-views';
import type { SupportContext } from './ports';

/**
 * Sets or clears (null: unclassified) a ticket's category (operators; free, no 409). The same
 * value is a no-op. Audit TICKET_CATEGORY_CHANGED (from, to).
 */
export const changeTicketCategory = async (
  ctx: SupportContext,
  principal: Principal,
  ticketId: string,
  category: TicketCategory | null,
): Promise<TicketDetail> => {
  const ticket = await ctx.db.transaction(async (tx) => {
    const current = await requireTicket(tx, { channel: 'operator' }, ticketId, true);
    if (current.category === category) return current;
    const row = await updateTicket(tx, current.id, { category, updatedAt: ctx.clock.now() });
    await writeAudit(tx, principal, { action: 'TICKET_CATEGORY_CHANGED', ...auditTarget(current), detail: { from: current.category, to: category } }, ctx.clock);
    return row;
  });
  return loadDetail(ctx, 'operator', ticket);
};
