import { describe, expect, it } from 'vitest';
import { remainingClock } from './remaining-time';

describe('remainingClock', () => {
  const start = Date.parse('2026-12-08T00:00:00.000Z');
  // spec 02: an impersonation session lives 60 minutes from the exchange, without refresh.
  const endsAt = new Date(start + 60 * 60 * 1000).toISOString();

  it('reads the full hour at the exchange', () => {
    expect(remainingClock(endsAt, start)).toBe('60:00');
  });

  it('counts down in minutes and two-digit seconds, rounding the part second down', () => {
    expect(remainingClock(endsAt, start + 1)).toBe('59:59');
    expect(remainingClock(endsAt, start + (60 * 60 - 65) * 1000)).toBe('1:05');
    expect(remainingClock(endsAt, start + (60 * 60 - 9) * 1000 - 500)).toBe('0:09');
  });

  it('never goes below 0:00 once the session has ended, nor on an unreadable end', () => {
    expect(remainingClock(endsAt, start + 61 * 60 * 1000)).toBe('0:00');
    expect(remainingClock('not a time', start)).toBe('0:00');
  });
});
