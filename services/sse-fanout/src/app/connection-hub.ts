import { toIso, type Clock, type Logger } from '@storecast/service-kit';
import { eventFrame, firstKeepAliveMs, KEEP_ALIVE_FRAME, lifetimeMs, reaches, type EventTarget, type StreamAudience } from '../domain/sse';
import type { StreamSink, Timer, Timers } from './ports';
import { STREAM_EVENT, type ConnectedEvent, type StreamEndedEvent, type StreamEndReason } from './stream-events';

export interface ConnectionHubOptions {
  clock: Clock;
  timers: Timers;
  logger: Logger;
  keepAliveMs: number;
  /** The first keep-alive comes up to this much earlier than keepAliveMs, at random per stream. */
  keepAliveJitterMs: number;
  maxLifetimeMs: number;
  closeJitterMs: number;
  /** EventSource reconnection delay sent with `connected`. */
  retryMs: number;
  /**
   * Reconnection delay sent with `stream-ended`: longer than a stream ticket lives, so a plain
   * EventSource's own reconnect comes with an expired ticket, is refused (401) and stops.
   */
  endedRetryMs: number;
  /** Bytes a stream may have waiting for its client before it is dropped. */
  maxBufferedBytes: number;
  /** Socket writes per event-loop turn while fanning out. */
  writesPerTurn: number;
  /** 0 ≤ random() < 1, for the close and keep-alive jitters. */
  random?: () => number;
  /** Runs fn on a later turn of the event loop (setImmediate). */
  nextTurn?: (fn: () => void) => void;
}

interface Stream {
  readonly audience: StreamAudience;
  readonly sink: StreamSink;
  open: boolean;
  keepAlive?: Timer;
  lifetime?: Timer;
}

/** One event on its way to the streams it reaches (snapshot at publish time: no replay for later ones). */
interface FanOut {
  frame: Buffer;
  targets: Stream[];
  next: number;
  /** Set when the event is the last one: each stream is closed right after it (see endStreams). */
  ending?: Ending;
}

/** What an ending fan-out logs once its last stream is done. */
interface Ending {
  target: EventTarget;
  reason: StreamEndReason;
  ended: number;
}

export interface HubStats {
  /** Streams open now. */
  open: number;
  /** Streams dropped because their client could not keep up. */
  dropped: number;
  /** Event frames written to streams. */
  delivered: number;
  /** Streams closed after a `stream-ended` event (store suspended, closed or deleted; device revoked). */
  ended: number;
}

const KEEP_ALIVE = Buffer.from(KEEP_ALIVE_FRAME);

/**
 * The open streams of this replica, by store, and the fan-out of events to them.
 *
 * - Every event is serialized once and written to each stream it reaches through one FIFO queue,
 *   `writesPerTurn` writes per event-loop turn: a broadcast to thousands of streams yields between
 *   chunks (no long block) and every stream still gets its events in publish order.
 * - Back-pressure: a stream whose unsent bytes would go over `maxBufferedBytes` is dropped (its
 *   connection cut), so a slow client never makes the process hold unbounded memory. The player
 *   reconnects and reloads its pending list, as after any lost connection.
 * - Each stream gets a keep-alive comment every `keepAliveMs` (the first up to `keepAliveJitterMs`
 *   sooner, so streams opened together do not keep alive together) and is closed by the server after its
 *   lifetime (at most `maxLifetimeMs`, up to `closeJitterMs` earlier).
 * - A store or device that can no longer stream (endStreams) has its streams ended through the same
 *   queue: one last `stream-ended` event after whatever was queued for them, then the close.
 */
export class ConnectionHub {
  private readonly byStore = new Map<string, Set<Stream>>();
  private readonly queue: FanOut[] = [];
  private draining = false;
  private closed = false;
  private readonly counters = { dropped: 0, delivered: 0, ended: 0 };
  private openCount = 0;
  private readonly random: () => number;
  private readonly nextTurn: (fn: () => void) => void;

  constructor(private readonly options: ConnectionHubOptions) {
    this.random = options.random ?? Math.random;
    this.nextTurn = options.nextTurn ?? ((fn) => void setImmediate(fn));
  }

  /** Registers a client's stream and sends `connected`; a hub that is shutting down closes it at once. */
  open(audience: StreamAudience, sink: StreamSink): void {
    if (this.closed) {
      sink.end();
      return;
    }
    const stream: Stream = { audience, sink, open: true };
    let streams = this.byStore.get(audience.storeId);
    if (!streams) this.byStore.set(audience.storeId, (streams = new Set()));
    streams.add(stream);
    this.openCount++;
    sink.onClose(() => this.forget(stream));

    const { clock, timers, maxLifetimeMs, closeJitterMs, keepAliveMs, keepAliveJitterMs, retryMs } = this.options;
    const now = clock.now();
    const lifetime = lifetimeMs(maxLifetimeMs, closeJitterMs, this.random);
    const connected: ConnectedEvent = {
      storeId: audience.storeId,
      deviceId: audience.deviceId,
      connectedAt: toIso(now),
      closesAt: toIso(new Date(now.getTime() + lifetime)),
      keepAliveSeconds: Math.round(keepAliveMs / 1000),
    };
    this.write(stream, Buffer.from(eventFrame(STREAM_EVENT.connected, connected, { retryMs })));
    if (!stream.open) return;
    stream.keepAlive = timers.every(keepAliveMs, () => this.write(stream, KEEP_ALIVE), firstKeepAliveMs(keepAliveMs, keepAliveJitterMs, this.random));
    stream.lifetime = timers.after(lifetime, () => this.end(stream));
  }

  /** Sends one event to every open stream it reaches (see domain/sse.ts `reaches`). */
  publish(target: EventTarget, event: string, data: unknown): void {
    const streams = this.byStore.get(target.storeId);
    if (!streams) return;
    const targets: Stream[] = [];
    for (const stream of streams) if (reaches(stream.audience, target)) targets.push(stream);
    if (targets.length === 0) return;
    this.queue.push({ frame: Buffer.from(eventFrame(event, data)), targets, next: 0 });
    if (!this.draining) this.drain();
  }

  /**
   * Ends the open streams a target reaches — every stream of the store (deviceId null), or only
   * those opened for that device — with one last `stream-ended` event saying why. It goes through
   * the fan-out queue like any event: each of these streams gets it after every event already
   * queued for it and is closed right after it (never before a queued write), `writesPerTurn`
   * streams per turn. Streams opened after this call are not ended (snapshot, as for publish).
   */
  endStreams(target: EventTarget, reason: StreamEndReason): void {
    const streams = this.byStore.get(target.storeId);
    if (!streams) return;
    const targets: Stream[] = [];
    for (const stream of streams) if (reaches(stream.audience, target)) targets.push(stream);
    if (targets.length === 0) return;
    const data: StreamEndedEvent = { reason, endedAt: toIso(this.options.clock.now()) };
    this.queue.push({ frame: Buffer.from(eventFrame(STREAM_EVENT.ended, data, { retryMs: this.options.endedRetryMs })), targets, next: 0, ending: { target, reason, ended: 0 } });
    if (!this.draining) this.drain();
  }

  /** Stops accepting streams and closes every open one (they reconnect to another replica). */
  close(): void {
    this.closed = true;
    this.queue.length = 0;
    for (const streams of [...this.byStore.values()]) for (const stream of [...streams]) this.end(stream);
  }

  stats(): HubStats {
    return { open: this.openCount, ...this.counters };
  }

  private readonly drain = (): void => {
    this.draining = true;
    let budget = this.options.writesPerTurn;
    while (this.queue.length > 0 && budget > 0) {
      const fanOut = this.queue[0]!;
      while (fanOut.next < fanOut.targets.length && budget > 0) {
        const stream = fanOut.targets[fanOut.next++]!;
        if (!stream.open) continue;
        if (this.write(stream, fanOut.frame)) {
          this.counters.delivered++;
          if (fanOut.ending) this.endAfterLastEvent(stream, fanOut.ending);
        }
        budget--;
      }
      if (fanOut.next >= fanOut.targets.length) {
        this.queue.shift();
        if (fanOut.ending) this.logEnded(fanOut.ending);
      }
    }
    if (this.queue.length > 0) this.nextTurn(this.drain);
    else this.draining = false;
  };

  /** Writes one frame, or drops the stream when its client is too far behind; true when written. */
  private write(stream: Stream, frame: Buffer): boolean {
    if (!stream.open) return false;
    if (stream.sink.bufferedBytes + frame.length > this.options.maxBufferedBytes) {
      this.counters.dropped++;
      this.options.logger.info({ storeId: stream.audience.storeId, buffered: stream.sink.bufferedBytes }, 'slow stream client dropped');
      this.forget(stream);
      stream.sink.destroy();
      return false;
    }
    stream.sink.write(frame);
    return true;
  }

  /**
   * Closes a stream from this side. It is forgotten at once (timers cancelled, no more frames):
   * the response's 'close' comes later, and a keep-alive written in between would be a write
   * after end, which is an error on the response.
   */
  private end(stream: Stream): void {
    this.forget(stream);
    stream.sink.end();
  }

  /** The stream's last event is written (after everything queued before it): the close follows it. */
  private endAfterLastEvent(stream: Stream, ending: Ending): void {
    this.end(stream);
    ending.ended++;
    this.counters.ended++;
  }

  private logEnded({ target, reason, ended }: Ending): void {
    this.options.logger.info({ storeId: target.storeId, deviceId: target.deviceId, reason, count: ended }, 'streams ended');
  }

  private forget(stream: Stream): void {
    if (!stream.open) return;
    stream.open = false;
    stream.keepAlive?.cancel();
    stream.lifetime?.cancel();
    const streams = this.byStore.get(stream.audience.storeId);
    streams?.delete(stream);
    if (streams?.size === 0) this.byStore.delete(stream.audience.storeId);
    this.openCount--;
  }
}
