// Fakes for the player's unit tests: a hand-driven clock, a scripted server, an EventSource and a
// mixer whose overlays the test starts and ends. Not imported by production code.
import {
  NetworkError,
  type AckRequest,
  type Ducking,
  type EventStream,
  type EventStreamFactory,
  type Mixer,
  type PendingList,
  type PlaybackReport,
  type PlayerApi,
  type QueueMusic,
  type StoreQueue,
  type Timers,
} from './ports';

/** Lets pending promise chains (and fake-indexeddb's macrotasks) run. */
export async function settle(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setTimeout(resolve, 0));
}

interface ManualTimer {
  id: number;
  at: number;
  fn: () => void;
}

/** Timers whose clock moves only when the test advances it. */
export class ManualTimers implements Timers {
  private timers: ManualTimer[] = [];
  private nextId = 1;

  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.push({ id, at: this.current + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  /** Timers still armed. */
  pending(): number {
    return this.timers.length;
  }

  /** Moves the clock by ms, firing due timers in order and letting promises settle after each. */
  async advance(ms: number): Promise<void> {
    const end = this.current + ms;
    await settle(1);
    for (;;) {
      const next = this.timers
        .filter((t) => t.at <= end)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.current = Math.max(this.current, next.at);
      next.fn();
      await settle(2);
    }
    this.current = end;
    await settle(2);
  }
}

export class FakeEventStream implements EventStream {
  onerror: ((event: unknown) => void) | null = null;
  onopen: ((event: unknown) => void) | null = null;
  closed = false;
  private listeners = new Map<string, Array<(event: { data?: string }) => void>>();

  constructor(readonly url: string) {}

  addEventListener(type: string, listener: (event: { data?: string }) => void): void {
    const list = this.listeners.get(type) ?? [];
    list.push(listener);
    this.listeners.set(type, list);
  }

  close(): void {
    this.closed = true;
  }

  emit(type: string, data?: unknown): void {
    const text = data === undefined ? undefined : typeof data === 'string' ? data : JSON.stringify(data);
    for (const listener of this.listeners.get(type) ?? []) listener({ data: text });
  }

  /** The connection broke (EventSource fires error). */
  fail(): void {
    this.onerror?.(new Error('dropped'));
  }
}

export class FakeEventStreams {
  readonly opened: FakeEventStream[] = [];
  readonly factory: EventStreamFactory = (url) => {
    const stream = new FakeEventStream(url);
    this.opened.push(stream);
    return stream;
  };

  last(): FakeEventStream {
    const stream = this.opened[this.opened.length - 1];
    if (!stream) throw new Error('no stream opened');
    return stream;
  }

  open(): FakeEventStream[] {
    return this.opened.filter((s) => !s.closed);
  }
}

export interface ApiCall {
  method: 'readQueue' | 'readPending' | 'ack' | 'issueStreamTicket' | 'report';
  at: number;
  args: unknown[];
}

export class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

export function music(id: string): QueueMusic {
  return { type: 'MUSIC', musicId: id, title: id, durationSeconds: 180, libraryId: 'lib-1', audioUrl: `https://media/${id}.mp3` };
}

export const defaultDucking: Ducking = { enabled: true, volumePercent: 20, fadeMs: 400 };

/** A scripted server: `online = false` makes every call reject with NetworkError. */
export class FakePlayerApi implements PlayerApi {
  online = true;
  pending: PendingList = { items: [], revokedDispatchIds: [] };
  queue: StoreQueue = {
    items: [music('m1'), music('m2')],
    commercialCycleSongs: 5,
    ducking: defaultDucking,
    playlist: { id: 'pl-1', name: 'Morning' },
    generatedAt: '2025-03-01T10:00:00.000Z',
  };
  /** Server time minus device time, as the Date headers show it. */
  serverOffsetMs = 0;
  calls: ApiCall[] = [];
  ackResult: (dispatchId: string, body: AckRequest) => Promise<'ok' | 'final'> = async () => 'ok';
  reportResult: (body: PlaybackReport) => Promise<{ recordedLogCount: number }> = async (body) => ({
    recordedLogCount: body.logs.length,
  });
  ticketResult: () => Promise<{ streamUrl: string; expiresInSeconds: number }> = async () => ({
    streamUrl: `https://api/stream?ticket=t${++this.tickets}`,
    expiresInSeconds: 60,
  });
  private tickets = 0;

  constructor(private readonly timers: Timers) {}

  private call(method: ApiCall['method'], args: unknown[]): void {
    this.calls.push({ method, at: this.timers.now(), args });
    if (!this.online) throw new NetworkError();
  }

  private time() {
    const now = this.timers.now();
    return { serverDate: new Date(now + this.serverOffsetMs).toUTCString(), sentAt: now, receivedAt: now };
  }

  count(method: ApiCall['method']): number {
    return this.calls.filter((c) => c.method === method).length;
  }

  async readQueue(deviceId: string | null) {
    this.call('readQueue', [deviceId]);
    return { queue: structuredClone(this.queue), time: this.time() };
  }

  async readPending(deviceId: string | null) {
    this.call('readPending', [deviceId]);
    return { pending: structuredClone(this.pending), time: this.time() };
  }

  async ack(dispatchId: string, body: AckRequest) {
    this.call('ack', [dispatchId, body]);
    return this.ackResult(dispatchId, body);
  }

  async issueStreamTicket(deviceId: string | null) {
    this.call('issueStreamTicket', [deviceId]);
    return this.ticketResult();
  }

  async report(body: PlaybackReport) {
    this.call('report', [body]);
    return this.reportResult(body);
  }
}

export interface FakeOverlay {
  id: string;
  audioUrl: string;
  ducking: Ducking;
  /** The sound starts (onStarted with this device time). */
  start(atMs: number): void;
  end(): void;
  fail(error?: unknown): void;
  /** What stopOverlay does: resolves 'stopped'. */
  stop(): void;
  settled: boolean;
}

/** A mixer whose overlays the test starts, ends or fails by hand. */
export class FakeMixer implements Mixer {
  overlays: FakeOverlay[] = [];
  stopped: string[] = [];
  volume = 1;
  resumed = 0;
  closed = false;

  async resume(): Promise<void> {
    this.resumed++;
  }
  async playMusic(): Promise<void> {}
  preloadMusic(): void {}
  pauseMusic(): void {}
  resumeMusic(): void {}
  setVolume(volume: number): void {
    this.volume = volume;
  }
  musicGain(): number {
    return 1;
  }
  async close(): Promise<void> {
    this.closed = true;
  }

  playOverlay(
    overlay: { id: string; audioUrl: string },
    ducking: Ducking,
    onStarted?: (startedAtMs: number) => void,
  ): Promise<'ended' | 'stopped'> {
    return new Promise((resolve, reject) => {
      const entry: FakeOverlay = {
        id: overlay.id,
        audioUrl: overlay.audioUrl,
        ducking,
        settled: false,
        start: (atMs) => onStarted?.(atMs),
        end: () => {
          entry.settled = true;
          resolve('ended');
        },
        fail: (error) => {
          entry.settled = true;
          reject(error ?? new Error('decode failed'));
        },
        stop: () => {
          entry.settled = true;
          resolve('stopped');
        },
      };
      this.overlays.push(entry);
    });
  }

  stopOverlay(id: string): void {
    this.stopped.push(id);
    for (const o of this.overlays) {
      if (o.id === id && !o.settled) o.stop();
    }
  }

  /** The overlay currently playing (not settled), if any. */
  playing(): FakeOverlay | undefined {
    return this.overlays.find((o) => !o.settled);
  }
}
