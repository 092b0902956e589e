import type { components } from '../../lib/api/client';

type Schemas = components['schemas'];
export type TicketStatus = Schemas['TicketStatus'];
export type TicketCategory = NonNullable<Schemas['TicketCategory']>;
export type TicketAttachment = Schemas['TicketAttachmentItem'];

// Spec 02 § Tickets and spec 03 § Support tickets: the same on every channel.
export const TICKET_STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'] as const satisfies readonly TicketStatus[];
export const TICKET_CATEGORIES = ['PLAYBACK', 'BROADCAST', 'BILLING', 'ACCOUNT', 'OTHER'] as const satisfies readonly TicketCategory[];
export const TITLE_MAX = 200;
export const BODY_MAX = 5000;
export const Q_MAX = 100;
export const TICKETS_PAGE_SIZE = 20;
