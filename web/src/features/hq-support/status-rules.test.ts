import { describe, expect, it } from 'vitest';
import { canCloseOwn, canMove, statusMoves } from './status-rules';

describe('the ticket status moves an HQ handler is offered', () => {
  it('follows the table of spec 02', () => {
    expect(statusMoves('OPEN')).toEqual([{ to: 'IN_PROGRESS', action: 'START' }]);
    expect(statusMoves('IN_PROGRESS')).toEqual([{ to: 'RESOLVED', action: 'RESOLVE' }]);
    expect(statusMoves('RESOLVED')).toEqual([
      { to: 'CLOSED', action: 'CLOSE' },
      { to: 'IN_PROGRESS', action: 'REOPEN' },
    ]);
    expect(statusMoves('CLOSED')).toEqual([{ to: 'IN_PROGRESS', action: 'REOPEN' }]);
  });

  it('offers no skips, no moves back to OPEN and no move to the same status', () => {
    expect(canMove('OPEN', 'RESOLVED')).toBe(false);
    expect(canMove('OPEN', 'CLOSED')).toBe(false);
    expect(canMove('IN_PROGRESS', 'CLOSED')).toBe(false);
    expect(canMove('IN_PROGRESS', 'OPEN')).toBe(false);
    expect(canMove('CLOSED', 'CLOSED')).toBe(false);
    expect(canMove('CLOSED', 'IN_PROGRESS')).toBe(true);
  });

  it('lets the HQ close its own ticket only once resolved', () => {
    expect(canCloseOwn('RESOLVED')).toBe(true);
    expect(canCloseOwn('OPEN')).toBe(false);
    expect(canCloseOwn('IN_PROGRESS')).toBe(false);
    expect(canCloseOwn('CLOSED')).toBe(false);
  });
});
