// The store player's audio output on the Web Audio API (ARCHITECTURE § Web clients):
//
//   deck A <audio> ─ source ─ deck gain ─┐
//   deck B <audio> ─ source ─ deck gain ─┴─ music bus ─┐
//   overlay <audio> ─ source ───────────── ann. bus ───┴─ master ─ destination
//
// Music and overlays are media elements streamed through MediaElementAudioSourceNodes, not
// decoded buffers: a one-hour session, or a commercial of up to 3600 s (spec 03 § Limits), would
// otherwise sit in memory as PCM (about 23 MB per stereo minute at 48 kHz), the element starts
// while it still downloads, and its requests go through the service worker, which answers them
// from the media cache with Range support when offline.
import type { Ducking, MixerEvents, MusicMixer, QueueMusic } from './ports';

export interface PlayerMixerOptions {
  events?: MixerEvents;
  /** Crossfade between tracks when playMusic is given none, and the lead of onMusicEnding. */
  crossfadeMs?: number;
  /** A track or overlay that has not started by then has failed (network hanging). */
  startTimeoutMs?: number;
  /** A playing track that waits for data this long has failed (network lost, not cached). */
  stallTimeoutMs?: number;
  /** Injected in tests; the browser's by default. */
  createContext?: () => AudioContext;
  createAudio?: () => HTMLAudioElement;
  /** Device time (ms) for onStarted and the logs. */
  now?: () => number;
}

type DeckState = 'idle' | 'loading' | 'starting' | 'playing' | 'fading';

interface PendingStart {
  crossfadeMs: number;
  resolve: () => void;
  reject: (error: unknown) => void;
  timer: ReturnType<typeof setTimeout>;
}

interface Deck {
  name: string;
  el: HTMLAudioElement;
  gain: GainNode;
  state: DeckState;
  track: QueueMusic | null;
  /** A preload that failed: playMusic loads the track again instead of trusting the element. */
  failed: boolean;
  startedAtMs: number;
  endingSignalled: boolean;
  start: PendingStart | null;
  fadeTimer: ReturnType<typeof setTimeout> | null;
  stallTimer: ReturnType<typeof setTimeout> | null;
}

interface OverlayJob {
  id: string;
  audioUrl: string;
  ducking: Ducking;
  onStarted: ((startedAtMs: number) => void) | undefined;
  resolve: (outcome: 'ended' | 'stopped') => void;
  reject: (error: unknown) => void;
  state: 'queued' | 'ducking' | 'starting' | 'playing';
  timer: ReturnType<typeof setTimeout> | null;
}

const DEFAULT_CROSSFADE_MS = 3000;
/** Master volume changes glide this long so a slider does not click. */
const VOLUME_GLIDE_MS = 50;
/** Points of the equal-power crossfade curves. */
const CURVE_POINTS = 32;

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1);

export class MediaPlaybackError extends Error {
  constructor(message: string, readonly url: string) {
    super(message);
    this.name = 'MediaPlaybackError';
  }
}

export class PlayerMixer implements MusicMixer {
  private readonly ctx: AudioContext;
  private readonly master: GainNode;
  private readonly musicBus: GainNode;
  private readonly announcementBus: GainNode;
  private readonly decks: [Deck, Deck];
  private readonly overlayEl: HTMLAudioElement;
  private readonly listeners = new Set<MixerEvents>();
  private readonly crossfadeMs: number;
  private readonly startTimeoutMs: number;
  private readonly stallTimeoutMs: number;
  private readonly now: () => number;
  private active: Deck | null = null;
  /** A preload asked for while the idle deck was still fading out; loaded when the fade is over. */
  private pendingPreload: QueueMusic | null = null;
  private musicPaused = false;
  private readonly overlays: OverlayJob[] = [];
  private overlay: OverlayJob | null = null;
  private closed = false;

  constructor(options: PlayerMixerOptions = {}) {
    this.crossfadeMs = Math.max(0, options.crossfadeMs ?? DEFAULT_CROSSFADE_MS);
    this.startTimeoutMs = options.startTimeoutMs ?? 15_000;
    this.stallTimeoutMs = options.stallTimeoutMs ?? 20_000;
    this.now = options.now ?? (() => Date.now());
    if (options.events) this.listeners.add(options.events);
    const createAudio = options.createAudio ?? (() => new Audio());
    this.ctx = options.createContext ? options.createContext() : new AudioContext({ latencyHint: 'playback' });
    this.master = this.ctx.createGain();
    this.musicBus = this.ctx.createGain();
    this.announcementBus = this.ctx.createGain();
    this.musicBus.connect(this.master);
    this.announcementBus.connect(this.master);
    this.master.connect(this.ctx.destination);
    this.decks = [this.createDeck('A', createAudio()), this.createDeck('B', createAudio())];
    this.overlayEl = this.prepareElement(createAudio());
    this.ctx.createMediaElementSource(this.overlayEl).connect(this.announcementBus);
    this.listenOverlay();
  }

  /** false while the browser holds audio back until a user gesture (autoplay policy). */
  isRunning(): boolean {
    return this.ctx.state === 'running';
  }

  listen(events: MixerEvents): () => void {
    this.listeners.add(events);
    return () => this.listeners.delete(events);
  }

  async resume(): Promise<void> {
    if (this.ctx.state !== 'running') await this.ctx.resume();
  }

  // ── music ──────────────────────────────────────────────────────────────────────────────────

  preloadMusic(track: QueueMusic): void {
    if (this.closed) return;
    const deck = this.idleDeck();
    if (deck.state === 'fading') {
      this.pendingPreload = track;
      return;
    }
    if (deck.state === 'starting') return;
    if (deck.state === 'loading' && deck.track?.musicId === track.musicId && !deck.failed) {
      deck.track = track;
      return;
    }
    this.load(deck, track);
  }

  playMusic(track: QueueMusic, options?: { crossfadeMs?: number }): Promise<void> {
    if (this.closed) return Promise.reject(new Error('mixer closed'));
    const crossfadeMs = Math.max(0, options?.crossfadeMs ?? this.crossfadeMs);
    const deck = this.idleDeck();
    if (deck.state === 'fading') this.cut(deck);
    if (deck.state === 'starting') this.failStart(deck, new Error('superseded by another track'), false);
    this.pendingPreload = null;
    // The preloaded element is reused when it holds the same music: its presigned URL differs on
    // every queue read, but the bytes it buffered are the same object.
    if (deck.state === 'loading' && deck.track?.musicId === track.musicId && !deck.failed) deck.track = track;
    else this.load(deck, track);
    deck.state = 'starting';
    this.setParam(deck.gain.gain, crossfadeMs > 0 ? 0 : 1);
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => this.failStart(deck, new MediaPlaybackError('track did not start in time', track.audioUrl), true),
        this.startTimeoutMs,
      );
      deck.start = { crossfadeMs, resolve, reject, timer };
      deck.el.play().catch((error: unknown) => {
        if (deck.start?.timer === timer) this.failStart(deck, error, true);
      });
    });
  }

  pauseMusic(): void {
    this.musicPaused = true;
    for (const deck of this.decks) {
      // A crossfade cannot be half paused: the outgoing track is done.
      if (deck.state === 'fading') this.cut(deck);
    }
    if (this.active) {
      this.clearStall(this.active);
      this.active.el.pause();
    }
  }

  resumeMusic(): void {
    this.musicPaused = false;
    if (this.active && this.active.state === 'playing') this.active.el.play().catch(() => undefined);
  }

  setVolume(volume: number): void {
    const param = this.master.gain;
    const t = this.ctx.currentTime;
    param.cancelScheduledValues(t);
    param.setValueAtTime(param.value, t);
    param.linearRampToValueAtTime(clamp01(volume), t + VOLUME_GLIDE_MS / 1000);
  }

  musicGain(): number {
    return this.musicBus.gain.value;
  }

  /** Reads the music bus gain every `everyMs` for `durationMs` (browser tests, diagnostics). */
  sampleMusicGain(durationMs: number, everyMs: number): Promise<Array<{ t: number; gain: number }>> {
    const t0 = this.now();
    const samples: Array<{ t: number; gain: number }> = [{ t: 0, gain: this.musicGain() }];
    return new Promise((resolve) => {
      const tick = () => {
        const t = this.now() - t0;
        samples.push({ t, gain: this.musicGain() });
        if (t >= durationMs) resolve(samples);
        else setTimeout(tick, Math.max(1, everyMs));
      };
      setTimeout(tick, Math.max(1, everyMs));
    });
  }

  // ── overlays ───────────────────────────────────────────────────────────────────────────────

  playOverlay(
    overlay: { id: string; audioUrl: string },
    ducking: Ducking,
    onStarted?: (startedAtMs: number) => void,
  ): Promise<'ended' | 'stopped'> {
    if (this.closed) return Promise.reject(new Error('mixer closed'));
    return new Promise((resolve, reject) => {
      this.overlays.push({ ...overlay, ducking, onStarted, resolve, reject, state: 'queued', timer: null });
      this.nextOverlay();
    });
  }

  stopOverlay(id: string): void {
    for (let i = this.overlays.length - 1; i >= 0; i--) {
      const job = this.overlays[i];
      if (job?.id === id) {
        this.overlays.splice(i, 1);
        job.resolve('stopped');
      }
    }
    if (this.overlay?.id === id) this.endOverlay(this.overlay, { outcome: 'stopped' });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const job of this.overlays.splice(0)) job.resolve('stopped');
    if (this.overlay) this.endOverlay(this.overlay, { outcome: 'stopped' });
    for (const deck of this.decks) {
      if (deck.state === 'starting') this.failStart(deck, new Error('mixer closed'), false);
      this.reset(deck);
    }
    this.active = null;
    this.listeners.clear();
    await this.ctx.close();
  }

  // ── decks ──────────────────────────────────────────────────────────────────────────────────

  private prepareElement(el: HTMLAudioElement): HTMLAudioElement {
    // Media is same-origin (/media through the gateway), where crossOrigin changes nothing; set
    // anyway so that an absolute audioUrl on another origin fails loudly (no CORS → error event)
    // instead of playing silence, which is what a MediaElementAudioSourceNode outputs for a
    // cross-origin element without CORS.
    el.crossOrigin = 'anonymous';
    el.preload = 'auto';
    return el;
  }

  private createDeck(name: string, el: HTMLAudioElement): Deck {
    this.prepareElement(el);
    const gain = this.ctx.createGain();
    this.ctx.createMediaElementSource(el).connect(gain);
    gain.connect(this.musicBus);
    const deck: Deck = {
      name, el, gain, state: 'idle', track: null, failed: false, startedAtMs: 0,
      endingSignalled: false, start: null, fadeTimer: null, stallTimer: null,
    };
    el.addEventListener('playing', () => this.onDeckPlaying(deck));
    el.addEventListener('ended', () => this.onDeckEnded(deck));
    el.addEventListener('error', () => this.onDeckError(deck, this.mediaError(el, deck.track?.audioUrl ?? '')));
    el.addEventListener('timeupdate', () => this.onDeckTime(deck));
    el.addEventListener('waiting', () => this.onDeckWaiting(deck));
    el.addEventListener('stalled', () => this.onDeckWaiting(deck));
    return deck;
  }

  /** The deck the next track goes on: the one not playing, a preloaded one when both are free. */
  private idleDeck(): Deck {
    const [a, b] = this.decks;
    if (this.active === a) return b;
    if (this.active === b) return a;
    if (b.state === 'loading' && a.state !== 'loading') return b;
    if (a.state === 'fading' && b.state !== 'fading') return b;
    return a;
  }

  private load(deck: Deck, track: QueueMusic): void {
    this.clearTimers(deck);
    deck.track = track;
    deck.failed = false;
    deck.endingSignalled = false;
    deck.state = 'loading';
    deck.el.src = track.audioUrl;
    deck.el.load();
  }

  /** Back to an empty element: removing src and loading aborts the download. */
  private reset(deck: Deck): void {
    this.clearTimers(deck);
    deck.state = 'idle';
    deck.track = null;
    deck.failed = false;
    deck.el.pause();
    deck.el.removeAttribute('src');
    deck.el.load();
    if (this.active === deck) this.active = null;
  }

  private onDeckPlaying(deck: Deck): void {
    this.clearStall(deck);
    const start = deck.start;
    if (deck.state !== 'starting' || !start || !deck.track) return;
    clearTimeout(start.timer);
    deck.start = null;
    deck.state = 'playing';
    deck.startedAtMs = this.now();
    const outgoing = this.active;
    this.active = deck;
    // The crossfade starts when the new track is audible, so a slow start never fades to silence.
    // Without a crossfade the deck was set to full level when playMusic was called.
    if (start.crossfadeMs > 0) this.fadeCurve(deck.gain.gain, 0, 1, start.crossfadeMs);
    if (outgoing && outgoing !== deck) this.fadeOut(outgoing, start.crossfadeMs);
    if (this.musicPaused) deck.el.pause();
    start.resolve();
  }

  private fadeOut(deck: Deck, crossfadeMs: number): void {
    if (crossfadeMs <= 0) {
      this.cut(deck);
      return;
    }
    deck.state = 'fading';
    this.clearStall(deck);
    this.fadeCurve(deck.gain.gain, deck.gain.gain.value, 0, crossfadeMs);
    deck.fadeTimer = setTimeout(() => {
      deck.fadeTimer = null;
      if (deck.state === 'fading') this.cut(deck);
    }, crossfadeMs);
  }

  /** Stops a deck before its end because another track took over (reported as cut). */
  private cut(deck: Deck): void {
    const track = deck.track;
    const info = this.infoOf(deck);
    this.reset(deck);
    if (track) this.emit((l) => l.onMusicCut?.(track, info));
    this.applyPendingPreload();
  }

  private applyPendingPreload(): void {
    const track = this.pendingPreload;
    if (!track) return;
    this.pendingPreload = null;
    this.preloadMusic(track);
  }

  private onDeckEnded(deck: Deck): void {
    if (deck.state !== 'playing' && deck.state !== 'fading') return;
    const track = deck.track;
    const info = this.infoOf(deck);
    this.reset(deck);
    if (track) this.emit((l) => l.onMusicEnded?.(track, info));
    this.applyPendingPreload();
  }

  private onDeckError(deck: Deck, error: MediaPlaybackError): void {
    const track = deck.track;
    if (!track) return;
    switch (deck.state) {
      case 'loading':
        // A failed preload is retried by playMusic; the sequencer hears about it then.
        deck.failed = true;
        return;
      case 'starting':
        this.failStart(deck, error, true);
        return;
      case 'playing':
      case 'fading':
        this.reset(deck);
        this.emit((l) => l.onMusicError?.(track, error));
        this.applyPendingPreload();
        return;
      default:
        return;
    }
  }

  /** A start that failed: the promise rejects, onMusicError tells, the playing track goes on. */
  private failStart(deck: Deck, error: unknown, report: boolean): void {
    const start = deck.start;
    const track = deck.track;
    if (!start) return;
    clearTimeout(start.timer);
    deck.start = null;
    this.reset(deck);
    if (report && track) this.emit((l) => l.onMusicError?.(track, error));
    start.reject(error);
  }

  private onDeckTime(deck: Deck): void {
    if (deck !== this.active || deck.state !== 'playing' || deck.endingSignalled || !deck.track) return;
    const duration = deck.el.duration;
    if (!Number.isFinite(duration) || duration <= 0) return;
    // A track shorter than three crossfades signals at two thirds, so it is still heard alone.
    const leadMs = Math.min(this.crossfadeMs, (duration * 1000) / 3);
    if ((duration - deck.el.currentTime) * 1000 > leadMs) return;
    deck.endingSignalled = true;
    const track = deck.track;
    this.emit((l) => l.onMusicEnding?.(track));
  }

  private onDeckWaiting(deck: Deck): void {
    if (deck.state !== 'playing' || deck.stallTimer || this.musicPaused) return;
    deck.stallTimer = setTimeout(() => {
      deck.stallTimer = null;
      if (deck.state === 'playing') this.onDeckError(deck, new MediaPlaybackError('track stalled', deck.track?.audioUrl ?? ''));
    }, this.stallTimeoutMs);
  }

  private infoOf(deck: Deck): { startedAt: string; playedMs: number; cacheHit: boolean | null } {
    // The media clock is what was heard: it stands still while paused or waiting for data.
    const position = deck.el.currentTime;
    return {
      startedAt: new Date(deck.startedAtMs).toISOString(),
      playedMs: Number.isFinite(position) ? Math.max(0, Math.round(position * 1000)) : 0,
      // The mixer cannot tell where bytes came from; the sequencer asks the media cache.
      cacheHit: null,
    };
  }

  private clearStall(deck: Deck): void {
    if (deck.stallTimer) clearTimeout(deck.stallTimer);
    deck.stallTimer = null;
  }

  private clearTimers(deck: Deck): void {
    this.clearStall(deck);
    if (deck.fadeTimer) clearTimeout(deck.fadeTimer);
    deck.fadeTimer = null;
  }

  // ── overlay queue ──────────────────────────────────────────────────────────────────────────

  private listenOverlay(): void {
    const el = this.overlayEl;
    el.addEventListener('playing', () => {
      const job = this.overlay;
      if (!job || job.state !== 'starting') return;
      if (job.timer) clearTimeout(job.timer);
      job.timer = null;
      job.state = 'playing';
      job.onStarted?.(this.now());
    });
    el.addEventListener('ended', () => {
      if (this.overlay && this.overlay.state === 'playing') this.endOverlay(this.overlay, { outcome: 'ended' });
    });
    el.addEventListener('error', () => {
      const job = this.overlay;
      // An error while ducking is the early load of this overlay's audio: it failed already.
      if (job && job.state !== 'queued') this.endOverlay(job, { error: this.mediaError(el, job.audioUrl) });
    });
  }

  /** Starts the next queued overlay, or restores the music when none is left. */
  private nextOverlay(): void {
    if (this.overlay || this.closed) return;
    const job = this.overlays.shift();
    if (!job) return;
    this.overlay = job;
    job.state = 'ducking';
    // Loading during the ramp so the voice starts as soon as the music is down.
    this.overlayEl.src = job.audioUrl;
    this.overlayEl.load();
    const target = job.ducking.enabled ? clamp01(job.ducking.volumePercent / 100) : 1;
    const waitMs = this.rampMusic(target, job.ducking.fadeMs);
    // Radio practice: the voice starts as the music reaches the ducked level, not over its fall.
    if (waitMs > 0) job.timer = setTimeout(() => this.startOverlay(job), waitMs);
    else this.startOverlay(job);
  }

  private startOverlay(job: OverlayJob): void {
    if (this.overlay !== job || job.state !== 'ducking') return;
    job.state = 'starting';
    job.timer = setTimeout(
      () => this.endOverlay(job, { error: new MediaPlaybackError('overlay did not start in time', job.audioUrl) }),
      this.startTimeoutMs,
    );
    this.overlayEl.play().catch((error: unknown) => {
      if (this.overlay === job && job.state === 'starting') this.endOverlay(job, { error });
    });
  }

  private endOverlay(job: OverlayJob, result: { outcome: 'ended' | 'stopped' } | { error: unknown }): void {
    if (this.overlay !== job) return;
    if (job.timer) clearTimeout(job.timer);
    job.timer = null;
    this.overlay = null;
    this.overlayEl.pause();
    this.overlayEl.removeAttribute('src');
    this.overlayEl.load();
    if (this.overlays.length > 0 && !this.closed) {
      // Back-to-back overlays keep the music down instead of pumping it up and down between them.
      this.nextOverlay();
    } else if (!this.closed) {
      this.rampMusic(1, job.ducking.fadeMs);
    }
    if ('error' in result) job.reject(result.error);
    else job.resolve(result.outcome);
  }

  // ── automation ─────────────────────────────────────────────────────────────────────────────

  /**
   * Ramps the music bus from where it is now to `target` over fadeMs (never a jump, also when a
   * ramp is under way) and answers how long to wait for it.
   */
  private rampMusic(target: number, fadeMs: number): number {
    const param = this.musicBus.gain;
    const t = this.ctx.currentTime;
    const current = param.value;
    param.cancelScheduledValues(t);
    if (fadeMs <= 0 || Math.abs(current - target) < 1e-4) {
      param.setValueAtTime(target, t);
      return 0;
    }
    param.setValueAtTime(current, t);
    param.linearRampToValueAtTime(target, t + fadeMs / 1000);
    return fadeMs;
  }

  private setParam(param: AudioParam, value: number): void {
    const t = this.ctx.currentTime;
    param.cancelScheduledValues(t);
    param.setValueAtTime(value, t);
  }

  /** Equal-power fade (sine/cosine), so two uncorrelated tracks keep their loudness midway. */
  private fadeCurve(param: AudioParam, from: number, to: number, ms: number): void {
    const t = this.ctx.currentTime;
    const curve = new Float32Array(CURVE_POINTS);
    for (let i = 0; i < CURVE_POINTS; i++) {
      const x = (i / (CURVE_POINTS - 1)) * (Math.PI / 2);
      curve[i] = to > from ? from + (to - from) * Math.sin(x) : to + (from - to) * Math.cos(x);
    }
    param.cancelScheduledValues(t);
    param.setValueCurveAtTime(curve, t, ms / 1000);
  }

  private mediaError(el: HTMLAudioElement, url: string): MediaPlaybackError {
    const code = el.error?.code;
    return new MediaPlaybackError(el.error?.message || `media error${code ? ` ${code}` : ''}`, url);
  }

  private emit(call: (listener: MixerEvents) => void): void {
    for (const listener of [...this.listeners]) {
      try {
        call(listener);
      } catch (error) {
        // A listener's bug must not stop the audio engine.
        console.error('mixer listener failed', error);
      }
    }
  }
}
