import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MusicSequencer, type MusicSequencerOptions } from './music-sequencer';
import type {
  CommercialPlay, Ducking, MixerEvents, MusicMixer, PlayLog, QueueCommercial, QueueItem, QueueMusic, ReportedState, StoreQueue,
} from './ports';

const ducking: Ducking = { enabled: true, volumePercent: 20, fadeMs: 400 };

const music = (id: string): QueueMusic => ({
  type: 'MUSIC', musicId: id, title: id, durationSeconds: 180, libraryId: `lib-${id}`, audioUrl: `/media/music/${id}.mp3?X-Amz-Signature=${id}`,
});
const commercial = (id: string, duckMusic = true): QueueCommercial => ({
  type: 'COMMERCIAL', commercialId: id, title: id, durationSeconds: 30, audioUrl: `/media/cm/${id}.mp3?X-Amz-Signature=s`, duckMusic,
});
const queueOf = (...items: QueueItem[]): StoreQueue => ({
  items, commercialCycleSongs: 5, ducking, playlist: { id: 'p1', name: 'Morning' }, generatedAt: '2025-01-01T00:00:00Z',
});

interface Overlay {
  id: string;
  audioUrl: string;
  ducking: Ducking;
  onStarted?: (at: number) => void;
  resolve: (outcome: 'ended' | 'stopped') => void;
  reject: (error: unknown) => void;
}

/** A mixer that records calls; tests say when tracks start, end, fail. */
class FakeMixer implements MusicMixer {
  calls: string[] = [];
  playing: QueueMusic[] = [];
  overlays: Overlay[] = [];
  stopped: string[] = [];
  /** musicIds whose playMusic rejects. */
  failing = new Set<string>();
  paused = false;
  volume = 1;
  private listeners = new Set<MixerEvents>();

  listen(events: MixerEvents) {
    this.listeners.add(events);
    return () => this.listeners.delete(events);
  }
  resume = async () => undefined;
  playMusic(track: QueueMusic, options?: { crossfadeMs?: number }) {
    this.calls.push(`play ${track.musicId}${options?.crossfadeMs !== undefined ? ` cf=${options.crossfadeMs}` : ''}`);
    if (this.failing.has(track.musicId)) return Promise.reject(new Error('404'));
    this.playing.push(track);
    return Promise.resolve();
  }
  preloadMusic(track: QueueMusic) {
    this.calls.push(`preload ${track.musicId}`);
  }
  pauseMusic() {
    this.paused = true;
    this.calls.push('pause');
  }
  resumeMusic() {
    this.paused = false;
    this.calls.push('resume');
  }
  setVolume(volume: number) {
    this.volume = volume;
  }
  playOverlay(overlay: { id: string; audioUrl: string }, d: Ducking, onStarted?: (at: number) => void) {
    this.calls.push(`overlay ${overlay.id}`);
    return new Promise<'ended' | 'stopped'>((resolve, reject) => {
      this.overlays.push({ ...overlay, ducking: d, ...(onStarted ? { onStarted } : {}), resolve, reject });
    });
  }
  stopOverlay(id: string) {
    this.stopped.push(id);
    this.overlays.find((o) => o.id === id)?.resolve('stopped');
  }
  musicGain = () => 1;
  close = async () => undefined;

  /** The copy of the latest playMusic of this music. */
  last(musicId: string): QueueMusic {
    const track = [...this.playing].reverse().find((t) => t.musicId === musicId);
    if (!track) throw new Error(`${musicId} not playing`);
    return track;
  }
  ending(musicId: string) {
    const track = this.last(musicId);
    for (const l of this.listeners) l.onMusicEnding?.(track);
  }
  end(musicId: string, playedMs = 180_000) {
    const track = this.last(musicId);
    for (const l of this.listeners) l.onMusicEnded?.(track, { startedAt: '', playedMs, cacheHit: null });
  }
  cut(musicId: string, playedMs: number) {
    const track = this.last(musicId);
    for (const l of this.listeners) l.onMusicCut?.(track, { startedAt: '', playedMs, cacheHit: null });
  }
  error(musicId: string) {
    const track = this.last(musicId);
    for (const l of this.listeners) l.onMusicError?.(track, new Error('network'));
  }
  plays = () => this.calls.filter((c) => c.startsWith('play '));
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('MusicSequencer', () => {
  let mixer: FakeMixer;
  let logs: PlayLog[];
  let states: ReportedState[];
  let started: string[];
  let commercials: CommercialPlay[];
  let nowPlaying: Array<{ current: string | null; next: string | null }>;

  const make = (queue: StoreQueue | null, options: Partial<MusicSequencerOptions> = {}) => {
    const sequencer = new MusicSequencer({
      mixer,
      onTrackEnded: (log) => logs.push(log),
      onStateChange: (state) => states.push(state),
      onTrackStarted: (track) => started.push(track.musicId),
      onCommercialPlayed: (play) => commercials.push(play),
      onNowPlaying: (n) => nowPlaying.push({ current: n.current?.musicId ?? null, next: n.next?.musicId ?? null }),
      ...options,
    });
    if (queue) sequencer.load(queue);
    return sequencer;
  };

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-03-01T09:00:00Z') });
    mixer = new FakeMixer();
    logs = [];
    states = [];
    started = [];
    commercials = [];
    nowPlaying = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('plays the music in order and preloads the next', async () => {
    const s = make(queueOf(music('a'), music('b'), music('c')));
    s.start();
    await flush();
    expect(mixer.calls).toEqual(['play a cf=0', 'preload b']);
    expect(states).toEqual(['PLAYING']);
    expect(nowPlaying.at(-1)).toEqual({ current: 'a', next: 'b' });

    mixer.ending('a');
    await flush();
    // The mixer's own crossfade (no crossfadeMs): the next starts as the current one is ending.
    expect(mixer.calls.slice(2)).toEqual(['play b', 'preload c']);
    expect(started).toEqual(['a', 'b']);
    expect(nowPlaying.at(-1)).toEqual({ current: 'b', next: 'c' });
  });

  it('logs each track with the time it became audible and the played time', async () => {
    const s = make(queueOf(music('a'), music('b')), { cache: { has: async (url) => url.includes('/a.mp3') } });
    s.start();
    await flush();
    vi.advanceTimersByTime(177_000);
    mixer.ending('a');
    await flush();
    mixer.end('a', 180_000);
    expect(logs).toEqual([
      { musicId: 'a', libraryId: 'lib-a', startedAt: '2025-03-01T09:00:00.000Z', playedMs: 180_000, cacheHit: true },
    ]);
    // A track faded out by a skip is logged with what the mixer heard of it.
    s.skip();
    await flush();
    mixer.cut('b', 12_345);
    expect(logs[1]).toMatchObject({ musicId: 'b', startedAt: '2025-03-01T09:02:57.000Z', playedMs: 12_345, cacheHit: false });
  });

  it('ends without a crossfade starts the next at once', async () => {
    const s = make(queueOf(music('a'), music('b')));
    s.start();
    await flush();
    mixer.end('a');
    await flush();
    expect(mixer.plays()).toEqual(['play a cf=0', 'play b cf=0']);
  });

  it('wraps to the first after the last, asking refill for a fresh queue', async () => {
    const fresh = queueOf(music('x'), music('y'));
    const refill = vi.fn(async () => fresh);
    const s = make(queueOf(music('a'), music('b')), { refill });
    s.start();
    await flush();
    mixer.ending('a');
    await flush();
    expect(mixer.calls).toContain('preload a');
    // The last song is let finish (and logged) before the refill, so the server counts it.
    mixer.ending('b');
    await flush();
    expect(refill).not.toHaveBeenCalled();
    mixer.end('a');
    mixer.end('b');
    expect(logs.map((l) => l.musicId)).toEqual(['a', 'b']);
    await flush();
    expect(refill).toHaveBeenCalledTimes(1);
    expect(mixer.plays()).toEqual(['play a cf=0', 'play b', 'play x cf=0']);
    expect(nowPlaying.at(-1)).toEqual({ current: 'x', next: 'y' });
  });

  it('wraps to the same queue when the refill fails or there is none', async () => {
    const s = make(queueOf(music('a'), music('b')), { refill: async () => Promise.reject(new Error('offline')) });
    s.start();
    await flush();
    mixer.ending('a');
    await flush();
    mixer.end('b');
    await flush();
    expect(mixer.plays()).toEqual(['play a cf=0', 'play b', 'play a cf=0']);

    const t = make(queueOf(music('c'), music('d')));
    t.start();
    await flush();
    mixer.ending('c');
    await flush();
    mixer.ending('d');
    await flush();
    // Without refill the wrap crossfades like any other change.
    expect(mixer.plays().slice(3)).toEqual(['play c cf=0', 'play d', 'play c']);
  });

  it('a refill slower than refillTimeoutMs plays the old queue again', async () => {
    const s = make(queueOf(music('a')), { refill: () => new Promise<StoreQueue>(() => undefined), refillTimeoutMs: 3000 });
    s.start();
    await flush();
    mixer.end('a');
    await vi.advanceTimersByTimeAsync(3000);
    expect(mixer.plays()).toEqual(['play a cf=0', 'play a cf=0']);
  });

  it('plays a commercial as an overlay over the music without stopping it, and records it', async () => {
    const s = make(queueOf(music('a'), commercial('cm1'), music('b')));
    s.start();
    await flush();
    vi.advanceTimersByTime(60_000);
    mixer.ending('a');
    await flush();
    expect(mixer.calls).toEqual(['play a cf=0', 'preload b', 'overlay commercial:cm1:1', 'play b', 'preload a']);
    expect(mixer.calls).not.toContain('pause');
    const overlay = mixer.overlays[0]!;
    expect(overlay.audioUrl).toBe('/media/cm/cm1.mp3?X-Amz-Signature=s');
    expect(overlay.ducking).toEqual(ducking);
    overlay.onStarted?.(Date.now());
    vi.advanceTimersByTime(30_000);
    overlay.resolve('ended');
    await flush();
    expect(commercials).toEqual([{ commercialId: 'cm1', startedAt: '2025-03-01T09:01:00.000Z', playedMs: 30_000 }]);
    expect(states).toEqual(['PLAYING']);
  });

  it('a commercial with duckMusic false keeps the music at full level', async () => {
    const s = make(queueOf(commercial('cm1', false), music('a')));
    s.start();
    await flush();
    expect(mixer.calls[0]).toBe('overlay commercial:cm1:1');
    expect(mixer.overlays[0]!.ducking).toEqual({ ...ducking, enabled: false });
  });

  it('a commercial that never started is not recorded; a stopped one records its part', async () => {
    const s = make(queueOf(commercial('cm1'), commercial('cm2'), music('a')));
    s.start();
    await flush();
    mixer.overlays[0]!.reject(new Error('404'));
    await flush();
    const second = mixer.overlays[1]!;
    second.onStarted?.(Date.now());
    vi.advanceTimersByTime(4000);
    s.dispose();
    await flush();
    expect(mixer.stopped).toEqual(['commercial:cm2:2']);
    expect(commercials).toEqual([{ commercialId: 'cm2', startedAt: '2025-03-01T09:00:00.000Z', playedMs: 4000 }]);
    // dispose logged the track that was audible, with its played time.
    expect(logs).toEqual([expect.objectContaining({ musicId: 'a', playedMs: 4000 })]);
  });

  it('follows a fresh queue that starts with a commercial (due after a reload)', async () => {
    const s = make(queueOf(music('a')), { refill: async () => ({ ...queueOf(commercial('cm9'), music('b')), songsUntilCommercial: 0 }) });
    s.start();
    await flush();
    mixer.end('a');
    await flush();
    expect(mixer.calls.slice(-3)).toEqual(['overlay commercial:cm9:1', 'play b cf=0', 'preload b']);
  });

  it('retries a failing track once, then skips it', async () => {
    mixer.failing.add('b');
    const s = make(queueOf(music('a'), music('b'), music('c')), { retryDelayMs: 2000 });
    s.start();
    await flush();
    mixer.ending('a');
    await flush();
    expect(mixer.plays()).toEqual(['play a cf=0', 'play b']);
    await vi.advanceTimersByTimeAsync(2000);
    expect(mixer.plays()).toEqual(['play a cf=0', 'play b', 'play b', 'play c cf=0']);
    expect(started).toEqual(['a', 'c']);
    expect(states).toEqual(['PLAYING']);
  });

  it('goes SILENT when every track fails and tries again every 10 s', async () => {
    for (const id of ['a', 'b']) mixer.failing.add(id);
    const refill = vi.fn(async () => queueOf(music('a'), music('b')));
    const s = make(queueOf(music('a'), music('b')), { refill, retryDelayMs: 1000 });
    s.start();
    // a, its retry at 1 s, b, its retry at 2 s: silent from 2 s, the next try at 12 s.
    await vi.advanceTimersByTimeAsync(2000);
    expect(states).toEqual(['SILENT']);
    expect(nowPlaying.at(-1)).toEqual({ current: null, next: null });
    const tries = mixer.plays().length;
    await vi.advanceTimersByTimeAsync(9_900);
    expect(mixer.plays().length).toBe(tries);
    mixer.failing.clear();
    await vi.advanceTimersByTimeAsync(100);
    expect(refill).toHaveBeenCalled();
    expect(states).toEqual(['SILENT', 'PLAYING']);
  });

  it('is SILENT with an empty queue and starts when a queue arrives', async () => {
    const s = make(queueOf());
    s.start();
    await flush();
    expect(states).toEqual(['SILENT']);
    s.load(queueOf(music('a')));
    await flush();
    expect(states).toEqual(['SILENT', 'PLAYING']);
    expect(mixer.plays()).toEqual(['play a cf=0']);
  });

  it('a track breaking off while playing is logged and the next one plays', async () => {
    const s = make(queueOf(music('a'), music('b')));
    s.start();
    await flush();
    vi.advanceTimersByTime(30_000);
    mixer.error('a');
    await flush();
    expect(logs).toEqual([expect.objectContaining({ musicId: 'a', playedMs: 30_000 })]);
    expect(mixer.plays()).toEqual(['play a cf=0', 'play b cf=0']);
  });

  it('pauses and resumes, the paused time not counted', async () => {
    const s = make(queueOf(music('a'), music('b')));
    s.start();
    await flush();
    vi.advanceTimersByTime(10_000);
    s.pause();
    expect(mixer.paused).toBe(true);
    vi.advanceTimersByTime(60_000);
    // No crossfade is started while paused.
    mixer.ending('a');
    await flush();
    expect(mixer.plays()).toEqual(['play a cf=0']);
    s.resume();
    expect(mixer.paused).toBe(false);
    vi.advanceTimersByTime(5_000);
    s.dispose();
    expect(states).toEqual(['PLAYING', 'PAUSED', 'PLAYING']);
    expect(logs).toEqual([expect.objectContaining({ musicId: 'a', playedMs: 15_000 })]);
  });

  it('skips with a short crossfade and plays on when paused', async () => {
    const s = make(queueOf(music('a'), music('b')), { skipCrossfadeMs: 300 });
    s.start();
    await flush();
    s.pause();
    s.skip();
    await flush();
    expect(mixer.calls.slice(-3)).toEqual(['resume', 'play b cf=300', 'preload a']);
    expect(states.at(-1)).toBe('PLAYING');
  });

  it('repeats a one-song queue, telling the two plays apart', async () => {
    const s = make(queueOf(music('a')));
    s.start();
    await flush();
    const first = mixer.last('a');
    mixer.ending('a');
    await flush();
    expect(mixer.last('a')).not.toBe(first);
    // The first play ends while the second is on: only the first is logged, nothing restarts.
    for (const l of (mixer as unknown as { listeners: Set<MixerEvents> }).listeners) {
      l.onMusicEnded?.(first, { startedAt: '', playedMs: 180_000, cacheHit: null });
    }
    await flush();
    expect(logs).toHaveLength(1);
    expect(mixer.plays()).toEqual(['play a cf=0', 'play a']);
  });

  it('a re-read of the same playlist goes on after the playing song; another playlist from its start', async () => {
    const s = make(queueOf(music('a'), music('b'), music('c')));
    s.start();
    await flush();
    mixer.ending('a');
    await flush();
    s.load(queueOf(music('a'), music('b'), commercial('cm1'), music('c')));
    expect(nowPlaying.at(-1)).toEqual({ current: 'b', next: 'c' });
    mixer.ending('b');
    await flush();
    expect(mixer.calls.slice(-3)).toEqual(['overlay commercial:cm1:1', 'play c', 'preload a']);

    s.load({ ...queueOf(music('x'), music('y')), playlist: { id: 'p2', name: 'Evening' } });
    expect(mixer.calls.at(-1)).toBe('preload x');
    mixer.ending('c');
    await flush();
    expect(mixer.plays().at(-1)).toBe('play x');
  });

  it('passes the volume to the mixer', () => {
    const s = make(queueOf(music('a')));
    s.setVolume(0.4);
    expect(mixer.volume).toBe(0.4);
  });
});
