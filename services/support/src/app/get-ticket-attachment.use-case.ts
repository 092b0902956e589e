import { notFound, type Principal } from '@storecast/service-kit';
import { findAttachment } from '../db/ticket.repository';
import type { Channel } from '../domain/visibility';
import { requireTicket, scopeOf } from './ticket-access';
import { attachmentView, visibilitiesOf, type AttachmentView } from './ticket-views';
import type { SupportContext } from './ports';

/**
 * One attachment with a fresh presigned download URL. A ticket outside the caller's reach is 404
 * TICKET_NOT_FOUND; an attachment that is missing, of another ticket, or not visible in the
 * channel (INTERNAL outside operators) is 404 TICKET_ATTACHMENT_NOT_FOUND.
 */
export const getTicketAttachment = async (
  ctx: SupportContext,
  principal: Principal,
  channel: Channel,
  ticketId: string,
  attachmentId: string,
): Promise<AttachmentView> => {
  const ticket = await requireTicket(ctx.db, scopeOf(channel, principal), ticketId);
  const attachment = await findAttachment(ctx.db, ticket.id, attachmentId, visibilitiesOf(channel));
  if (!attachment) throw notFound('TICKET_ATTACHMENT_NOT_FOUND', 'Attachment not found');
  return attachmentView(ctx.storage, attachment);
};
