import { TicketFiles as SharedTicketFiles } from '../../tickets/components/ticket-files';
import { useDownloadAttachment, useUploadAttachment, type Channel, type TicketAttachment } from '../api/support-api';

/** A ticket's files on either HQ channel, downloaded through the API with the session. */
export const TicketFiles = ({ channel, ticketId, attachments }: { channel: Channel; ticketId: string; attachments: TicketAttachment[] }) => (
  <SharedTicketFiles attachments={attachments} upload={useUploadAttachment(channel, ticketId)} download={useDownloadAttachment(channel, ticketId)} />
);
