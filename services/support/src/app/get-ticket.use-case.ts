import type { Principal } from '@storecast/service-kit';
import type { Channel } from '../domain/visibility';
import { requireTicket, scopeOf } from './ticket-access';
import { loadDetail, type TicketDetail } from './ticket-views';
import type { SupportContext } from './ports';

/** One ticket as a channel sees it; missing or outside the caller's tenant → 404 TICKET_NOT_FOUND. */
export const getTicket = async (ctx: SupportContext, principal: Principal, channel: Channel, id: string): Promise<TicketDetail> => {
  const ticket = await requireTicket(ctx.db, scopeOf(channel, principal), id);
  return loadDetail(ctx, channel, ticket);
};
