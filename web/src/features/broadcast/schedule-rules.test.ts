import { describe, expect, it } from 'vitest';
import { isSlotOccupied, kstDateOf, localDateTime, scheduleProblem, slotOf } from './schedule-rules';

describe('kstDateOf', () => {
  it('is the Korean calendar date of the instant', () => {
    expect(kstDateOf(new Date('2026-03-10T14:59:59.999Z'))).toBe('2026-03-10');
    expect(kstDateOf(new Date('2026-03-10T15:00:00.000Z'))).toBe('2026-03-11');
    expect(kstDateOf(new Date('2026-12-31T15:30:00.000Z'))).toBe('2027-01-01');
  });

  it('of a local time is its KST date whatever the browser zone', () => {
    const at = localDateTime('2026-03-10', '23:30');
    expect(at).not.toBeNull();
    expect(kstDateOf(at!)).toBe(new Date(at!.getTime() + 9 * 3600_000).toISOString().slice(0, 10));
  });
});

describe('localDateTime', () => {
  it('reads a picked date and time in the browser zone', () => {
    const at = localDateTime('2026-03-10', '09:05');
    expect(at?.getFullYear()).toBe(2026);
    expect(at?.getMonth()).toBe(2);
    expect(at?.getDate()).toBe(10);
    expect(at?.getHours()).toBe(9);
    expect(at?.getMinutes()).toBe(5);
    expect(at?.getSeconds()).toBe(0);
    expect(localDateTime('2026-03-10', '09:05:30')?.getMinutes()).toBe(5);
  });

  it('is null for a missing or impossible value', () => {
    expect(localDateTime(null, '09:00')).toBeNull();
    expect(localDateTime('2026-03-10', '')).toBeNull();
    expect(localDateTime('2026-02-31', '09:00')).toBeNull();
    expect(localDateTime('2026-03-10', '24:00')).toBeNull();
    expect(localDateTime('10.03.2026', '09:00')).toBeNull();
  });
});

describe('scheduleProblem', () => {
  const now = new Date('2026-03-10T00:00:00.000Z');
  it('refuses now and the past', () => {
    expect(scheduleProblem(now, now)).toBe('PAST');
    expect(scheduleProblem(new Date('2026-03-09T23:59:59.000Z'), now)).toBe('PAST');
  });
  it('takes the future up to one year ahead', () => {
    expect(scheduleProblem(new Date('2026-03-10T00:00:01.000Z'), now)).toBeNull();
    expect(scheduleProblem(new Date('2027-03-10T00:00:00.000Z'), now)).toBeNull();
  });
  it('refuses more than one year ahead', () => {
    expect(scheduleProblem(new Date('2027-03-10T00:00:00.001Z'), now)).toBe('TOO_FAR');
  });
});

describe('slot occupancy', () => {
  it('floors to the 5-minute slot', () => {
    expect(slotOf(new Date('2026-03-10T01:04:59.999Z')).toISOString()).toBe('2026-03-10T01:00:00.000Z');
    expect(slotOf(new Date('2026-03-10T01:05:00.000Z')).toISOString()).toBe('2026-03-10T01:05:00.000Z');
  });
  it('finds an HQ reservation in the same slot', () => {
    const slots = ['2026-03-10T01:00:00.000Z', '2026-03-10T02:30:00Z'];
    expect(isSlotOccupied(new Date('2026-03-10T01:03:00.000Z'), slots)).toBe(true);
    expect(isSlotOccupied(new Date('2026-03-10T02:34:00.000Z'), slots)).toBe(true);
    expect(isSlotOccupied(new Date('2026-03-10T01:05:00.000Z'), slots)).toBe(false);
    expect(isSlotOccupied(new Date('2026-03-10T01:00:00.000Z'), [])).toBe(false);
  });
});
