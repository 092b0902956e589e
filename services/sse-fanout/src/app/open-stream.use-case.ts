import { TicketInvalidError, unauthorized, type VerifiedTicket } from '@storecast/service-kit';
import type { StreamAudience } from '../domain/sse';
import type { AppContext } from './context';
import type { StreamSink } from './ports';

const invalidTicket = (cause?: unknown) =>
  unauthorized('AUTH_TOKEN_INVALID', 'The stream ticket is missing, invalid or expired: request a new one', { cause });

/** Who a stream ticket lets in: a store manager's store, and its device when the ticket names one. */
const audienceOf = (ticket: VerifiedTicket): StreamAudience => {
  if (ticket.role !== 'STORE_MANAGER' || typeof ticket.storeId !== 'string' || !ticket.storeId) throw invalidTicket();
  return { storeId: ticket.storeId, deviceId: typeof ticket.deviceId === 'string' ? ticket.deviceId : null };
};

/**
 * Opens a store's announcement stream. The ticket is checked once, here: missing, forged, expired
 * or of another kind (an upload ticket) → 401 before anything is streamed; once open, the stream
 * outlives the ticket. `start` begins the response (headers) and gives its sink.
 */
export const openStream = (ctx: AppContext, ticket: string | undefined, start: () => StreamSink): void => {
  let audience: StreamAudience;
  try {
    audience = audienceOf(ctx.tickets.verify('stream', ticket));
  } catch (err) {
    if (err instanceof TicketInvalidError) throw invalidTicket(err);
    throw err;
  }
  ctx.hub.open(audience, start());
};
