import { notFound, writeAudit, type Principal } from '@storecast/service-kit';
import { updateTicket } from '../db/ticket.repository';
import { auditTarget, requireTicket } from './ticket-access';
import { loadDetail, type TicketDetail } from './ticket-views';
import type { SupportContext } from './ports';

/**
 * Assigns a ticket to an operator, or clears the assignee (undefined). The assignee must be an
 * ACTIVE OPERATOR account in identity, else 404 ACCOUNT_NOT_FOUND. The same assignee is a no-op.
 * Audit TICKET_ASSIGNED (from, to).
 */
export const assignTicket = async (ctx: SupportContext, principal: Principal, ticketId: string, assigneeOperatorId: string | undefined): Promise<TicketDetail> => {
  // Known before the transaction: no row lock is held across a peer call.
  await requireTicket(ctx.db, { channel: 'operator' }, ticketId);
  if (assigneeOperatorId) {
    const operator = await ctx.operators.getOperator(assigneeOperatorId);
    if (!operator?.active) throw notFound('ACCOUNT_NOT_FOUND', 'No active operator account with that id');
  }
  const to = assigneeOperatorId ?? null;
  const ticket = await ctx.db.transaction(async (tx) => {
    const current = await requireTicket(tx, { channel: 'operator' }, ticketId, true);
    if (current.assigneeOperatorId === to) return current;
    const row = await updateTicket(tx, current.id, { assigneeOperatorId: to, updatedAt: ctx.clock.now() });
    await writeAudit(tx, principal, { action: 'TICKET_ASSIGNED', ...auditTarget(current), detail: { from: current.assigneeOperatorId, to } }, ctx.clock);
    return row;
  });
  return loadDetail(ctx, 'operator', ticket);
};
