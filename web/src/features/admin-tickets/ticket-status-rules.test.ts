import { describe, expect, it } from 'vitest';
import { TICKET_STATUSES } from '../tickets/ticket-limits';
import { allowedMoves, canMove } from './ticket-status-rules';

// Spec 02 § Ticket status: the table's five rows; any other move is 409.
const TABLE: Array<[string, string]> = [
  ['OPEN', 'IN_PROGRESS'],
  ['IN_PROGRESS', 'RESOLVED'],
  ['RESOLVED', 'CLOSED'],
  ['RESOLVED', 'IN_PROGRESS'],
  ['CLOSED', 'IN_PROGRESS'],
];

describe('ticket status transitions of the operator', () => {
  it('allows exactly the five moves of the spec table', () => {
    for (const from of TICKET_STATUSES)
      for (const to of TICKET_STATUSES) expect([from, to, canMove(from, to)]).toEqual([from, to, TABLE.some(([f, t]) => f === from && t === to)]);
  });

  it('an OPEN ticket can only be started', () => {
    expect(allowedMoves('OPEN')).toEqual([{ to: 'IN_PROGRESS', action: 'START' }]);
  });

  it('an IN_PROGRESS ticket can only be resolved (not closed straight away)', () => {
    expect(allowedMoves('IN_PROGRESS')).toEqual([{ to: 'RESOLVED', action: 'RESOLVE' }]);
  });

  it('a RESOLVED ticket can be closed or reopened', () => {
    expect(allowedMoves('RESOLVED')).toEqual([
      { to: 'CLOSED', action: 'CLOSE' },
      { to: 'IN_PROGRESS', action: 'REOPEN' },
    ]);
  });

  it('a CLOSED ticket can only be reopened (to IN_PROGRESS, never OPEN)', () => {
    expect(allowedMoves('CLOSED')).toEqual([{ to: 'IN_PROGRESS', action: 'REOPEN' }]);
    expect(canMove('CLOSED', 'OPEN')).toBe(false);
  });

  it('no status moves to itself', () => {
    for (const s of TICKET_STATUSES) expect(canMove(s, s)).toBe(false);
  });
});
