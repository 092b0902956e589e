import { AnnouncementDelivery } from './announcement-delivery';
import { AnnouncementScheduler, type RecentAnnouncement } from './announcement-scheduler';
import { OfflineQueue } from './offline-queue';
import { PlaybackReporter } from './playback-reporter';
import {
  NetworkError,
  browserTimers,
  type ConnectionState,
  type EventStreamFactory,
  type MediaCachePort,
  type Mixer,
  type MusicSequencerPort,
  type PlayerApi,
  type QueueMusic,
  type ReportedState,
  type SequencerFactory,
  type StoreQueue,
  type Timers,
} from './ports';
import { ServerClock } from './server-clock';

export interface StorePlayerOptions {
  api: PlayerApi;
  mixer: Mixer;
  /** Makes the music sequencer with the player's hooks; without it only announcements play. */
  sequencer?: SequencerFactory;
  timers?: Timers;
  eventStreams: EventStreamFactory;
  deviceId: string | null;
  /** IndexedDB name of the outbox ('storecast-player'). */
  dbName?: string;
  /** Network-back notifications (the page: windowOnline). */
  onOnline?: (cb: () => void) => () => void;
  /** Network lost / back (the page: windowNetwork), so the delivery does not trust a dead stream. */
  onNetworkChange?: (cb: (online: boolean) => void) => () => void;
  mediaCache?: MediaCachePort;
  random?: () => number;
  /** Queue re-read interval (10 min): fresh presigned URLs and settings. */
  queueRefreshMs?: number;
  /** Re-read after a failed queue read. */
  queueRetryMs?: number;
}

export interface StorePlayerSnapshot {
  started: boolean;
  connection: ConnectionState;
  /** Why the server ended the stream (STORE_SUSPENDED...), until it connects again. */
  streamEndedReason: string | null;
  nowPlaying: QueueMusic | null;
  next: QueueMusic | null;
  state: ReportedState;
  volume: number;
  paused: boolean;
  playlist: { id: string; name: string } | null;
  recentAnnouncements: RecentAnnouncement[];
  pendingOutbox: number;
  lastError: string | null;
}

export const QUEUE_REFRESH_MS = 10 * 60_000;
const QUEUE_RETRY_MS = 30_000;

/** window 'online' as the outbox's network-back hook (absent outside a browser). */
/** The window's offline and online events. */
export const windowNetwork = (cb: (online: boolean) => void): (() => void) => {
  const offline = () => cb(false);
  const online = () => cb(true);
  window.addEventListener('offline', offline);
  window.addEventListener('online', online);
  return () => {
    window.removeEventListener('offline', offline);
    window.removeEventListener('online', online);
  };
};

export const windowOnline = (cb: () => void): (() => void) => {
  if (typeof window === 'undefined') return () => {};
  window.addEventListener('online', cb);
  return () => window.removeEventListener('online', cb);
};

/**
 * The store player the React page drives: music (sequencer), announcements (delivery → scheduler),
 * and what the server must hear (reporter and acks through the offline queue).
 */
export class StorePlayer {
  private readonly timers: Timers;
  private readonly clock: ServerClock;
  private readonly listeners = new Set<(snapshot: StorePlayerSnapshot) => void>();
  private snap: StorePlayerSnapshot = {
    started: false,
    connection: 'POLLING',
    streamEndedReason: null,
    nowPlaying: null,
    next: null,
    state: 'SILENT',
    volume: 1,
    paused: false,
    playlist: null,
    recentAnnouncements: [],
    pendingOutbox: 0,
    lastError: null,
  };
  private outbox: OfflineQueue | null = null;
  private reporter: PlaybackReporter | null = null;
  private scheduler: AnnouncementScheduler | null = null;
  private delivery: AnnouncementDelivery | null = null;
  private sequencer: MusicSequencerPort | null = null;
  private sequencerStarted = false;
  private queueTimer: unknown = null;
  private running = false;
  private queueUrls: string[] = [];
  private pendingUrls: string[] = [];
  /** Outbox writes under way, awaited before the database closes. */
  private readonly writes = new Set<Promise<void>>();

  constructor(private readonly options: StorePlayerOptions) {
    this.timers = options.timers ?? browserTimers;
    this.clock = new ServerClock(this.timers);
  }

  snapshot(): StorePlayerSnapshot {
    return this.snap;
  }

  /** Calls the listener with every new snapshot (and once now); returns the unsubscribe. */
  subscribe(listener: (snapshot: StorePlayerSnapshot) => void): () => void {
    this.listeners.add(listener);
    listener(this.snap);
    return () => this.listeners.delete(listener);
  }

  /** Starts playing (call it from a user gesture: the AudioContext needs one to resume). */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const { api, mixer, deviceId } = this.options;
    try {
      await mixer.resume();
    } catch (error) {
      this.fail(error);
    }
    const outbox = await OfflineQueue.open({
      api,
      timers: this.timers,
      deviceId,
      dbName: this.options.dbName,
      onOnline: this.options.onOnline,
      onChange: (pendingOutbox) => this.set({ pendingOutbox }),
      onReportSent: () => this.reporter?.noteReportSent(),
    });
    if (!this.running) {
      outbox.close();
      return;
    }
    this.outbox = outbox;
    this.reporter = new PlaybackReporter({ queue: outbox, timers: this.timers });
    this.scheduler = new AnnouncementScheduler({
      mixer,
      clock: this.clock,
      timers: this.timers,
      outbox,
      deviceId,
      onChange: (recentAnnouncements) => this.set({ recentAnnouncements }),
      onRetryAllowed: (id) => this.delivery?.release(id),
    });
    this.delivery = new AnnouncementDelivery({
      api,
      eventStreams: this.options.eventStreams,
      timers: this.timers,
      clock: this.clock,
      deviceId,
      random: this.options.random,
      onNetworkChange: this.options.onNetworkChange,
      onItems: (items) => {
        this.cache(items.map((i) => i.audioUrl));
        this.scheduler?.deliver(items);
      },
      onRevoked: (ids) => this.scheduler?.revoke(ids),
      onConnectionState: (connection) => this.set({ connection, streamEndedReason: this.delivery?.streamEndedReason() ?? null }),
      onPendingList: (list) => {
        this.pendingUrls = list.items.map((i) => i.audioUrl);
        this.cache(this.pendingUrls);
      },
      onReconnected: () => void this.refreshQueue(),
      onStreamEnded: (streamEndedReason) => this.set({ streamEndedReason }),
      onError: (error) => this.fail(error),
    });
    if (this.options.sequencer) {
      this.sequencer = this.options.sequencer({
        onTrackEnded: (log) => this.write(outbox.enqueueLogs([log])),
        onCommercialPlayed: (play) => this.write(outbox.enqueueCommercialPlays([play])),
        onStateChange: (state) => {
          this.set({ state });
          this.reporter?.update(state, this.snap.nowPlaying?.musicId ?? null);
        },
        onNowPlaying: ({ current, next }) => {
          this.set({ nowPlaying: current, next });
          this.reporter?.update(this.snap.state, current?.musicId ?? null);
        },
        // The server places commercials from the songs reported: send the waiting logs first.
        refill: async () => {
          await outbox.flush();
          const queue = await this.readQueue();
          if (!queue) throw new Error('queue unavailable');
          return queue;
        },
      });
      this.sequencer.setVolume(this.snap.volume);
    }
    outbox.start();
    this.reporter.start();
    this.delivery.start();
    this.set({ started: true, connection: this.delivery.connectionState() });
    await this.refreshQueue();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.clearQueueTimer();
    this.delivery?.stop();
    this.scheduler?.stop();
    this.reporter?.stop();
    // Dispose logs what was audible; those writes land before the database closes.
    this.sequencer?.dispose();
    await Promise.allSettled([...this.writes]);
    this.outbox?.close();
    this.delivery = null;
    this.scheduler = null;
    this.reporter = null;
    this.sequencer = null;
    this.outbox = null;
    this.sequencerStarted = false;
    this.set({ started: false });
  }

  pause(): void {
    this.sequencer?.pause();
    this.set({ paused: true });
  }

  resume(): void {
    this.sequencer?.resume();
    this.set({ paused: false });
  }

  skip(): void {
    this.sequencer?.skip();
  }

  /** Volume 0..1 (music and announcements: the mixer's master). */
  setVolume(volume: number): void {
    const v = Math.min(1, Math.max(0, volume));
    if (this.sequencer) this.sequencer.setVolume(v);
    else this.options.mixer.setVolume(v);
    this.set({ volume: v });
  }

  /** Reads the queue now and hands it to the sequencer; again in 10 minutes (30 s after a failure). */
  async refreshQueue(): Promise<void> {
    if (!this.running) return;
    this.clearQueueTimer();
    const queue = await this.readQueue();
    if (!this.running) return;
    if (queue && this.sequencer) {
      this.sequencer.load(queue);
      if (!this.sequencerStarted) {
        this.sequencerStarted = true;
        this.sequencer.start();
      }
    }
    this.queueTimer = this.timers.setTimeout(
      () => {
        this.queueTimer = null;
        void this.refreshQueue();
      },
      queue ? (this.options.queueRefreshMs ?? QUEUE_REFRESH_MS) : (this.options.queueRetryMs ?? QUEUE_RETRY_MS),
    );
  }

  private async readQueue(): Promise<StoreQueue | null> {
    try {
      const { queue, time } = await this.options.api.readQueue(this.options.deviceId);
      this.clock.addSample(time);
      // Announcements duck with the queue's effective settings (store override else HQ).
      this.scheduler?.setDucking(queue.ducking);
      this.queueUrls = queue.items.map((i) => i.audioUrl);
      this.cache(this.queueUrls);
      this.set({ playlist: queue.playlist, lastError: null });
      return queue;
    } catch (error) {
      this.fail(error);
      return null;
    }
  }

  /** Keeps the queue's and the pending list's audio offline; ensure of new ones, retain of all. */
  private cache(urls: string[]): void {
    const cache = this.options.mediaCache;
    if (!cache) return;
    cache.retain([...new Set([...this.queueUrls, ...this.pendingUrls, ...urls])]);
    if (urls.length > 0) cache.ensure(urls).catch((error: unknown) => console.warn('media cache', error));
  }

  private write(promise: Promise<void>): void {
    const tracked = promise.catch((error: unknown) => console.warn('player outbox write failed', error));
    this.writes.add(tracked);
    void tracked.finally(() => this.writes.delete(tracked));
  }

  private fail(error: unknown): void {
    const lastError = error instanceof NetworkError ? 'network unavailable' : error instanceof Error ? error.message : String(error);
    this.set({ lastError });
  }

  private clearQueueTimer(): void {
    if (this.queueTimer !== null) this.timers.clearTimeout(this.queueTimer);
    this.queueTimer = null;
  }

  private set(patch: Partial<StorePlayerSnapshot>): void {
    this.snap = { ...this.snap, ...patch };
    for (const listener of this.listeners) listener(this.snap);
  }
}
