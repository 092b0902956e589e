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

/** ISO 8601 with milliseconds and Z, the wire format of every timestamp. */
export const toIso = (d: Date): string => d.toISOString();
export const toIsoOrNull = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
