/**
 * A fixed one-minute window counter per key (in-process guard; the gateway's Redis limits are the
 * authoritative ones across replicas). Returns the seconds to wait when the limit is exceeded.
 */
export class FixedWindowLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly limit: number, private readonly windowMs = 60_000) {}

  /** Counts one hit at `now`; undefined when allowed, else Retry-After seconds. */
  hit(key: string, now: Date): number | undefined {
    const t = now.getTime();
    const w = this.windows.get(key);
    if (!w || t - w.start >= this.windowMs) {
      this.windows.set(key, { start: t, count: 1 });
      this.sweep(t);
      return undefined;
    }
    if (w.count >= this.limit) return Math.max(1, Math.ceil((w.start + this.windowMs - t) / 1000));
    w.count++;
    return undefined;
  }

  private sweep(t: number): void {
    if (this.windows.size < 1000) return;
    for (const [k, w] of this.windows) if (t - w.start >= this.windowMs) this.windows.delete(k);
  }
}
