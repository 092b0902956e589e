import { TicketFiles } from '../../tickets/components/ticket-files';
import { useUploadAttachment, type TicketAttachment } from '../api/tickets-api';

/** The ticket's files with their download links, and an upload checked for type, size and count first. */
export const TicketAttachments = ({ ticketId, attachments }: { ticketId: string; attachments: TicketAttachment[] }) => (
  <TicketFiles attachments={attachments} upload={useUploadAttachment(ticketId)} />
);
