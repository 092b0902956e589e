import { hqScope, notFound, storeScope, type DbExecutor, type Principal } from '@storecast/service-kit';
import { findTicket, type TicketScope } from '../db/ticket.repository';
import type { TicketRow } from '../db/schema';
import type { Channel } from '../domain/visibility';

export const ticketNotFound = () => notFound('TICKET_NOT_FOUND', 'Ticket not found');

/**
 * The tickets a caller may reach through a channel, from the token's claims: an HQ or store
 * path with a token bound to no HQ / store is 403 PRINCIPAL_SCOPE_MISMATCH.
 */
export const scopeOf = (channel: Channel, principal: Principal): TicketScope => {
  switch (channel) {
    case 'operator':
      return { channel };
    case 'hq':
    case 'hq-store':
      return { channel, hqId: hqScope(principal) };
    case 'store':
      return { channel, storeId: storeScope(principal) };
  }
};

/** The ticket, when the scope may see it; a missing or foreign one is 404 TICKET_NOT_FOUND alike. */
export const requireTicket = async (db: DbExecutor, scope: TicketScope, id: string, lock = false): Promise<TicketRow> => {
  const ticket = await findTicket(db, scope, id, lock);
  if (!ticket) throw ticketNotFound();
  return ticket;
};

/** The tenant columns of audit records and events. */
export const tenantOf = (ticket: TicketRow) => ({ hqId: ticket.hqId, storeId: ticket.storeId });

/** The audit target of a ticket action. */
export const auditTarget = (ticket: TicketRow) => ({
  targetType: 'TICKET',
  targetId: ticket.id,
  targetLabel: ticket.title,
  hqId: ticket.hqId,
  storeId: ticket.storeId,
});
