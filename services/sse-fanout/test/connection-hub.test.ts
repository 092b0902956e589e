import { createLogger, ManualClock } from '@storecast/service-kit';
import { ConnectionHub, type ConnectionHubOptions } from '../src/app/connection-hub';
import type { StreamSink } from '../src/app/ports';
import { ManualTimers } from './support/manual-timers';

/** A sink that records frames; `bufferedBytes` is what a test says the client has not read. */
class RecordingSink implements StreamSink {
  frames: string[] = [];
  bufferedBytes = 0;
  state: 'open' | 'ended' | 'destroyed' = 'open';
  private listeners: Array<() => void> = [];
  write(frame: Buffer) {
    this.frames.push(frame.toString());
  }
  end() {
    this.finish('ended');
  }
  destroy() {
    this.finish('destroyed');
  }
  onClose(listener: () => void) {
    this.listeners.push(listener);
  }
  events() {
    return this.frames.filter((f) => f.includes('event: ')).map((f) => /event: (.+)\n/.exec(f)![1] + ':' + (/"n":(\d+)/.exec(f)?.[1] ?? ''));
  }
  private finish(state: 'ended' | 'destroyed') {
    if (this.state !== 'open') return;
    this.state = state;
    this.listeners.forEach((l) => l());
  }
}

/** Like a response: end() closes later (the 'close' event), and a write after end is an error. */
class LateCloseSink extends RecordingSink {
  private ended = false;
  private closeListeners: Array<() => void> = [];
  override write(frame: Buffer) {
    if (this.ended) throw new Error('write after end');
    super.write(frame);
  }
  override end() {
    this.ended = true;
  }
  override onClose(listener: () => void) {
    this.closeListeners.push(listener);
  }
  /** The response's 'close' event, some time after end(). */
  closed() {
    this.closeListeners.forEach((l) => l());
  }
}

const hubWith = (overrides: Partial<ConnectionHubOptions> = {}) => {
  const clock = new ManualClock(new Date('2026-11-23T01:00:00.000Z'));
  const turns: Array<() => void> = [];
  const hub = new ConnectionHub({
    clock,
    timers: new ManualTimers(clock),
    logger: createLogger('hub-test', 'silent'),
    keepAliveMs: 25_000,
    keepAliveJitterMs: 0,
    maxLifetimeMs: 1_800_000,
    closeJitterMs: 0,
    retryMs: 3000,
    endedRetryMs: 65_000,
    maxBufferedBytes: 4096,
    writesPerTurn: 2,
    nextTurn: (fn) => void turns.push(fn),
    ...overrides,
  });
  /** Runs the event-loop turns the hub asked for, one at a time; returns how many ran. */
  const runTurns = () => {
    let count = 0;
    while (turns.length) {
      turns.shift()!();
      count++;
    }
    return count;
  };
  return { hub, turns, runTurns };
};

describe('fan-out in chunks', () => {
  it('writes at most writesPerTurn frames per event-loop turn and yields in between', () => {
    const { hub, turns, runTurns } = hubWith();
    const sinks = Array.from({ length: 5 }, () => new RecordingSink());
    sinks.forEach((s) => hub.open({ storeId: 's', deviceId: null }, s));
    hub.publish({ storeId: 's', deviceId: null }, 'announcement', { n: 1 });
    expect(sinks.map((s) => s.events().length)).toEqual([2, 2, 1, 1, 1]);
    expect(turns).toHaveLength(1);
    expect(runTurns()).toBe(2);
    expect(sinks.every((s) => s.events().at(-1) === 'announcement:1')).toBe(true);
  });

  it('every stream gets its events in publish order, also when a broadcast is still being written', () => {
    const { hub, runTurns } = hubWith();
    const sinks = Array.from({ length: 5 }, () => new RecordingSink());
    sinks.forEach((s) => hub.open({ storeId: 's', deviceId: null }, s));
    hub.publish({ storeId: 's', deviceId: null }, 'announcement', { n: 1 });
    hub.publish({ storeId: 's', deviceId: null }, 'announcement', { n: 2 });
    hub.publish({ storeId: 's', deviceId: null }, 'announcement-revoked', { n: 1 });
    runTurns();
    for (const sink of sinks) expect(sink.events()).toEqual(['connected:', 'announcement:1', 'announcement:2', 'announcement-revoked:1']);
    expect(hub.stats()).toMatchObject({ open: 5, delivered: 15, dropped: 0 });
  });

  it('a stream opened after an event was published does not get it (no replay)', () => {
    const { hub, runTurns } = hubWith();
    const early = Array.from({ length: 3 }, () => new RecordingSink());
    early.forEach((s) => hub.open({ storeId: 's', deviceId: null }, s));
    hub.publish({ storeId: 's', deviceId: null }, 'announcement', { n: 1 });
    const late = new RecordingSink();
    hub.open({ storeId: 's', deviceId: null }, late);
    runTurns();
    expect(late.events()).toEqual(['connected:']);
  });

  it('a stream that closes while a broadcast is under way is skipped', () => {
    const { hub, runTurns } = hubWith();
    const sinks = Array.from({ length: 4 }, () => new RecordingSink());
    sinks.forEach((s) => hub.open({ storeId: 's', deviceId: null }, s));
    hub.publish({ storeId: 's', deviceId: null }, 'announcement', { n: 1 });
    sinks[3]!.end();
    runTurns();
    expect(sinks[3]!.events()).toEqual(['connected:']);
    expect(hub.stats()).toMatchObject({ open: 3, delivered: 3 });
  });
});

describe('back-pressure', () => {
  it('a stream whose client is too far behind is dropped and forgotten; the others still get the event', () => {
    const { hub, runTurns } = hubWith({ writesPerTurn: 100 });
    const slow = new RecordingSink();
    const fast = new RecordingSink();
    hub.open({ storeId: 's', deviceId: null }, slow);
    hub.open({ storeId: 's', deviceId: null }, fast);
    slow.bufferedBytes = 4096 - 10;
    hub.publish({ storeId: 's', deviceId: null }, 'announcement', { n: 1 });
    runTurns();
    expect(slow.state).toBe('destroyed');
    expect(slow.events()).toEqual(['connected:']);
    expect(fast.events()).toEqual(['connected:', 'announcement:1']);
    expect(hub.stats()).toMatchObject({ open: 1, dropped: 1, delivered: 1 });
    hub.publish({ storeId: 's', deviceId: null }, 'announcement', { n: 2 });
    runTurns();
    expect(slow.frames).toHaveLength(1);
  });

  it('a frame that fits what is left of the buffer is written', () => {
    const { hub, runTurns } = hubWith({ writesPerTurn: 100 });
    const sink = new RecordingSink();
    hub.open({ storeId: 's', deviceId: null }, sink);
    sink.bufferedBytes = 2048;
    hub.publish({ storeId: 's', deviceId: null }, 'announcement', { n: 1 });
    runTurns();
    expect(sink.state).toBe('open');
    expect(sink.events()).toEqual(['connected:', 'announcement:1']);
  });

  it('streams opened in the same instant keep alive at different times: the first comes up to the jitter sooner, then every period', () => {
    const clock = new ManualClock();
    const timers = new ManualTimers(clock);
    // Each open draws its lifetime's jitter (0: no effect), then its first keep-alive's.
    const draws = [0, 0, 0, 0.5, 0, 0.96];
    const { hub } = hubWith({ timers, clock, keepAliveJitterMs: 24_000, random: () => draws.shift()! });
    const sinks = [new RecordingSink(), new RecordingSink(), new RecordingSink()];
    for (const sink of sinks) hub.open({ storeId: 's', deviceId: null }, sink);
    const start = clock.now().getTime();
    const keptAliveAt: number[][] = sinks.map(() => []);
    for (let t = 0; t < 60_000; t += 40) {
      timers.advance(40);
      sinks.forEach((sink, i) => {
        if (sink.frames.filter((f) => f.startsWith(':')).length > keptAliveAt[i]!.length) keptAliveAt[i]!.push(clock.now().getTime() - start);
      });
    }
    expect(keptAliveAt).toEqual([
      [25_000, 50_000],
      [13_000, 38_000],
      [1_960, 26_960, 51_960],
    ]);
  });

  it('keep-alives count against the buffer too', () => {
    const clock = new ManualClock();
    const timers = new ManualTimers(clock);
    const { hub } = hubWith({ timers, clock });
    const sink = new RecordingSink();
    hub.open({ storeId: 's', deviceId: null }, sink);
    sink.bufferedBytes = 4096;
    timers.advance(25_000);
    expect(sink.state).toBe('destroyed');
    expect(timers.pending).toBe(0);
  });
});

describe('a stream the server ends', () => {
  it('gets no keep-alive or event while its response is still closing (no write after end)', () => {
    const clock = new ManualClock();
    const timers = new ManualTimers(clock);
    const { hub, runTurns } = hubWith({ timers, clock, maxLifetimeMs: 40_000 });
    const sink = new LateCloseSink();
    hub.open({ storeId: 's', deviceId: null }, sink);
    timers.advance(60_000);
    expect(sink.frames.filter((f) => f.startsWith(':'))).toHaveLength(1);
    expect(timers.pending).toBe(0);
    expect(hub.stats().open).toBe(0);
    hub.publish({ storeId: 's', deviceId: null }, 'announcement', { n: 1 });
    runTurns();
    sink.closed();
    expect(sink.events()).toEqual(['connected:']);
    expect(hub.stats().open).toBe(0);
  });

  it('at shutdown: nothing is written after close() either', () => {
    const clock = new ManualClock();
    const timers = new ManualTimers(clock);
    const { hub, runTurns } = hubWith({ timers, clock, writesPerTurn: 1 });
    const sinks = [new LateCloseSink(), new LateCloseSink()];
    sinks.forEach((sink) => hub.open({ storeId: 's', deviceId: null }, sink));
    // The first stream gets the event in this turn, the second would in the next one.
    hub.publish({ storeId: 's', deviceId: null }, 'announcement', { n: 1 });
    hub.close();
    runTurns();
    hub.publish({ storeId: 's', deviceId: null }, 'announcement', { n: 2 });
    timers.advance(60_000);
    expect(sinks.map((sink) => sink.events())).toEqual([['connected:', 'announcement:1'], ['connected:']]);
    expect(timers.pending).toBe(0);
  });
});

describe('shutting down', () => {
  it('close() ends every stream and refuses new ones', () => {
    const { hub } = hubWith();
    const open = [new RecordingSink(), new RecordingSink()];
    open.forEach((s, i) => hub.open({ storeId: `s${i}`, deviceId: null }, s));
    hub.close();
    expect(open.map((s) => s.state)).toEqual(['ended', 'ended']);
    const late = new RecordingSink();
    hub.open({ storeId: 's', deviceId: null }, late);
    expect(late.state).toBe('ended');
    expect(late.frames).toEqual([]);
    expect(hub.stats().open).toBe(0);
  });
});

describe('ending the streams of a store or device that can no longer stream', () => {
  it('every stream of the store gets stream-ended after the events already queued for it, then is closed; yields between chunks', () => {
    const logger = createLogger('hub-test', 'silent');
    const logged = jest.spyOn(logger, 'info');
    const { hub, turns, runTurns } = hubWith({ logger });
    const sinks = Array.from({ length: 5 }, () => new LateCloseSink());
    sinks.forEach((s) => hub.open({ storeId: 's', deviceId: null }, s));
    const other = new RecordingSink();
    hub.open({ storeId: 'other', deviceId: null }, other);
    hub.publish({ storeId: 's', deviceId: null }, 'announcement', { n: 1 });
    hub.endStreams({ storeId: 's', deviceId: null }, 'STORE_SUSPENDED');
    hub.publish({ storeId: 's', deviceId: null }, 'announcement', { n: 2 });
    // 5 announcements and 5 last events, 2 writes per turn: the loop is never held for all of them.
    expect(turns).toHaveLength(1);
    expect(hub.stats().open).toBe(6);
    runTurns();
    for (const sink of sinks) {
      // A LateCloseSink throws on a write after end: the close came after the last event, and nothing followed it.
      expect(sink.events()).toEqual(['connected:', 'announcement:1', 'stream-ended:']);
      expect(sink.frames.at(-1)).toBe('retry: 65000\nevent: stream-ended\ndata: {"reason":"STORE_SUSPENDED","endedAt":"2026-11-23T01:00:00.000Z"}\n\n');
    }
    expect(other.state).toBe('open');
    expect(hub.stats()).toMatchObject({ open: 1, ended: 5 });
    expect(logged).toHaveBeenCalledWith({ storeId: 's', deviceId: null, reason: 'STORE_SUSPENDED', count: 5 }, 'streams ended');
  });

  it('the close waits for the last event of each stream even when it lies behind a broadcast that is still being written', () => {
    const { hub, runTurns } = hubWith({ writesPerTurn: 1 });
    const sinks = [new LateCloseSink(), new LateCloseSink(), new LateCloseSink()];
    sinks.forEach((s) => hub.open({ storeId: 's', deviceId: null }, s));
    hub.publish({ storeId: 's', deviceId: null }, 'announcement', { n: 1 });
    hub.endStreams({ storeId: 's', deviceId: null }, 'STORE_CLOSED');
    // Only the first stream has its announcement so far; none is closed yet.
    expect(sinks.map((s) => s.events().length)).toEqual([2, 1, 1]);
    expect(hub.stats().open).toBe(3);
    runTurns();
    for (const sink of sinks) expect(sink.events()).toEqual(['connected:', 'announcement:1', 'stream-ended:']);
    expect(hub.stats().open).toBe(0);
  });

  it('a revoked device ends only the streams opened for it; the store-level and other devices\' streams stay', () => {
    const { hub, runTurns } = hubWith();
    const storeLevel = new RecordingSink();
    const revoked = [new RecordingSink(), new RecordingSink()];
    const otherDevice = new RecordingSink();
    hub.open({ storeId: 's', deviceId: null }, storeLevel);
    revoked.forEach((s) => hub.open({ storeId: 's', deviceId: 'd1' }, s));
    hub.open({ storeId: 's', deviceId: 'd2' }, otherDevice);
    hub.endStreams({ storeId: 's', deviceId: 'd1' }, 'DEVICE_REVOKED');
    hub.publish({ storeId: 's', deviceId: null }, 'announcement', { n: 1 });
    runTurns();
    expect(revoked.map((s) => [s.state, s.events()])).toEqual([
      ['ended', ['connected:', 'stream-ended:']],
      ['ended', ['connected:', 'stream-ended:']],
    ]);
    expect([storeLevel, otherDevice].map((s) => [s.state, s.events()])).toEqual([
      ['open', ['connected:', 'announcement:1']],
      ['open', ['connected:', 'announcement:1']],
    ]);
    expect(hub.stats()).toMatchObject({ open: 2, ended: 2 });
  });

  it('an ended stream gets no keep-alive and no event afterwards, and its timers are cancelled', () => {
    const clock = new ManualClock(new Date('2026-11-23T01:00:00.000Z'));
    const timers = new ManualTimers(clock);
    const { hub, runTurns } = hubWith({ clock, timers });
    const sink = new LateCloseSink();
    hub.open({ storeId: 's', deviceId: null }, sink);
    hub.endStreams({ storeId: 's', deviceId: null }, 'STORE_DELETED');
    runTurns();
    expect(timers.pending).toBe(0);
    timers.advance(60_000);
    hub.publish({ storeId: 's', deviceId: null }, 'announcement', { n: 1 });
    runTurns();
    sink.closed();
    expect(sink.events()).toEqual(['connected:', 'stream-ended:']);
  });

  it('a store or device without streams here: nothing is queued, nothing logged', () => {
    const logger = createLogger('hub-test', 'silent');
    const logged = jest.spyOn(logger, 'info');
    const { hub, turns } = hubWith({ logger });
    const sink = new RecordingSink();
    hub.open({ storeId: 's', deviceId: 'd1' }, sink);
    hub.endStreams({ storeId: 'elsewhere', deviceId: null }, 'STORE_SUSPENDED');
    hub.endStreams({ storeId: 's', deviceId: 'd2' }, 'DEVICE_REVOKED');
    hub.endStreams({ storeId: 'elsewhere', deviceId: 'd1' }, 'DEVICE_REVOKED');
    expect(turns).toHaveLength(0);
    expect(sink.state).toBe('open');
    expect(hub.stats()).toMatchObject({ open: 1, ended: 0 });
    expect(logged).not.toHaveBeenCalled();
  });

  it('a stream that went away meanwhile, or whose client is too far behind for the last event, is not counted as ended', () => {
    const { hub, runTurns } = hubWith({ writesPerTurn: 1 });
    const [fine, gone, slow] = [new RecordingSink(), new RecordingSink(), new RecordingSink()];
    [fine, gone, slow].forEach((s) => hub.open({ storeId: 's', deviceId: null }, s));
    // The first stream is ended in this turn; the others' turn comes after they went away or fell behind.
    hub.endStreams({ storeId: 's', deviceId: null }, 'STORE_CLOSED');
    gone.end();
    slow.bufferedBytes = 4096;
    runTurns();
    expect([fine, gone, slow].map((s) => s.state)).toEqual(['ended', 'ended', 'destroyed']);
    expect(fine.events()).toEqual(['connected:', 'stream-ended:']);
    expect(hub.stats()).toMatchObject({ open: 0, ended: 1, dropped: 1 });
  });
});
