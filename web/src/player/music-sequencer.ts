// Plays the store queue on the mixer: MUSIC items in order (the next one preloaded, crossfaded
// into when the mixer says the current one is ending), COMMERCIAL items as overlays over the
// music without stopping it, from the first item again after the last.
//
// Where commercials go is the server's decision, from the songs the store reported played (the
// queue's songsUntilCommercial and the COMMERCIAL items placed by it): the sequencer only follows
// the order. At the end of the queue it therefore lets the last song finish and reports it
// (onTrackEnded) before asking refill() for a fresh queue, so the server counts that song; the
// page's refill should send the pending report before reading the queue.
import type {
  CommercialPlay, Ducking, MusicMixer, PlayLog, QueueCommercial, QueueMusic, ReportedState, StoreQueue, Timers,
} from './ports';
import { browserTimers } from './ports';

export interface NowPlaying {
  current: QueueMusic | null;
  next: QueueMusic | null;
}

export interface MusicSequencerOptions {
  mixer: MusicMixer;
  /** A fresh queue when the sequencer wraps or is silent (the page passes readQueue). */
  refill?: () => Promise<StoreQueue>;
  /** The media cache, for the play log's cacheHit (null without it). */
  cache?: { has(url: string): Promise<boolean> };
  timers?: Timers;
  /** Wait before the one retry of a track that failed to start. */
  retryDelayMs?: number;
  /** While nothing can play: how often to read the queue again and try. */
  silentRetryMs?: number;
  /** Crossfade of a skip: short, the listener asked for the change. */
  skipCrossfadeMs?: number;
  /** A refill slower than this is given up for this wrap: the old queue plays again. */
  refillTimeoutMs?: number;
  onTrackStarted?(track: QueueMusic): void;
  onTrackEnded?(log: PlayLog): void;
  onCommercialPlayed?(play: CommercialPlay): void;
  onStateChange?(state: ReportedState): void;
  onNowPlaying?(now: NowPlaying): void;
}

/** One music play from playMusic on: its stopwatch excludes paused time. */
interface Play {
  item: QueueMusic;
  /** The object given to the mixer: its events name this play by identity, also for a repeat. */
  copy: QueueMusic;
  attempts: number;
  startedAtMs: number | null;
  playedMs: number;
  runningSince: number | null;
  cacheHit: boolean | null;
}

interface Scan {
  commercials: Array<{ item: QueueCommercial; ducking: Ducking }>;
  musicIndex: number | null;
}

/** The commercials from `from` on up to the next music, and that music's index (null: none). */
const scan = (queue: StoreQueue, from: number): Scan => {
  const commercials: Scan['commercials'] = [];
  for (let i = Math.max(0, from); i < queue.items.length; i++) {
    const item = queue.items[i];
    if (!item) break;
    if (item.type === 'MUSIC') return { commercials, musicIndex: i };
    commercials.push({ item, ducking: queue.ducking });
  }
  return { commercials, musicIndex: null };
};

const musicCount = (queue: StoreQueue | null) => queue?.items.filter((item) => item.type === 'MUSIC').length ?? 0;

export class MusicSequencer {
  private readonly mixer: MusicMixer;
  private readonly options: MusicSequencerOptions;
  private readonly timers: Timers;
  private readonly unlisten: () => void;
  private queue: StoreQueue | null = null;
  /** Index in queue.items of the current music (-1: the next one is the first). */
  private index = -1;
  private current: Play | null = null;
  /** Plays that are audible (the current one, and one fading out), by the copy the mixer has. */
  private readonly audible = new Map<QueueMusic, Play>();
  private readonly commercialOverlays = new Set<string>();
  private overlaySeq = 0;
  private state: ReportedState | null = null;
  private started = false;
  private paused = false;
  private disposed = false;
  /** Failed tracks in a row: as many as the queue has music means nothing can play. */
  private failures = 0;
  /** Bumped by every new advance so an older one's async steps stop. */
  private generation = 0;
  private silentTimer: unknown = null;
  private retryTimer: unknown = null;

  constructor(options: MusicSequencerOptions) {
    this.options = options;
    this.mixer = options.mixer;
    this.timers = options.timers ?? browserTimers;
    this.unlisten = this.mixer.listen({
      onMusicEnding: (track) => this.onEnding(track),
      onMusicEnded: (track, info) => this.onEnded(track, info.playedMs),
      onMusicCut: (track, info) => this.onCut(track, info.playedMs),
      onMusicError: (track) => this.onError(track),
    });
  }

  /**
   * The queue to play from now on; a track playing finishes first. A re-read of the same playlist
   * goes on after the playing song's place in it (fresh URLs and settings, no song again); another
   * playlist starts from its first item.
   */
  load(queue: StoreQueue): void {
    if (this.disposed) return;
    const playing = this.current?.item.musicId;
    const samePlaylist = (this.queue?.playlist?.id ?? null) === (queue.playlist?.id ?? null);
    this.queue = queue;
    this.index = playing && samePlaylist
      ? queue.items.findIndex((item) => item.type === 'MUSIC' && item.musicId === playing)
      : -1;
    if (!this.started) return;
    if (this.state === 'SILENT' || !this.current) {
      this.failures = 0;
      this.clearTimer('silentTimer');
      void this.advance(0);
      return;
    }
    this.preloadNext();
    this.emitNowPlaying();
  }

  start(): void {
    if (this.started || this.disposed) return;
    this.started = true;
    void this.advance(0);
  }

  pause(): void {
    if (!this.started || this.paused || this.disposed) return;
    this.paused = true;
    this.mixer.pauseMusic();
    const now = this.timers.now();
    for (const play of this.audible.values()) this.stopClock(play, now);
    if (this.state === 'PLAYING') this.setState('PAUSED');
  }

  resume(): void {
    if (!this.paused || this.disposed) return;
    this.paused = false;
    this.mixer.resumeMusic();
    const now = this.timers.now();
    for (const play of this.audible.values()) if (play.runningSince === null) play.runningSince = now;
    if (this.state === 'PAUSED') this.setState('PLAYING');
  }

  /** The next track now, with a short crossfade; a skip while paused plays on. */
  skip(): void {
    if (!this.started || this.disposed) return;
    if (this.paused) this.resume();
    this.failures = 0;
    void this.advance(this.options.skipCrossfadeMs ?? 500);
  }

  setVolume(volume: number): void {
    this.mixer.setVolume(volume);
  }

  /** Stops listening, logs what was audible and stops its commercials; the mixer is the page's. */
  dispose(): void {
    if (this.disposed) return;
    const now = this.timers.now();
    for (const play of [...this.audible.values()]) this.finish(play, this.clock(play, now));
    this.disposed = true;
    this.generation++;
    this.clearTimer('silentTimer');
    this.clearTimer('retryTimer');
    this.unlisten();
    for (const id of [...this.commercialOverlays]) this.mixer.stopOverlay(id);
  }

  // ── moving on ──────────────────────────────────────────────────────────────────────────────

  /** Plays the commercials up to the next music and that music; crossfadeMs undefined: mixer's. */
  private async advance(crossfadeMs: number | undefined): Promise<void> {
    const generation = ++this.generation;
    this.clearTimer('retryTimer');
    const queue = this.queue;
    if (!queue) {
      this.goSilent();
      return;
    }
    let { commercials, musicIndex } = scan(queue, this.index + 1);
    let playing = queue;
    if (musicIndex === null) {
      const fresh = this.options.refill ? await this.refillQueue() : null;
      if (generation !== this.generation) return;
      if (fresh) {
        // The fresh queue was placed with the songs just reported: the old queue's trailing
        // commercial, if any, is the leading one of the fresh queue when it is still due.
        this.queue = fresh;
        playing = fresh;
        ({ commercials, musicIndex } = scan(fresh, 0));
      } else {
        const again = scan(queue, 0);
        commercials = [...commercials, ...again.commercials];
        musicIndex = again.musicIndex;
      }
    }
    for (const commercial of commercials) this.playCommercial(commercial.item, commercial.ducking);
    if (musicIndex === null) {
      this.index = -1;
      this.goSilent();
      return;
    }
    this.index = musicIndex;
    const item = playing.items[musicIndex];
    if (item?.type === 'MUSIC') await this.play(item, crossfadeMs, generation);
  }

  private async play(item: QueueMusic, crossfadeMs: number | undefined, generation: number): Promise<void> {
    const play: Play = {
      item, copy: { ...item }, attempts: 0, startedAtMs: null, playedMs: 0, runningSince: null, cacheHit: null,
    };
    this.current = play;
    this.lookUpCache(play);
    for (;;) {
      play.attempts++;
      try {
        await this.mixer.playMusic(play.copy, crossfadeMs === undefined ? undefined : { crossfadeMs });
        break;
      } catch {
        if (generation !== this.generation || this.disposed) return;
        if (play.attempts >= 2) {
          this.onTrackFailed();
          return;
        }
        // One short retry: a hiccup of the network, a presigned URL read a moment too early.
        await new Promise<void>((resolve) => {
          this.retryTimer = this.timers.setTimeout(resolve, this.options.retryDelayMs ?? 2000);
        });
        this.retryTimer = null;
        if (generation !== this.generation || this.disposed) return;
      }
    }
    if (this.disposed) return;
    const now = this.timers.now();
    play.startedAtMs = now;
    play.runningSince = this.paused ? null : now;
    this.audible.set(play.copy, play);
    this.failures = 0;
    this.clearTimer('silentTimer');
    this.setState(this.paused ? 'PAUSED' : 'PLAYING');
    this.options.onTrackStarted?.(item);
    this.preloadNext();
    this.emitNowPlaying();
  }

  /** A track that did not start twice, or broke off: the next one, or silence when all failed. */
  private onTrackFailed(): void {
    this.failures++;
    if (this.failures >= musicCount(this.queue)) {
      this.goSilent();
      return;
    }
    void this.advance(0);
  }

  private goSilent(): void {
    this.current = null;
    this.setState('SILENT');
    this.emitNowPlaying();
    this.clearTimer('silentTimer');
    this.silentTimer = this.timers.setTimeout(() => {
      this.silentTimer = null;
      void this.retrySilent();
    }, this.options.silentRetryMs ?? 10_000);
  }

  private async retrySilent(): Promise<void> {
    if (this.disposed) return;
    const generation = this.generation;
    // A fresh queue also brings fresh presigned URLs for what failed.
    const fresh = this.options.refill ? await this.refillQueue() : null;
    if (generation !== this.generation || this.disposed) return;
    if (fresh) {
      this.queue = fresh;
      this.index = -1;
    }
    this.failures = 0;
    await this.advance(0);
  }

  private async refillQueue(): Promise<StoreQueue | null> {
    const refill = this.options.refill;
    if (!refill) return null;
    let timer: unknown = null;
    const timeout = new Promise<null>((resolve) => {
      timer = this.timers.setTimeout(() => resolve(null), this.options.refillTimeoutMs ?? 5000);
    });
    try {
      return await Promise.race([refill().catch(() => null), timeout]);
    } finally {
      this.timers.clearTimeout(timer);
    }
  }

  private playCommercial(item: QueueCommercial, ducking: Ducking): void {
    const id = `commercial:${item.commercialId}:${++this.overlaySeq}`;
    // A commercial with duckMusic false plays over the music at its full level.
    const duck = item.duckMusic ? ducking : { ...ducking, enabled: false };
    let startedAtMs: number | null = null;
    this.commercialOverlays.add(id);
    const record = () => {
      this.commercialOverlays.delete(id);
      // What never became audible was not played; a stop or failure midway played a part.
      if (startedAtMs === null) return;
      this.options.onCommercialPlayed?.({
        commercialId: item.commercialId,
        startedAt: new Date(startedAtMs).toISOString(),
        playedMs: Math.max(0, this.timers.now() - startedAtMs),
      });
    };
    this.mixer.playOverlay({ id, audioUrl: item.audioUrl }, duck, (at) => {
      startedAtMs = at;
    }).then(record, record);
  }

  // ── mixer events ───────────────────────────────────────────────────────────────────────────

  private onEnding(track: QueueMusic): void {
    if (this.disposed || this.paused || this.current?.copy !== track) return;
    // The last song is let finish and reported before the refill (see the top of the file).
    if (this.options.refill && this.queue && scan(this.queue, this.index + 1).musicIndex === null) return;
    void this.advance(undefined);
  }

  private onEnded(track: QueueMusic, playedMs: number): void {
    const play = this.audible.get(track);
    if (!play) return;
    this.finish(play, playedMs);
    // Ended with nothing taking over (no crossfade, or the end of the queue): the next at once.
    if (play === this.current && !this.disposed) void this.advance(0);
  }

  private onCut(track: QueueMusic, playedMs: number): void {
    const play = this.audible.get(track);
    if (play) this.finish(play, playedMs);
  }

  private onError(track: QueueMusic): void {
    const play = this.audible.get(track);
    // A track that never started is handled where playMusic rejected.
    if (!play) return;
    this.finish(play, this.clock(play, this.timers.now()));
    if (play === this.current && !this.disposed) this.onTrackFailed();
  }

  // ── bookkeeping ────────────────────────────────────────────────────────────────────────────

  private finish(play: Play, playedMs: number): void {
    this.audible.delete(play.copy);
    if (play.startedAtMs === null) return;
    this.options.onTrackEnded?.({
      musicId: play.item.musicId,
      libraryId: play.item.libraryId,
      startedAt: new Date(play.startedAtMs).toISOString(),
      playedMs: Math.max(0, Math.round(playedMs)),
      cacheHit: play.cacheHit,
    });
  }

  private clock(play: Play, now: number): number {
    return play.playedMs + (play.runningSince === null ? 0 : now - play.runningSince);
  }

  private stopClock(play: Play, now: number): void {
    play.playedMs = this.clock(play, now);
    play.runningSince = null;
  }

  private lookUpCache(play: Play): void {
    const cache = this.options.cache;
    if (!cache) return;
    cache.has(play.item.audioUrl).then(
      (hit) => {
        play.cacheHit = hit;
      },
      () => {
        play.cacheHit = null;
      },
    );
  }

  /** The music after the current one, in this queue or, wrapping, from its start. */
  private peekNext(): QueueMusic | null {
    const queue = this.queue;
    if (!queue) return null;
    const ahead = scan(queue, this.index + 1).musicIndex ?? scan(queue, 0).musicIndex;
    const item = ahead === null ? undefined : queue.items[ahead];
    return item?.type === 'MUSIC' ? item : null;
  }

  private preloadNext(): void {
    const next = this.peekNext();
    if (next) this.mixer.preloadMusic({ ...next });
  }

  private emitNowPlaying(): void {
    const current = this.current && this.current.startedAtMs !== null ? this.current.item : null;
    this.options.onNowPlaying?.({ current, next: current ? this.peekNext() : null });
  }

  private setState(state: ReportedState): void {
    if (this.state === state) return;
    this.state = state;
    this.options.onStateChange?.(state);
  }

  private clearTimer(name: 'silentTimer' | 'retryTimer'): void {
    if (this[name] !== null) this.timers.clearTimeout(this[name]);
    this[name] = null;
  }
}
