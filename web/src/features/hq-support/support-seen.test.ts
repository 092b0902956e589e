import { describe, expect, it } from 'vitest';
import { isTicketNew, parseSeen, withTicketSeen, type SupportSeen } from './support-seen';

const empty: SupportSeen = { storeActivityAt: null, tickets: {} };

describe('what is new in support since the last visit', () => {
  it('counts a ticket never opened as new, and one changed since it was opened', () => {
    const seen = withTicketSeen(empty, 't1', '2026-03-10T01:00:00.000Z');
    expect(isTicketNew(empty, { id: 't1', updatedAt: '2026-03-10T01:00:00.000Z' })).toBe(true);
    expect(isTicketNew(seen, { id: 't1', updatedAt: '2026-03-10T01:00:00.000Z' })).toBe(false);
    expect(isTicketNew(seen, { id: 't1', updatedAt: '2026-03-10T01:00:00.001Z' })).toBe(true);
  });

  it('never moves a ticket back to an older state', () => {
    const seen = withTicketSeen(empty, 't1', '2026-03-10T02:00:00.000Z');
    expect(withTicketSeen(seen, 't1', '2026-03-10T01:00:00.000Z')).toBe(seen);
  });

  it('keeps the newest entries when the map is full', () => {
    let seen = empty;
    for (let i = 0; i < 5; i++) seen = withTicketSeen(seen, `t${i}`, `2026-03-10T0${i}:00:00.000Z`, 3);
    expect(Object.keys(seen.tickets)).toEqual(['t2', 't3', 't4']);
    seen = withTicketSeen(seen, 't2', '2026-03-11T00:00:00.000Z', 3);
    expect(Object.keys(seen.tickets)).toEqual(['t3', 't4', 't2']);
  });

  it('reads whatever was stored without failing', () => {
    expect(parseSeen(null)).toEqual(empty);
    expect(parseSeen('not json')).toEqual(empty);
    expect(parseSeen('{"storeActivityAt":5,"tickets":{"a":"2026-01-01T00:00:00Z","b":3}}')).toEqual({ storeActivityAt: null, tickets: { a: '2026-01-01T00:00:00Z' } });
  });
});
