import type { ServerTimeSample, Timers } from './ports';

/**
 * The device clock's offset from the server's (offset = server time − device time), estimated
 * from response Date headers.
 *
 * Why: a dispatch's playAt is an absolute server time, so that every player of a chain starts an
 * announcement in the same second; a store PC whose clock is a minute off would otherwise play it a
 * minute early or late. The acks' receivedAt/startedAt are sent in server time for the same reason
 * (the server compares them with its own due time).
 *
 * A Date header has 1-s resolution and was written somewhere between sending and receiving, so
 * one sample only bounds the offset: the true server time T at the moment the header was written
 * satisfies serverDate ≤ T < serverDate + 1000, at a device time in [sentAt, receivedAt]. Hence
 *   serverDate − receivedAt ≤ offset < serverDate + 1000 − sentAt,
 * whose midpoint is the "half the round trip" estimate. Intersecting the intervals of successive
 * samples narrows the offset (samples land at different sub-second phases); an empty intersection
 * means one of the clocks jumped (NTP step, manual change), so we start over from the new sample.
 */
export class ServerClock {
  private low: number | null = null;
  private high: number | null = null;

  constructor(private readonly timers: Timers) {}

  /** Adds a sample; ignored without a parsable Date header or with a negative round trip. */
  addSample(sample: ServerTimeSample): void {
    if (sample.serverDate == null) return;
    const serverMs = Date.parse(sample.serverDate);
    if (Number.isNaN(serverMs) || sample.receivedAt < sample.sentAt) return;
    const low = serverMs - sample.receivedAt;
    const high = serverMs + 1000 - sample.sentAt;
    if (this.low === null || this.high === null) {
      this.low = low;
      this.high = high;
      return;
    }
    const nextLow = Math.max(this.low, low);
    const nextHigh = Math.min(this.high, high);
    if (nextLow > nextHigh) {
      // Inconsistent with everything seen so far: a clock was set; the old samples are void.
      this.low = low;
      this.high = high;
    } else {
      this.low = nextLow;
      this.high = nextHigh;
    }
  }

  /** Whether any sample was taken (before that the device clock is trusted as is). */
  hasSample(): boolean {
    return this.low !== null;
  }

  /** The interval the offset is known to lie in, or null before the first sample. */
  bounds(): { low: number; high: number } | null {
    return this.low === null || this.high === null ? null : { low: this.low, high: this.high };
  }

  /** The best offset estimate (the interval's midpoint, error ≤ half its width), 0 without samples. */
  offsetMs(): number {
    return this.low === null || this.high === null ? 0 : Math.round((this.low + this.high) / 2);
  }

  /** Server time now (ms since epoch). */
  serverNow(): number {
    return this.timers.now() + this.offsetMs();
  }

  serverNowIso(): string {
    return new Date(this.serverNow()).toISOString();
  }

  /** Device time (ms, the Timers clock) at which the server's clock shows serverIso; NaN if unparsable. */
  toDeviceTime(serverIso: string): number {
    return Date.parse(serverIso) - this.offsetMs();
  }

  /** A device time (ms) as an ISO server time. */
  toServerIso(deviceMs: number): string {
    return new Date(deviceMs + this.offsetMs()).toISOString();
  }
}
