// The store player's audio engine and delivery logic are plain TypeScript (no React): these are
// the seams between them, the page and the server. The page implements PlayerApi with the
// generated client (features/player/api); tests implement it with fakes.

/** One music track of the store queue (GET /api/v1/store/playback/queue, item type MUSIC). */
export interface QueueMusic {
  type: 'MUSIC';
  musicId: string;
  title: string;
  durationSeconds: number;
  libraryId: string | null;
  audioUrl: string;
}

/** A commercial song of the queue (type COMMERCIAL): mixed over the music like an announcement. */
export interface QueueCommercial {
  type: 'COMMERCIAL';
  commercialId: string;
  title: string;
  durationSeconds: number;
  audioUrl: string;
  duckMusic: boolean;
}

export type QueueItem = QueueMusic | QueueCommercial;

export interface Ducking {
  enabled: boolean;
  /** Music gain while an announcement plays, 0..100 % of the music volume. */
  volumePercent: number;
  /** Length of the ramp down and back up. */
  fadeMs: number;
}

export interface StoreQueue {
  items: QueueItem[];
  commercialCycleSongs: number;
  ducking: Ducking;
  playlist: { id: string; name: string } | null;
  generatedAt: string;
  /**
   * Songs the store still plays before its next commercial, counted by the server from the plays
   * reported; the COMMERCIAL items are already placed by it, so the player only follows the order.
   */
  songsUntilCommercial?: number;
}

/** PendingAnnouncementItem of spec 03 § Store delivery. */
export interface PendingAnnouncement {
  dispatchId: string;
  announcementId: string;
  title: string;
  audioUrl: string;
  durationSeconds?: number | null;
  isEmergency: boolean;
  /** Absolute start (server time); null or past: at once. */
  playAt?: string | null;
}

export interface PendingList {
  items: PendingAnnouncement[];
  revokedDispatchIds: string[];
}

export type SignalSource = 'SSE' | 'POLLING';
export type AckOutcome = 'PLAYED' | 'FAILED' | 'SKIPPED';

export interface AckRequest {
  outcome: AckOutcome;
  deviceId: string | null;
  signalSource: SignalSource | null;
  receivedAt: string | null;
  startedAt: string | null;
}

export interface PlayLog {
  musicId: string;
  libraryId: string | null;
  startedAt: string;
  playedMs: number;
  cacheHit: boolean | null;
}

export type ReportedState = 'PLAYING' | 'PAUSED' | 'SILENT';

/** A commercial song that became audible over the music (reports carry them for the cadence). */
export interface CommercialPlay {
  commercialId: string;
  startedAt: string;
  playedMs: number;
}

export interface PlaybackReport {
  state: ReportedState;
  currentMusicId: string | null;
  logs: PlayLog[];
  deviceId: string | null;
  commercialPlays?: CommercialPlay[];
}

/** A response's Date header and when it arrived (device clock), for the clock offset. */
export interface ServerTimeSample {
  serverDate: string | null;
  /** Device time (ms) the request was sent and the response arrived. */
  sentAt: number;
  receivedAt: number;
}

/** The calls the player makes. Each rejects with a NetworkError when the network is down. */
export interface PlayerApi {
  readQueue(deviceId: string | null): Promise<{ queue: StoreQueue; time: ServerTimeSample }>;
  readPending(deviceId: string | null): Promise<{ pending: PendingList; time: ServerTimeSample }>;
  /** 204 → 'ok'; 404 DISPATCH_NOT_FOUND (already final) → 'final': both end the ack's life. */
  ack(dispatchId: string, body: AckRequest): Promise<'ok' | 'final'>;
  issueStreamTicket(deviceId: string | null): Promise<{ streamUrl: string; expiresInSeconds: number }>;
  report(body: PlaybackReport): Promise<{ recordedLogCount: number }>;
}

/** What a failed call means to the player: retry later (network, 5xx) or drop (4xx). */
export class NetworkError extends Error {
  constructor(message = 'network unavailable') {
    super(message);
    this.name = 'NetworkError';
  }
}

/** The EventSource the delivery opens (the browser's, or a fake in tests). */
export interface EventStream {
  addEventListener(type: string, listener: (event: { data?: string }) => void): void;
  close(): void;
  onerror: ((event: Event) => void) | null;
  onopen: ((event: Event) => void) | null;
}
export type EventStreamFactory = (url: string) => EventStream;

/** Timers, injectable so the state machines run under fake timers. */
export interface Timers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Where the connection to the server stands, shown on the player page. */
export type ConnectionState = 'STREAM' | 'POLLING' | 'OFFLINE';

/**
 * The audio output: a music bus and an announcement bus into one destination (Web Audio API).
 * Implemented by player-mixer.ts.
 */
export interface Mixer {
  /** Resumes the AudioContext (needs a user gesture unless autoplay is allowed). */
  resume(): Promise<void>;
  /** Starts this track now on the music bus, crossfading from the one playing. */
  playMusic(track: QueueMusic, options?: { crossfadeMs?: number }): Promise<void>;
  /** Loads the next track so it starts without a gap. */
  preloadMusic(track: QueueMusic): void;
  pauseMusic(): void;
  resumeMusic(): void;
  /** Master volume 0..1. */
  setVolume(volume: number): void;
  /**
   * Plays one overlay (announcement or commercial) on the announcement bus, ducking the music to
   * ducking.volumePercent with a ducking.fadeMs ramp when enabled and restoring it after. Resolves
   * when it ended ('ended') or was stopped ('stopped'); rejects when the audio cannot be played.
   * `onStarted` gets the device time (ms) the sound actually started.
   */
  playOverlay(
    overlay: { id: string; audioUrl: string },
    ducking: Ducking,
    onStarted?: (startedAtMs: number) => void,
  ): Promise<'ended' | 'stopped'>;
  /** Stops the overlay with this id at once (remote stop), restoring the music. */
  stopOverlay(id: string): void;
  /** The music bus gain now (tests and the page read it from the audio graph). */
  musicGain(): number;
  close(): Promise<void>;
}

export interface MixerEvents {
  /** A music track ended by itself (played to its end); playedMs as heard. */
  onMusicEnded?(track: QueueMusic, info: { startedAt: string; playedMs: number; cacheHit: boolean | null }): void;
  /** A music track could not be played (network, decode). */
  onMusicError?(track: QueueMusic, error: unknown): void;
  /** The playing track is within its crossfade of the end: the time to start the next one. */
  onMusicEnding?(track: QueueMusic): void;
  /** A track was faded out or stopped before its end because another one started. */
  onMusicCut?(track: QueueMusic, info: { startedAt: string; playedMs: number; cacheHit: boolean | null }): void;
}

/**
 * A Mixer whose music events can be listened to after it was made (the sequencer subscribes to
 * the mixer the page created). The track objects in the events are the ones given to playMusic.
 */
export interface MusicMixer extends Mixer {
  /** Adds these listeners; the returned function removes them. */
  listen(events: MixerEvents): () => void;
}

/** What the music sequencer tells the store player (added by the delivery side, store-player.ts). */
export interface SequencerEvents {
  /** A music track stopped being heard (ended or cut): one play log. */
  onTrackEnded?(log: PlayLog): void;
  /** A commercial song was played over the music. */
  onCommercialPlayed?(play: CommercialPlay): void;
  /** The music's state as the server should see it. */
  onStateChange?(state: ReportedState): void;
  onNowPlaying?(info: { current: QueueMusic | null; next: QueueMusic | null }): void;
}

/** What the store player gives the sequencer it makes: its events and a fresh queue on demand. */
export interface SequencerHooks extends SequencerEvents {
  refill(): Promise<StoreQueue>;
}

/**
 * The minimal music sequencer the store player drives (music-sequencer.ts's MusicSequencer fits):
 * plays the queue's items in order, the commercials the server placed among them.
 */
export interface MusicSequencerPort {
  /** Replaces the queue (a re-read brings fresh presigned URLs and settings); playback goes on. */
  load(queue: StoreQueue): void;
  start(): void;
  pause(): void;
  resume(): void;
  skip(): void;
  /** Volume 0..1. */
  setVolume(volume: number): void;
  dispose(): void;
}

/** Makes the sequencer with the store player's hooks (the page: hooks => new MusicSequencer({ mixer, ...hooks })). */
export type SequencerFactory = (hooks: SequencerHooks) => MusicSequencerPort;

/** Offline copies of audio (media-cache.ts's MediaCache fits): what the store player asks it to keep. */
export interface MediaCachePort {
  /** Downloads what is not cached yet (failures are tried again on the next call). */
  ensure(urls: readonly string[]): Promise<unknown>;
  /** These URLs are still needed; others may be evicted. */
  retain(urls: readonly string[]): unknown;
  has(url: string): boolean | Promise<boolean>;
}
