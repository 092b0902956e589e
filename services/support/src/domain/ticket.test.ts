import { canRequesterClose, canTransition, isOpenWork, TICKET_STATUSES, type TicketStatus } from './ticket';

// Spec 02 § Ticket status, the whole table: every pair of statuses is either a row of it or refused.
const TABLE: Array<[TicketStatus, TicketStatus]> = [
  ['OPEN', 'IN_PROGRESS'],
  ['IN_PROGRESS', 'RESOLVED'],
  ['RESOLVED', 'CLOSED'],
  ['RESOLVED', 'IN_PROGRESS'],
  ['CLOSED', 'IN_PROGRESS'],
];
const inTable = (from: TicketStatus, to: TicketStatus) => TABLE.some(([f, t]) => f === from && t === to);
const allPairs = TICKET_STATUSES.flatMap((from) => TICKET_STATUSES.map((to) => [from, to] as [TicketStatus, TicketStatus]));

describe('ticket status machine', () => {
  it.each(TABLE)('allows %s → %s (a row of the table)', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  it.each(allPairs.filter(([f, t]) => !inTable(f, t)))('refuses %s → %s (not in the table)', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
  });

  it('refuses staying in the same status (no self-transition is a row of the table)', () => {
    for (const s of TICKET_STATUSES) expect(canTransition(s, s)).toBe(false);
  });

  it('lets a requester (store, HQ channel) close only a RESOLVED ticket', () => {
    expect(TICKET_STATUSES.filter(canRequesterClose)).toEqual(['RESOLVED']);
  });

  it('counts OPEN and IN_PROGRESS as open work, RESOLVED and CLOSED not', () => {
    expect(TICKET_STATUSES.filter(isOpenWork)).toEqual(['OPEN', 'IN_PROGRESS']);
  });
});
