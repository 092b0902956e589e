// Tickets as spec 02 § Tickets and spec 03 § Support tickets define them: pure rules, no I/O.

export const TICKET_STATUSES = ['OPEN', 'IN_PROGRESS', 'RESOLVED', 'CLOSED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_PRIORITIES = ['URGENT', 'HIGH', 'NORMAL', 'LOW'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TICKET_CATEGORIES = ['PLAYBACK', 'BROADCAST', 'BILLING', 'ACCOUNT', 'OTHER'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

export const COMMENT_KINDS = ['REPLY', 'INTERNAL'] as const;
export type CommentKind = (typeof COMMENT_KINDS)[number];

export const AUTHOR_ROLES = ['OPERATOR', 'HQ_MANAGER', 'STORE_MANAGER'] as const;
export type AuthorRole = (typeof AUTHOR_ROLES)[number];

/**
 * The ticket status table of spec 02 § Ticket status, and nothing else:
 * OPEN → IN_PROGRESS, IN_PROGRESS → RESOLVED, RESOLVED → CLOSED, RESOLVED → IN_PROGRESS (reopen),
 * CLOSED → IN_PROGRESS (reopen). Any other move (including to the same status) is refused.
 */
const TRANSITIONS: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  OPEN: ['IN_PROGRESS'],
  IN_PROGRESS: ['RESOLVED'],
  RESOLVED: ['CLOSED', 'IN_PROGRESS'],
  CLOSED: ['IN_PROGRESS'],
};

/** Whether the full transition set (operators, HQ handlers of store tickets) allows from → to. */
export const canTransition = (from: TicketStatus, to: TicketStatus): boolean => TRANSITIONS[from].includes(to);

/**
 * The requester's own move (store channel, spec 03 § Store ticket; the HQ channel likewise):
 * only RESOLVED → CLOSED.
 */
export const canRequesterClose = (from: TicketStatus): boolean => from === 'RESOLVED';

/** Open work for dashboards and signals: OPEN or IN_PROGRESS. */
export const isOpenWork = (status: TicketStatus): boolean => status === 'OPEN' || status === 'IN_PROGRESS';
