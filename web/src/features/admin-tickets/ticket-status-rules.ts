import type { TicketStatus } from '../tickets/ticket-limits';

/**
 * Spec 02 § Ticket status: OPEN → IN_PROGRESS → RESOLVED → CLOSED, and RESOLVED or CLOSED back
 * to IN_PROGRESS (reopen). Every other move is 409 TICKET_INVALID_STATUS_TRANSITION, so the page
 * offers only these.
 */
export const TICKET_TRANSITIONS: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  OPEN: ['IN_PROGRESS'],
  IN_PROGRESS: ['RESOLVED'],
  RESOLVED: ['CLOSED', 'IN_PROGRESS'],
  CLOSED: ['IN_PROGRESS'],
};

/** How the page names a move: start work, resolve, close, or reopen. */
export type StatusAction = 'START' | 'RESOLVE' | 'CLOSE' | 'REOPEN';

export interface StatusMove {
  to: TicketStatus;
  action: StatusAction;
}

const actionOf = (from: TicketStatus, to: TicketStatus): StatusAction =>
  to === 'CLOSED' ? 'CLOSE' : to === 'RESOLVED' ? 'RESOLVE' : from === 'OPEN' ? 'START' : 'REOPEN';

/** The moves an operator may make from `from`, in the order the page offers them. */
export const allowedMoves = (from: TicketStatus): StatusMove[] => TICKET_TRANSITIONS[from].map((to) => ({ to, action: actionOf(from, to) }));

export const canMove = (from: TicketStatus, to: TicketStatus): boolean => TICKET_TRANSITIONS[from].includes(to);
