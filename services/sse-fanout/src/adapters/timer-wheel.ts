import { performance } from 'node:perf_hooks';
import type { Timer, Timers } from '../app/ports';

export interface TimerWheelOptions {
  /** Slot width: timers fire within one slot of their due time (default 1 s). */
  resolutionMs?: number;
  /** Monotonic milliseconds (tests pass their own). */
  now?: () => number;
  /** Starts the one periodic tick; returns its stop (tests drive tick() by hand instead). */
  every?: (ms: number, fn: () => void) => () => void;
  /**
   * Timers fired per event-loop turn; the rest of a busy slot runs on the next turns (default 16,
   * the service's SSE_TIMERS_PER_TURN). Small, so an event that arrives while a slot's keep-alives
   * go out waits for at most this many writes (the loop reads sockets between turns): with 500,
   * the once-a-second burst of a 10,000-stream replica's keep-alives sat in front of the live
   * events' p99, and 64 still showed in it.
   */
  maxPerTurn?: number;
  /** Runs fn on a later turn of the event loop (setImmediate). */
  nextTurn?: (fn: () => void) => void;
}

/** One timer in the wheel; cancel() is a method, not a closure per timer. */
class WheelTimer implements Timer {
  slot = 0;
  constructor(
    private readonly wheel: TimerWheel,
    readonly fn: () => void,
    readonly periodMs: number,
    public due: number,
  ) {}

  cancel(): void {
    this.wheel.remove(this);
  }
}

const nodeEvery = (ms: number, fn: () => void) => {
  // unref'ed: open streams' timers never hold the process open on their own.
  const handle = setInterval(fn, ms).unref();
  return () => clearInterval(handle);
};

/**
 * The stream timers of a whole replica (a keep-alive and a lifetime per stream, tens of thousands)
 * on ONE periodic tick: timers are kept in slots of `resolutionMs` and the tick runs every slot
 * that came due. Node's own timers would cost a Timeout object and a cancel closure per timer, and
 * a jittered lifetime (a different duration per stream) a separate timer list each. The price is
 * precision: a timer fires up to two slots early, never after its due time (but for the tick's
 * own lateness), which is nothing for a 25 s keep-alive or a 30-minute close already jittered by
 * up to a minute. The tick runs only while timers are pending.
 */
export class TimerWheel implements Timers {
  private readonly slots = new Map<number, Set<WheelTimer>>();
  private readonly resolutionMs: number;
  private readonly now: () => number;
  private readonly startTick: (ms: number, fn: () => void) => () => void;
  private stopTick?: () => void;
  private readonly maxPerTurn: number;
  private readonly nextTurn: (fn: () => void) => void;
  private continuing = false;
  /** Last slot started; it may still hold timers when a turn's budget ran out. */
  private done: number;
  private count = 0;

  constructor(options: TimerWheelOptions = {}) {
    this.resolutionMs = options.resolutionMs ?? 1000;
    this.now = options.now ?? (() => performance.now());
    this.startTick = options.every ?? nodeEvery;
    this.maxPerTurn = options.maxPerTurn ?? 16;
    this.nextTurn = options.nextTurn ?? ((fn) => void setImmediate(fn));
    this.done = this.slotOf(this.now()) - 1;
  }

  /** Timers not fired (or, for `every`, not cancelled) yet. */
  get pending(): number {
    return this.count;
  }

  every(ms: number, fn: () => void, firstMs = ms): Timer {
    return this.add(new WheelTimer(this, fn, Math.max(ms, this.resolutionMs), this.now() + firstMs));
  }

  after(ms: number, fn: () => void): Timer {
    return this.add(new WheelTimer(this, fn, 0, this.now() + ms));
  }

  /**
   * Runs every slot that came due (the periodic tick; tests call it). At most maxPerTurn timers per
   * turn: streams that connected in the same second (a reconnect storm) have their keep-alives in
   * the same slot, and writing thousands at once would block the event loop.
   */
  tick(): void {
    const now = this.now();
    const upTo = this.slotOf(now);
    let budget = this.maxPerTurn;
    for (let slot = this.done; ; slot = ++this.done) {
      const timers = this.slots.get(slot);
      if (timers) {
        // Taken out one by one: a timer cancelled by an earlier one of the same slot does not fire.
        for (const timer of timers) {
          if (budget-- === 0) return this.continueLater();
          timers.delete(timer);
          this.count--;
          if (timer.periodMs > 0) {
            // Keeps its cadence; after a long stall it starts again from now rather than catching up.
            timer.due = Math.max(timer.due + timer.periodMs, now + timer.periodMs - this.resolutionMs);
            this.place(timer);
          }
          timer.fn();
        }
        this.slots.delete(slot);
      }
      if (this.done >= upTo || this.count === 0) break;
    }
    this.done = Math.max(this.done, upTo);
    if (this.count === 0) this.idle();
  }

  private continueLater(): void {
    if (this.continuing) return;
    this.continuing = true;
    this.nextTurn(() => {
      this.continuing = false;
      this.tick();
    });
  }

  remove(timer: WheelTimer): void {
    const timers = this.slots.get(timer.slot);
    if (!timers?.delete(timer)) return;
    this.count--;
    if (timers.size === 0) this.slots.delete(timer.slot);
    if (this.count === 0) this.idle();
  }

  private add(timer: WheelTimer): Timer {
    if (this.count === 0 && !this.stopTick) {
      this.done = this.slotOf(this.now()) - 1;
      this.stopTick = this.startTick(this.resolutionMs, () => this.tick());
    }
    this.place(timer);
    return timer;
  }

  /** Into the slot before its due time's (never late, up to two slots early), never one already run. */
  private place(timer: WheelTimer): void {
    timer.slot = Math.max(this.done + 1, this.slotOf(timer.due) - 1);
    let timers = this.slots.get(timer.slot);
    if (!timers) this.slots.set(timer.slot, (timers = new Set()));
    timers.add(timer);
    this.count++;
  }

  private idle(): void {
    this.stopTick?.();
    this.stopTick = undefined;
  }

  private slotOf(ms: number): number {
    return Math.floor(ms / this.resolutionMs);
  }
}
