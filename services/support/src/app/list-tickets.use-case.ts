import { offsetOf, type Paging, type Principal } from '@storecast/service-kit';
import { listTickets as queryTickets, type TicketFilters } from '../db/ticket.repository';
import type { Channel } from '../domain/visibility';
import { scopeOf } from './ticket-access';
import { namesFor, type TicketListEntry } from './ticket-views';
import type { SupportContext } from './ports';

/** A page of the tickets a channel may see (updatedAt desc), with the names that channel shows. */
export const listTickets = async (
  ctx: SupportContext,
  principal: Principal,
  channel: Channel,
  filters: TicketFilters,
  paging: Paging,
): Promise<{ entries: TicketListEntry[]; total: number }> => {
  const scope = scopeOf(channel, principal);
  const { rows, total } = await queryTickets(ctx.db, scope, filters, { offset: offsetOf(paging), limit: paging.size });
  const names = await namesFor(ctx, channel, rows);
  return { entries: rows.map((ticket) => ({ ticket, ...names.get(ticket.id)! })), total };
};
