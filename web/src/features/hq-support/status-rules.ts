import type { TicketStatus } from './api/support-api';

/**
 * The ticket status table of spec 02 § Ticket status, as services/support applies it to HQ
 * handlers of store tickets: OPEN → IN_PROGRESS → RESOLVED → CLOSED, and RESOLVED or CLOSED
 * back to IN_PROGRESS (reopen). Anything else the server refuses with 409, so it is not offered.
 */
const TRANSITIONS: Readonly<Record<TicketStatus, readonly TicketStatus[]>> = {
  OPEN: ['IN_PROGRESS'],
  IN_PROGRESS: ['RESOLVED'],
  RESOLVED: ['CLOSED', 'IN_PROGRESS'],
  CLOSED: ['IN_PROGRESS'],
};

export type StatusAction = 'START' | 'RESOLVE' | 'CLOSE' | 'REOPEN';

export interface StatusMove {
  to: TicketStatus;
  action: StatusAction;
}

/** The moves a handler may make from `from`, in the order the page offers them. */
export const statusMoves = (from: TicketStatus): StatusMove[] =>
  TRANSITIONS[from].map((to) => ({
    to,
    action: to === 'CLOSED' ? 'CLOSE' : to === 'RESOLVED' ? 'RESOLVE' : from === 'OPEN' ? 'START' : 'REOPEN',
  }));

export const canMove = (from: TicketStatus, to: TicketStatus): boolean => TRANSITIONS[from].includes(to);

/** The HQ's own tickets: like a store, the requester may only close what the operators resolved. */
export const canCloseOwn = (status: TicketStatus): boolean => status === 'RESOLVED';
