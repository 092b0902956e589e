import { TimerWheel } from '../src/adapters/timer-wheel';

/** A wheel on a hand-moved clock; tick() is run by the test at each step (no real timers). */
const wheelAt = (start = 0) => {
  let now = start;
  let ticking = 0;
  const wheel = new TimerWheel({
    resolutionMs: 1000,
    now: () => now,
    every: () => {
      ticking++;
      return () => void ticking--;
    },
  });
  const advance = (ms: number, step = 250) => {
    for (let moved = 0; moved < ms; moved += step) {
      now += Math.min(step, ms - moved);
      wheel.tick();
    }
  };
  return { wheel, advance, at: () => now, ticking: () => ticking };
};

describe('stream timer wheel (one shared tick)', () => {
  it('fires a timer at most two slots early and never after its due time', () => {
    const { wheel, advance, at } = wheelAt(12_345);
    const fired: number[] = [];
    wheel.after(30_000, () => fired.push(at()));
    advance(27_000);
    expect(fired).toEqual([]);
    advance(3_000);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toBeGreaterThanOrEqual(12_345 + 28_000);
    expect(fired[0]).toBeLessThanOrEqual(12_345 + 30_000);
    expect(wheel.pending).toBe(0);
  });

  it('repeats an interval at its period, each firing within the same window', () => {
    const { wheel, advance, at } = wheelAt(500);
    const fired: number[] = [];
    const timer = wheel.every(25_000, () => fired.push(at()));
    advance(100_000);
    expect(fired).toHaveLength(4);
    fired.forEach((t, i) => {
      expect(t).toBeGreaterThan(500 + (i + 1) * 25_000 - 2_000);
      expect(t).toBeLessThanOrEqual(500 + (i + 1) * 25_000);
    });
    timer.cancel();
    advance(50_000);
    expect(fired).toHaveLength(4);
  });

  it('an interval may fire its first time sooner than its period (a jittered keep-alive), then keeps the period', () => {
    const { wheel, advance, at } = wheelAt(500);
    const fired: number[] = [];
    wheel.every(25_000, () => fired.push(at()), 7_000);
    advance(60_000);
    expect(fired).toHaveLength(3);
    [7_000, 32_000, 57_000].forEach((due, i) => {
      expect(fired[i]).toBeGreaterThan(500 + due - 2_000);
      expect(fired[i]).toBeLessThanOrEqual(500 + due);
    });
  });

  it('a cancelled timer never fires, also when an earlier timer of the same slot cancels it', () => {
    const { wheel, advance } = wheelAt();
    const fired: string[] = [];
    const second = wheel.after(5_000, () => fired.push('second'));
    wheel.after(5_000, () => {
      fired.push('first');
      second.cancel();
    });
    const third = wheel.after(5_000, () => fired.push('third'));
    third.cancel();
    advance(6_000);
    // Set order: second was added first, so it fired before first could cancel it.
    expect(fired).toEqual(['second', 'first']);
    const a = wheel.after(3_000, () => fired.push('a'));
    wheel.after(3_000, () => {
      fired.push('b');
      a.cancel();
    });
    a.cancel();
    advance(4_000);
    expect(fired).toEqual(['second', 'first', 'b']);
    expect(wheel.pending).toBe(0);
  });

  it('ticks only while timers are pending', () => {
    const { wheel, advance, ticking } = wheelAt();
    expect(ticking()).toBe(0);
    const keepAlive = wheel.every(25_000, () => undefined);
    const close = wheel.after(60_000, () => undefined);
    expect(ticking()).toBe(1);
    expect(wheel.pending).toBe(2);
    keepAlive.cancel();
    advance(61_000);
    expect(wheel.pending).toBe(0);
    expect(ticking()).toBe(0);
    close.cancel();
    wheel.after(1_000, () => undefined);
    expect(ticking()).toBe(1);
  });

  it('a slot with more timers than one turn may fire runs over the next turns, each timer once', () => {
    let now = 0;
    const turns: Array<() => void> = [];
    const wheel = new TimerWheel({ now: () => now, every: () => () => undefined, maxPerTurn: 3, nextTurn: (fn) => void turns.push(fn) });
    const fired: number[] = [];
    for (let i = 0; i < 7; i++) wheel.every(25_000, () => fired.push(i));
    now = 25_000;
    wheel.tick();
    expect(fired).toEqual([0, 1, 2]);
    // The periodic tick comes again before the continuation: no timer twice, one continuation.
    wheel.tick();
    expect(fired).toEqual([0, 1, 2, 3, 4, 5]);
    expect(turns).toHaveLength(1);
    turns.shift()!();
    expect(fired).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(turns).toHaveLength(0);
    expect(wheel.pending).toBe(7);
    now = 50_000;
    wheel.tick();
    while (turns.length > 0) turns.shift()!();
    expect(fired).toHaveLength(14);
    expect(new Set(fired.slice(7))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
  });

  it('after a stalled event loop every overdue timer fires once, intervals resume from now', () => {
    const { wheel, advance, at } = wheelAt();
    const fired: number[] = [];
    wheel.every(25_000, () => fired.push(at()));
    advance(120_000, 120_000);
    expect(fired).toEqual([120_000]);
    advance(25_000);
    expect(fired).toHaveLength(2);
    expect(fired[1]).toBeLessThanOrEqual(145_000);
    expect(fired[1]).toBeGreaterThan(120_000 + 22_000);
  });
});
