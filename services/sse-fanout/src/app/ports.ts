/**
 * What the fan-out needs from outside: the open response of one client, and timers (keep-alive,
 * the 30-minute close) behind a port so tests move time by hand instead of sleeping.
 */

/** One client's open event stream. */
export interface StreamSink {
  /** Bytes accepted by write() that the process has not yet handed to the operating system. */
  readonly bufferedBytes: number;
  write(frame: Buffer): void;
  /** Closes the stream cleanly (the client reconnects). */
  end(): void;
  /** Cuts the connection at once (a client too slow to keep up). */
  destroy(): void;
  /** Called once when the stream is gone, whoever closed it. */
  onClose(listener: () => void): void;
}

export interface Timer {
  cancel(): void;
}

export interface Timers {
  /** Calls fn every ms milliseconds until cancelled; the first time after firstMs (default ms). */
  every(ms: number, fn: () => void, firstMs?: number): Timer;
  /** Calls fn once after ms milliseconds unless cancelled. */
  after(ms: number, fn: () => void): Timer;
}
