import {
  NetworkError,
  type ConnectionState,
  type EventStream,
  type EventStreamFactory,
  type PendingAnnouncement,
  type PendingList,
  type PlayerApi,
  type SignalSource,
  type Timers,
} from './ports';
import type { ServerClock } from './server-clock';

/** A pending item as handed to the scheduler: once per dispatchId (until released). */
export interface DeliveredAnnouncement extends PendingAnnouncement {
  signalSource: SignalSource;
  /**
   * When this player first saw the item, in server time (ISO). Server time, not the raw device
   * clock: the server computes signal_latency_ms = receivedAt − due with its own clock and drops
   * the value when the client is more than 30 s off, so a corrected time is what gives a true
   * latency (its error is at most half the clock's offset interval, about 0.5 s).
   */
  receivedAt: string;
  /** The same moment on the device clock (Timers), for local ordering. */
  receivedAtMs: number;
  /** It came with the first pending list since start(): a start-up backlog candidate. */
  fromFirstList: boolean;
}

export interface AnnouncementDeliveryOptions {
  api: PlayerApi;
  eventStreams: EventStreamFactory;
  timers: Timers;
  clock: ServerClock;
  deviceId: string | null;
  /** 0..1, for the reconnect jitter (Math.random by default). */
  random?: () => number;
  /** Network-lost and network-back notifications (the page: the window's offline/online events). */
  onNetworkChange?: (cb: (online: boolean) => void) => () => void;
  /** New items, each dispatchId once. */
  onItems(items: DeliveredAnnouncement[]): void;
  /** Dispatches HQ stopped remotely: stop them at once. Each id is reported once. */
  onRevoked(dispatchIds: string[]): void;
  onConnectionState?(state: ConnectionState): void;
  /** Every pending list read (the store player caches its audio). */
  onPendingList?(list: PendingList): void;
  /** The stream is back after a drop or an end (the store player re-reads the queue). */
  onReconnected?(): void;
  /** The server ended the stream for good (STORE_SUSPENDED, DEVICE_REVOKED...). */
  onStreamEnded?(reason: string): void;
  /** A call failed for another reason than the network (4xx: session, permissions). */
  onError?(error: unknown): void;
}

/** The numbers of spec 03 § Events and services/sse-fanout § Events. */
export const DELIVERY_TIMING = {
  pollMs: 20_000,
  relaxedPollMs: 60_000,
  /** Polling relaxes only after this much continuous stream connection. */
  relaxAfterMs: 90_000,
  /** The server's stream-ended retry hint: ticket lifetime + 5 s. */
  streamEndedPauseMs: 65_000,
  /** The server ends a stream at 30 min minus up to 60 s; we take a new ticket before it. */
  maxStreamMs: 29 * 60_000,
  /** Margin before connected.closesAt at which we reconnect ourselves. */
  closeMarginMs: 30_000,
  backoffBaseMs: 1_000,
  backoffMaxMs: 30_000,
  /** A connection that held this long resets the backoff (a flapping one does not). */
  stableConnectionMs: 30_000,
  /** Known and revoked ids absent from the server's lists are forgotten after this long. */
  forgetAfterMs: 60 * 60_000,
} as const;

type ReloadCause = 'start' | 'poll' | 'stream' | 'reconnect';

/**
 * Announcement delivery of spec 03 § Events: the event stream for speed, polling of the pending
 * list as the fallback that always runs (a missed stream event never prevents delivery).
 */
export class AnnouncementDelivery {
  private readonly random: () => number;
  private stopped = true;
  private unsubscribeNetwork: (() => void) | null = null;
  private generation = 0;
  private stream: EventStream | null = null;
  private connecting = false;
  private streamConnected = false;
  private connectedSince: number | null = null;
  private everConnected = false;
  private droppedSinceConnect = false;
  private attempt = 0;
  private reconnectTimer: unknown = null;
  private rotateTimer: unknown = null;
  private pollTimer: unknown = null;
  private lastLoadEndedAt: number | null = null;
  private loading = false;
  private queuedReload: ReloadCause | null = null;
  private firstListSeen = false;
  private readonly known = new Map<string, number>();
  private readonly revoked = new Map<string, number>();
  private lastCallOffline = false;
  private state: ConnectionState = 'POLLING';
  private endedReason: string | null = null;

  constructor(private readonly options: AnnouncementDeliveryOptions) {
    this.random = options.random ?? Math.random;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribeNetwork = this.options.onNetworkChange?.((online) => this.onNetwork(online)) ?? null;
    void this.reload('start');
    void this.connect();
  }

  /**
   * The browser says the network went or came back: an open stream may not notice a cut for a
   * long time (half-open TCP), so it is not trusted; back online, read the list and reconnect now.
   */
  private onNetwork(online: boolean): void {
    if (this.stopped) return;
    if (!online) {
      if (this.stream) this.lose();
      this.setOffline(true);
      return;
    }
    this.attempt = 0;
    this.clear('reconnectTimer');
    void this.reload('reconnect');
    void this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribeNetwork?.();
    this.unsubscribeNetwork = null;
    this.generation++;
    this.closeStream();
    this.streamConnected = false;
    this.connectedSince = null;
    this.clear('reconnectTimer');
    this.clear('pollTimer');
    this.loading = false;
    this.queuedReload = null;
  }

  connectionState(): ConnectionState {
    return this.state;
  }

  /** Why the server last ended the stream, until the next connection. */
  streamEndedReason(): string | null {
    return this.endedReason;
  }

  /** Forgets a dispatch so that a later pending list delivers it again (retry after FAILED). */
  release(dispatchId: string): void {
    this.known.delete(dispatchId);
  }

  /** Reads the pending list now (also what the poll timer does). */
  async reload(cause: ReloadCause = 'poll'): Promise<void> {
    if (this.stopped) return;
    if (this.loading) {
      // A reload asked during a read runs once after it: the read in flight may predate the event.
      this.queuedReload = cause === 'stream' || this.queuedReload === 'stream' ? 'stream' : cause;
      return;
    }
    this.loading = true;
    this.clear('pollTimer');
    const generation = this.generation;
    try {
      const { pending, time } = await this.options.api.readPending(this.options.deviceId);
      if (generation !== this.generation) return;
      this.options.clock.addSample(time);
      this.setOffline(false);
      // Items the stream announced count as SSE even when the list brings them first.
      this.handleList(pending, cause === 'stream' ? 'SSE' : 'POLLING');
    } catch (error) {
      if (generation !== this.generation) return;
      if (error instanceof NetworkError) {
        this.setOffline(true);
        // A failed read means the network is gone: a stream that has not noticed is not trusted.
        if (this.stream) {
          this.lose();
          this.scheduleReconnect(this.backoffDelay());
        }
      } else this.options.onError?.(error);
    } finally {
      if (generation === this.generation) {
        this.loading = false;
        this.lastLoadEndedAt = this.options.timers.now();
        const next = this.queuedReload;
        this.queuedReload = null;
        if (next) void this.reload(next);
        else this.schedulePoll(this.pollInterval());
      }
    }
  }

  private pollInterval(): number {
    const relaxed =
      this.streamConnected &&
      this.connectedSince !== null &&
      this.options.timers.now() - this.connectedSince >= DELIVERY_TIMING.relaxAfterMs;
    return relaxed ? DELIVERY_TIMING.relaxedPollMs : DELIVERY_TIMING.pollMs;
  }

  private schedulePoll(delayMs: number): void {
    this.clear('pollTimer');
    this.pollTimer = this.options.timers.setTimeout(() => {
      this.pollTimer = null;
      void this.reload('poll');
    }, delayMs);
  }

  /** At a drop, polling goes back to 20 s at once (not after the relaxed 60 s ran out). */
  private tightenPolling(): void {
    if (this.loading || this.stopped || this.lastLoadEndedAt === null) return;
    const elapsed = this.options.timers.now() - this.lastLoadEndedAt;
    this.schedulePoll(Math.max(0, DELIVERY_TIMING.pollMs - elapsed));
  }

  private handleList(list: PendingList, source: SignalSource): void {
    const now = this.options.timers.now();
    this.forget(this.known, new Set(list.items.map((i) => i.dispatchId)), now);
    this.forget(this.revoked, new Set(list.revokedDispatchIds), now);
    this.options.onPendingList?.(list);

    const newlyRevoked = list.revokedDispatchIds.filter((id) => !this.revoked.has(id));
    for (const id of newlyRevoked) this.revoked.set(id, now);
    if (newlyRevoked.length > 0) this.options.onRevoked(newlyRevoked);

    const fresh: DeliveredAnnouncement[] = [];
    for (const item of list.items) {
      const delivered = this.admit(item, source, !this.firstListSeen);
      if (delivered) fresh.push(delivered);
    }
    this.firstListSeen = true;
    if (fresh.length > 0) this.options.onItems(fresh);
  }

  private admit(item: PendingAnnouncement, source: SignalSource, fromFirstList: boolean): DeliveredAnnouncement | null {
    if (this.known.has(item.dispatchId) || this.revoked.has(item.dispatchId)) return null;
    const now = this.options.timers.now();
    this.known.set(item.dispatchId, now);
    return { ...item, signalSource: source, receivedAt: this.options.clock.toServerIso(now), receivedAtMs: now, fromFirstList };
  }

  /** Keeps the id sets bounded: ids the server no longer lists go after an hour. */
  private forget(ids: Map<string, number>, listed: Set<string>, now: number): void {
    for (const [id, seenAt] of ids) {
      if (!listed.has(id) && now - seenAt > DELIVERY_TIMING.forgetAfterMs) ids.delete(id);
    }
  }

  private async connect(): Promise<void> {
    if (this.stopped || this.stream || this.connecting) return;
    this.connecting = true;
    const generation = this.generation;
    let streamUrl: string;
    try {
      ({ streamUrl } = await this.options.api.issueStreamTicket(this.options.deviceId));
    } catch (error) {
      if (generation !== this.generation) return;
      this.connecting = false;
      if (error instanceof NetworkError) {
        this.setOffline(true);
        this.scheduleReconnect(this.backoffDelay());
      } else {
        // Refused (suspended store, signed out): asking again every second would not help.
        this.options.onError?.(error);
        this.scheduleReconnect(Math.max(this.backoffDelay(), DELIVERY_TIMING.streamEndedPauseMs));
      }
      return;
    }
    if (generation !== this.generation) return;
    this.connecting = false;
    this.setOffline(false);
    const stream = this.options.eventStreams(streamUrl);
    this.stream = stream;
    const mine = (fn: (data: unknown) => void) => (event: { data?: string }) => {
      if (this.stream === stream) fn(parseJson(event.data));
    };
    stream.addEventListener('connected', mine((data) => this.onConnected(data)));
    stream.addEventListener('announcement', mine((data) => this.onAnnouncement(data)));
    stream.addEventListener('announcement-revoked', mine((data) => this.onRevokedEvent(data)));
    stream.addEventListener('stream-ended', mine((data) => this.onStreamEnded(data)));
    stream.onerror = () => {
      if (this.stream === stream) this.onDrop();
    };
  }

  private onConnected(data: unknown): void {
    const now = this.options.timers.now();
    const reconnected = this.everConnected && this.droppedSinceConnect;
    this.streamConnected = true;
    this.connectedSince = now;
    this.everConnected = true;
    this.droppedSinceConnect = false;
    this.endedReason = null;
    this.updateState();

    let rotateAt = now + DELIVERY_TIMING.maxStreamMs;
    const closesAt = field(data, 'closesAt');
    if (typeof closesAt === 'string') {
      const closesAtDevice = this.options.clock.toDeviceTime(closesAt);
      if (!Number.isNaN(closesAtDevice)) rotateAt = Math.min(rotateAt, closesAtDevice - DELIVERY_TIMING.closeMarginMs);
    }
    this.clear('rotateTimer');
    this.rotateTimer = this.options.timers.setTimeout(() => {
      this.rotateTimer = null;
      this.rotate();
    }, Math.max(5_000, rotateAt - now));

    // Events are not replayed: whatever became pending while we were not connected is in the list.
    void this.reload('reconnect');
    if (reconnected) this.options.onReconnected?.();
  }

  private onAnnouncement(data: unknown): void {
    const item = toPendingItem(data);
    if (item) {
      // The event carries the item: hand it over now, the list read below confirms the rest.
      const delivered = this.admit(item, 'SSE', false);
      if (delivered) this.options.onItems([delivered]);
    }
    void this.reload('stream');
  }

  private onRevokedEvent(data: unknown): void {
    const dispatchId = field(data, 'dispatchId');
    if (typeof dispatchId !== 'string' || this.revoked.has(dispatchId)) return;
    this.revoked.set(dispatchId, this.options.timers.now());
    this.options.onRevoked([dispatchId]);
  }

  private onStreamEnded(data: unknown): void {
    const reason = field(data, 'reason');
    this.endedReason = typeof reason === 'string' ? reason : 'UNKNOWN';
    this.lose();
    this.options.onStreamEnded?.(this.endedReason);
    // Not at once: the server ended it on purpose (suspended store, revoked device).
    this.scheduleReconnect(DELIVERY_TIMING.streamEndedPauseMs);
  }

  private onDrop(): void {
    const heldFor = this.connectedSince === null ? 0 : this.options.timers.now() - this.connectedSince;
    if (heldFor >= DELIVERY_TIMING.stableConnectionMs) this.attempt = 0;
    this.lose();
    this.scheduleReconnect(this.backoffDelay());
  }

  /**
   * A new ticket before the server's 30-minute close. It counts as a drop for polling: the spec
   * relaxes polling after 90 s of continuous connection, and this one starts over.
   */
  private rotate(): void {
    this.lose();
    // A planned rotation is no reason to re-read the queue (it runs on its own 10-min timer).
    this.droppedSinceConnect = false;
    void this.connect();
  }

  private lose(): void {
    this.closeStream();
    this.streamConnected = false;
    this.connectedSince = null;
    this.droppedSinceConnect = true;
    this.updateState();
    this.tightenPolling();
  }

  private closeStream(): void {
    this.clear('rotateTimer');
    const stream = this.stream;
    this.stream = null;
    this.connecting = false;
    if (stream) {
      stream.onerror = null;
      // Closing also stops the browser's own reconnect with the (expired) ticket.
      stream.close();
    }
  }

  /** Exponential backoff 1 s → 30 s, each delay drawn in its upper half (spreads reconnect storms). */
  private backoffDelay(): number {
    const base = Math.min(DELIVERY_TIMING.backoffMaxMs, DELIVERY_TIMING.backoffBaseMs * 2 ** this.attempt);
    this.attempt++;
    return Math.round(base * (0.5 + 0.5 * this.random()));
  }

  private scheduleReconnect(delayMs: number): void {
    if (this.stopped) return;
    this.clear('reconnectTimer');
    this.reconnectTimer = this.options.timers.setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, delayMs);
  }

  private setOffline(offline: boolean): void {
    this.lastCallOffline = offline;
    this.updateState();
  }

  private updateState(): void {
    const next: ConnectionState = this.streamConnected ? 'STREAM' : this.lastCallOffline ? 'OFFLINE' : 'POLLING';
    if (next === this.state) return;
    this.state = next;
    this.options.onConnectionState?.(next);
  }

  private clear(timer: 'reconnectTimer' | 'rotateTimer' | 'pollTimer'): void {
    if (this[timer] !== null) this.options.timers.clearTimeout(this[timer]);
    this[timer] = null;
  }
}

function parseJson(data: string | undefined): unknown {
  if (data === undefined) return null;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return null;
  }
}

function field(data: unknown, name: string): unknown {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : undefined;
}

/** The announcement event's payload as a pending item, or null when it lacks what playing needs. */
function toPendingItem(data: unknown): PendingAnnouncement | null {
  const dispatchId = field(data, 'dispatchId');
  const audioUrl = field(data, 'audioUrl');
  if (typeof dispatchId !== 'string' || typeof audioUrl !== 'string') return null;
  const announcementId = field(data, 'announcementId');
  const title = field(data, 'title');
  const durationSeconds = field(data, 'durationSeconds');
  const playAt = field(data, 'playAt');
  return {
    dispatchId,
    announcementId: typeof announcementId === 'string' ? announcementId : '',
    title: typeof title === 'string' ? title : '',
    audioUrl,
    durationSeconds: typeof durationSeconds === 'number' ? durationSeconds : null,
    isEmergency: field(data, 'isEmergency') === true,
    playAt: typeof playAt === 'string' ? playAt : null,
  };
}
