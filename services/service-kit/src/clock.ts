/** Time behind an adapter so time-dependent rules are testable without sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  private current: Date;
  constructor(start: Date = new Date()) {
    this.current = new Date(start);
  }
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date): void {
    this.current = new Date(at);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * Real time plus an offset that a test moves forward: tokens, heartbeats, stream tickets and
 * timers keep running at the wall clock's pace while a stale window or a grace period "passes"
 * in one step (a ManualClock would stop time for everything else too).
 */
export class OffsetClock implements Clock {
  private offsetMs = 0;
  constructor(private readonly base: Clock = systemClock) {}
  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetMs);
  }
  /** How far ahead of the base clock this clock runs, in ms. */
  get offset(): number {
    return this.offsetMs;
  }
  /** Moves the clock forward; time never runs backwards (what was issued stays in the past). */
  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError(`OffsetClock only moves forward by a finite number of ms, not ${ms}`);
    this.offsetMs += ms;
  }
}

/** ISO 8601 with milliseconds and Z, the wire format of every timestamp. */
export const toIso = (d: Date): string => d.toISOString();
export const toIsoOrNull = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
