import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlayerMixer } from './player-mixer';
import type { Ducking, MixerEvents, QueueMusic } from './ports';

/** An AudioParam that records its automation calls and computes its value at the context's time. */
class FakeParam {
  calls: string[] = [];
  private events: Array<{ kind: 'set' | 'ramp'; value: number; time: number } | { kind: 'curve'; values: number[]; time: number; duration: number }> = [];
  constructor(private readonly ctx: FakeContext, private base: number) {}

  get value(): number {
    return this.at(this.ctx.currentTime);
  }
  set value(v: number) {
    this.base = v;
  }
  cancelScheduledValues(t: number) {
    this.calls.push(`cancel@${round(t)}`);
    this.base = this.at(t);
    this.events = this.events.filter((e) => e.time < t && !(e.kind === 'curve' && e.time + e.duration > t));
    return this;
  }
  setValueAtTime(value: number, t: number) {
    this.calls.push(`set ${round(value)}@${round(t)}`);
    this.events.push({ kind: 'set', value, time: t });
    return this;
  }
  linearRampToValueAtTime(value: number, t: number) {
    this.calls.push(`ramp ${round(value)}@${round(t)}`);
    this.events.push({ kind: 'ramp', value, time: t });
    return this;
  }
  setValueCurveAtTime(values: Float32Array, t: number, duration: number) {
    this.calls.push(`curve ${round(values[0]!)}>${round(values[values.length - 1]!)}@${round(t)}+${round(duration)}`);
    this.events.push({ kind: 'curve', values: [...values], time: t, duration });
    return this;
  }
  private at(t: number): number {
    let value = this.base;
    let from = { value: this.base, time: 0 };
    for (const e of [...this.events].sort((a, b) => a.time - b.time)) {
      if (e.kind === 'curve') {
        if (e.time > t) break;
        const i = Math.min(e.values.length - 1, Math.floor(((t - e.time) / e.duration) * (e.values.length - 1)));
        value = e.values[i]!;
        from = { value, time: t };
        continue;
      }
      if (e.time <= t) {
        value = e.value;
        from = { value, time: e.time };
        continue;
      }
      if (e.kind === 'ramp') value = from.value + ((e.value - from.value) * (t - from.time)) / (e.time - from.time);
      break;
    }
    return value;
  }
}

const round = (v: number) => Math.round(v * 1000) / 1000;

class FakeContext {
  readonly t0 = Date.now();
  state = 'suspended';
  destination = { name: 'destination' };
  gains: Array<{ gain: FakeParam; to: unknown }> = [];
  get currentTime() {
    return (Date.now() - this.t0) / 1000;
  }
  createGain() {
    const node = { gain: new FakeParam(this, 1), to: null as unknown, connect: (to: unknown) => { node.to = to; } };
    this.gains.push(node);
    return node;
  }
  createMediaElementSource(el: FakeAudio) {
    return { el, connect: (to: unknown) => { el.routedTo = to; } };
  }
  async resume() {
    this.state = 'running';
  }
  async close() {
    this.state = 'closed';
  }
}

class FakeAudio extends EventTarget {
  src = '';
  preload = '';
  crossOrigin: string | null = null;
  currentTime = 0;
  duration = Number.NaN;
  error: { code: number; message: string } | null = null;
  paused = true;
  loads = 0;
  plays = 0;
  routedTo: unknown = null;
  playResult: () => Promise<void> = () => Promise.resolve();
  load() {
    this.loads++;
  }
  play() {
    this.plays++;
    this.paused = false;
    return this.playResult();
  }
  pause() {
    this.paused = true;
  }
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
  fire(type: string) {
    this.dispatchEvent(new Event(type));
  }
}

const duck: Ducking = { enabled: true, volumePercent: 20, fadeMs: 400 };
const track = (id: string): QueueMusic => ({
  type: 'MUSIC', musicId: id, title: id, durationSeconds: 180, libraryId: null, audioUrl: `/media/m/${id}.mp3?sig=${id}`,
});

describe('PlayerMixer', () => {
  let ctx: FakeContext;
  let audios: FakeAudio[];
  let events: Required<MixerEvents>;
  let mixer: PlayerMixer;
  // Made in this order by the mixer: deck A, deck B, the overlay element.
  const deckA = () => audios[0]!;
  const deckB = () => audios[1]!;
  const overlayEl = () => audios[2]!;
  // Gains in the order made: master, music bus, announcement bus, deck A, deck B.
  const master = () => ctx.gains[0]!.gain;
  const musicBus = () => ctx.gains[1]!.gain;
  const deckGain = (i: 0 | 1) => ctx.gains[3 + i]!.gain;

  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2025-03-01T09:00:00Z') });
    ctx = new FakeContext();
    audios = [];
    events = { onMusicEnded: vi.fn(), onMusicError: vi.fn(), onMusicEnding: vi.fn(), onMusicCut: vi.fn() };
    mixer = new PlayerMixer({
      events,
      createContext: () => ctx as unknown as AudioContext,
      createAudio: () => {
        const el = new FakeAudio();
        audios.push(el);
        return el as unknown as HTMLAudioElement;
      },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('builds decks and buses into the master', () => {
    expect(audios).toHaveLength(3);
    expect(ctx.gains[0]!.to).toBe(ctx.destination);
    expect(ctx.gains[1]!.to).toBe(ctx.gains[0]);
    expect(ctx.gains[2]!.to).toBe(ctx.gains[0]);
    expect(deckA().routedTo).toBe(ctx.gains[3]);
    expect(ctx.gains[3]!.to).toBe(ctx.gains[1]);
    expect(overlayEl().routedTo).toBe(ctx.gains[2]);
    expect(deckA().preload).toBe('auto');
  });

  describe('ducking', () => {
    it('ramps the music bus down to 0.2 over 400 ms, starts the overlay then, and back over 400 ms', async () => {
      const onStarted = vi.fn();
      const done = mixer.playOverlay({ id: 'd1', audioUrl: '/media/a/1.mp3' }, duck, onStarted);
      expect(musicBus().calls).toEqual(['cancel@0', 'set 1@0', 'ramp 0.2@0.4']);
      expect(overlayEl().src).toBe('/media/a/1.mp3');
      expect(overlayEl().plays).toBe(0);
      vi.advanceTimersByTime(200);
      expect(mixer.musicGain()).toBeCloseTo(0.6, 5);
      vi.advanceTimersByTime(200);
      expect(mixer.musicGain()).toBeCloseTo(0.2, 5);
      expect(overlayEl().plays).toBe(1);
      overlayEl().fire('playing');
      expect(onStarted).toHaveBeenCalledWith(Date.parse('2025-03-01T09:00:00.400Z'));

      vi.advanceTimersByTime(10_000);
      musicBus().calls = [];
      overlayEl().fire('ended');
      await expect(done).resolves.toBe('ended');
      expect(musicBus().calls).toEqual(['cancel@10.4', 'set 0.2@10.4', 'ramp 1@10.8']);
      vi.advanceTimersByTime(400);
      expect(mixer.musicGain()).toBeCloseTo(1, 5);
      expect(overlayEl().src).toBe('');
    });

    it('fadeMs 0 sets the level at once and starts the overlay at once', () => {
      void mixer.playOverlay({ id: 'd1', audioUrl: '/media/a/1.mp3' }, { ...duck, fadeMs: 0 });
      expect(musicBus().calls).toEqual(['cancel@0', 'set 0.2@0']);
      expect(mixer.musicGain()).toBe(0.2);
      expect(overlayEl().plays).toBe(1);
    });

    it('ducking disabled keeps the music at full level', () => {
      void mixer.playOverlay({ id: 'c1', audioUrl: '/media/cm/1.mp3' }, { ...duck, enabled: false });
      expect(musicBus().calls).toEqual(['cancel@0', 'set 1@0']);
      expect(overlayEl().plays).toBe(1);
    });

    it('a stop mid-ramp ramps back from where the gain is, over fadeMs', async () => {
      const done = mixer.playOverlay({ id: 'd1', audioUrl: '/media/a/1.mp3' }, duck);
      vi.advanceTimersByTime(200);
      musicBus().calls = [];
      mixer.stopOverlay('d1');
      await expect(done).resolves.toBe('stopped');
      expect(musicBus().calls).toEqual(['cancel@0.2', 'set 0.6@0.2', 'ramp 1@0.6']);
      vi.advanceTimersByTime(1000);
      expect(overlayEl().plays).toBe(0);
    });

    it('a stop while playing stops the overlay at once and restores the music', async () => {
      const done = mixer.playOverlay({ id: 'd1', audioUrl: '/media/a/1.mp3' }, duck);
      vi.advanceTimersByTime(400);
      overlayEl().fire('playing');
      vi.advanceTimersByTime(3000);
      musicBus().calls = [];
      mixer.stopOverlay('d1');
      await expect(done).resolves.toBe('stopped');
      expect(overlayEl().paused).toBe(true);
      expect(musicBus().calls).toEqual(['cancel@3.4', 'set 0.2@3.4', 'ramp 1@3.8']);
    });

    it('plays overlays one at a time, in order, the music kept down between them', async () => {
      const first = mixer.playOverlay({ id: 'd1', audioUrl: '/media/a/1.mp3' }, duck);
      const second = mixer.playOverlay({ id: 'd2', audioUrl: '/media/a/2.mp3' }, duck);
      vi.advanceTimersByTime(400);
      expect(overlayEl().src).toBe('/media/a/1.mp3');
      overlayEl().fire('playing');
      vi.advanceTimersByTime(5000);
      expect(overlayEl().plays).toBe(1);
      musicBus().calls = [];
      overlayEl().fire('ended');
      await expect(first).resolves.toBe('ended');
      // Already at the ducked level: no ramp, the second starts at once.
      expect(musicBus().calls).toEqual(['cancel@5.4', 'set 0.2@5.4']);
      expect(overlayEl().src).toBe('/media/a/2.mp3');
      expect(overlayEl().plays).toBe(2);
      overlayEl().fire('playing');
      overlayEl().fire('ended');
      await expect(second).resolves.toBe('ended');
      expect(musicBus().calls.slice(-1)).toEqual(['ramp 1@5.8']);
    });

    it('removes a queued overlay on stop without playing it', async () => {
      const first = mixer.playOverlay({ id: 'd1', audioUrl: '/media/a/1.mp3' }, duck);
      const second = mixer.playOverlay({ id: 'd2', audioUrl: '/media/a/2.mp3' }, duck);
      mixer.stopOverlay('d2');
      await expect(second).resolves.toBe('stopped');
      vi.advanceTimersByTime(400);
      overlayEl().fire('playing');
      overlayEl().fire('ended');
      await expect(first).resolves.toBe('ended');
      expect(overlayEl().plays).toBe(1);
    });

    it('an overlay whose audio fails rejects and restores the music', async () => {
      const done = mixer.playOverlay({ id: 'd1', audioUrl: '/media/a/404.mp3' }, duck);
      vi.advanceTimersByTime(400);
      overlayEl().error = { code: 4, message: 'MEDIA_ELEMENT_ERROR: Format error' };
      overlayEl().fire('error');
      await expect(done).rejects.toThrow('Format error');
      expect(musicBus().calls.slice(-1)).toEqual(['ramp 1@0.8']);

      overlayEl().playResult = () => Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
      const next = mixer.playOverlay({ id: 'd2', audioUrl: '/media/a/2.mp3' }, { ...duck, fadeMs: 0 });
      await expect(next).rejects.toThrow('not allowed');
      expect(mixer.musicGain()).toBe(1);
    });

    it('an overlay that never starts fails after startTimeoutMs', async () => {
      const done = mixer.playOverlay({ id: 'd1', audioUrl: '/media/a/1.mp3' }, duck);
      const failed = expect(done).rejects.toThrow('did not start');
      vi.advanceTimersByTime(400 + 15_000);
      await failed;
    });
  });

  describe('music', () => {
    it('preloads the idle deck and starts it without loading again', async () => {
      const a = track('a');
      const first = mixer.playMusic(a, { crossfadeMs: 0 });
      expect(deckA().src).toBe(a.audioUrl);
      deckA().fire('playing');
      await first;
      expect(deckGain(0).calls).toEqual(['cancel@0', 'set 1@0']);

      const b = track('b');
      mixer.preloadMusic(b);
      expect(deckB().src).toBe(b.audioUrl);
      expect(deckB().loads).toBe(1);
      // The next queue read signs the URL anew: the buffered element is still the right one.
      const b2 = { ...b, audioUrl: '/media/m/b.mp3?sig=later' };
      const second = mixer.playMusic(b2);
      expect(deckB().loads).toBe(1);
      expect(deckB().plays).toBe(1);
      vi.advanceTimersByTime(1000);
      // The crossfade waits for the new track to be audible.
      expect(deckGain(0).calls).toEqual(['cancel@0', 'set 1@0']);
      deckB().fire('playing');
      await second;
      expect(deckGain(1).calls.slice(-1)).toEqual(['curve 0>1@1+3']);
      expect(deckGain(0).calls.slice(-1)).toEqual(['curve 1>0@1+3']);
      deckA().currentTime = 170;
      vi.advanceTimersByTime(3000);
      expect(deckA().paused).toBe(true);
      expect(deckA().src).toBe('');
      expect(events.onMusicCut).toHaveBeenCalledWith(a, { startedAt: '2025-03-01T09:00:00.000Z', playedMs: 170_000, cacheHit: null });
    });

    it('signals the end coming a crossfade ahead, reports the end with what was heard', async () => {
      const a = track('a');
      const started = mixer.playMusic(a);
      deckA().fire('playing');
      await started;
      deckA().duration = 180;
      deckA().currentTime = 170;
      deckA().fire('timeupdate');
      expect(events.onMusicEnding).not.toHaveBeenCalled();
      deckA().currentTime = 177.2;
      deckA().fire('timeupdate');
      deckA().fire('timeupdate');
      expect(events.onMusicEnding).toHaveBeenCalledTimes(1);
      deckA().currentTime = 180;
      deckA().fire('ended');
      expect(events.onMusicEnded).toHaveBeenCalledWith(a, { startedAt: '2025-03-01T09:00:00.000Z', playedMs: 180_000, cacheHit: null });
    });

    it('a track that cannot start rejects, tells onMusicError, and the playing one goes on', async () => {
      const a = track('a');
      const first = mixer.playMusic(a, { crossfadeMs: 0 });
      deckA().fire('playing');
      await first;
      const b = track('b');
      const second = mixer.playMusic(b);
      deckB().error = { code: 4, message: '404' };
      deckB().fire('error');
      await expect(second).rejects.toThrow('404');
      expect(events.onMusicError).toHaveBeenCalledWith(b, expect.anything());
      expect(deckA().paused).toBe(false);
      expect(deckB().src).toBe('');
      // The engine goes on: the next track plays.
      const c = track('c');
      const third = mixer.playMusic(c, { crossfadeMs: 0 });
      deckB().fire('playing');
      await third;
      expect(events.onMusicCut).toHaveBeenCalledWith(a, expect.anything());
    });

    it('a track breaking off while playing tells onMusicError, after a stall too', async () => {
      const a = track('a');
      const first = mixer.playMusic(a, { crossfadeMs: 0 });
      deckA().fire('playing');
      await first;
      deckA().fire('waiting');
      vi.advanceTimersByTime(19_999);
      expect(events.onMusicError).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(events.onMusicError).toHaveBeenCalledWith(a, expect.objectContaining({ message: 'track stalled' }));
    });

    it('pauses and resumes the playing deck, master volume glides', async () => {
      const first = mixer.playMusic(track('a'), { crossfadeMs: 0 });
      deckA().fire('playing');
      await first;
      mixer.pauseMusic();
      expect(deckA().paused).toBe(true);
      mixer.resumeMusic();
      expect(deckA().paused).toBe(false);
      mixer.setVolume(0.5);
      expect(master().calls).toEqual(['cancel@0', 'set 1@0', 'ramp 0.5@0.05']);
    });

    it('samples the music gain over time', async () => {
      void mixer.playOverlay({ id: 'd1', audioUrl: '/media/a/1.mp3' }, duck);
      const sampling = mixer.sampleMusicGain(400, 100);
      vi.advanceTimersByTime(400);
      const samples = await sampling;
      expect(samples.map((s) => s.t)).toEqual([0, 100, 200, 300, 400]);
      expect(samples.map((s) => round(s.gain))).toEqual([1, 0.8, 0.6, 0.4, 0.2]);
    });
  });

  it('close stops overlays and closes the context', async () => {
    const done = mixer.playOverlay({ id: 'd1', audioUrl: '/media/a/1.mp3' }, duck);
    await mixer.close();
    await expect(done).resolves.toBe('stopped');
    expect(ctx.state).toBe('closed');
  });
});
