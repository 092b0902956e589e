import type { ManualClock } from '@storecast/service-kit';
import type { Timer, Timers } from '../../src/app/ports';

interface Scheduled {
  due: number;
  every?: number;
  fn: () => void;
  cancelled: boolean;
}

/**
 * Timers driven by a ManualClock: advance(ms) moves the clock to each due time in order and runs
 * what is due, so keep-alives and the 30-minute close are tested without sleeping.
 */
export class ManualTimers implements Timers {
  private scheduled: Scheduled[] = [];

  constructor(readonly clock: ManualClock) {}

  every(ms: number, fn: () => void, firstMs = ms): Timer {
    return this.add({ due: this.now() + firstMs, every: ms, fn, cancelled: false });
  }

  after(ms: number, fn: () => void): Timer {
    return this.add({ due: this.now() + ms, fn, cancelled: false });
  }

  /** Timers not cancelled yet. */
  get pending(): number {
    return this.scheduled.filter((s) => !s.cancelled).length;
  }

  advance(ms: number): void {
    const target = this.now() + ms;
    for (;;) {
      const next = this.scheduled.filter((s) => !s.cancelled && s.due <= target).sort((a, b) => a.due - b.due)[0];
      if (!next) break;
      this.clock.set(new Date(next.due));
      if (next.every) next.due += next.every;
      else next.cancelled = true;
      next.fn();
    }
    this.scheduled = this.scheduled.filter((s) => !s.cancelled);
    this.clock.set(new Date(target));
  }

  private now(): number {
    return this.clock.now().getTime();
  }

  private add(entry: Scheduled): Timer {
    this.scheduled.push(entry);
    return { cancel: () => void (entry.cancelled = true) };
  }
}
