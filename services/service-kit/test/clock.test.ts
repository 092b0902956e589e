import { ManualClock, OffsetClock, systemClock } from '../src';

describe('OffsetClock', () => {
  it('runs at the base clock\'s pace, ahead by what the test advanced', () => {
    const base = new ManualClock(new Date('2026-06-15T12:00:00.000Z'));
    const clock = new OffsetClock(base);
    expect(clock.now().toISOString()).toBe('2026-06-15T12:00:00.000Z');
    base.advance(1_500); // real time passes
    clock.advance(11 * 60_000); // the test skips a stale window
    expect(clock.now().toISOString()).toBe('2026-06-15T12:11:01.500Z');
    expect(clock.offset).toBe(11 * 60_000);
    base.advance(500);
    expect(clock.now().toISOString()).toBe('2026-06-15T12:11:02.000Z');
  });

  it('follows the system clock by default', () => {
    const clock = new OffsetClock();
    clock.advance(60_000);
    const skew = clock.now().getTime() - systemClock.now().getTime();
    expect(skew).toBeGreaterThanOrEqual(59_000);
    expect(skew).toBeLessThanOrEqual(61_000);
  });

  it('never moves backwards', () => {
    const clock = new OffsetClock(new ManualClock(new Date('2026-06-15T12:00:00.000Z')));
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
    expect(clock.offset).toBe(0);
  });

  it('hands out a new Date each time, so a caller cannot move it', () => {
    const clock = new OffsetClock(new ManualClock(new Date('2026-06-15T12:00:00.000Z')));
    clock.now().setFullYear(2000);
    expect(clock.now().toISOString()).toBe('2026-06-15T12:00:00.000Z');
  });
});
