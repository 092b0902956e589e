import { FixedWindowLimiter } from './rate-window';

describe('fixed window limiter', () => {
  const t0 = new Date('2026-03-01T00:00:00.000Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);

  it('allows the limit within a minute, then answers the seconds left in the window', () => {
    const limiter = new FixedWindowLimiter(5);
    for (let i = 0; i < 5; i++) expect(limiter.hit('op', at(i * 1000))).toBeUndefined();
    expect(limiter.hit('op', at(20_000))).toBe(40);
    expect(limiter.hit('other', at(20_000))).toBeUndefined();
  });

  it('opens a new window after a minute', () => {
    const limiter = new FixedWindowLimiter(1);
    expect(limiter.hit('op', at(0))).toBeUndefined();
    expect(limiter.hit('op', at(59_999))).toBe(1);
    expect(limiter.hit('op', at(60_000))).toBeUndefined();
  });
});
