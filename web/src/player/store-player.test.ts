import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { MusicSequencer } from './music-sequencer';
import type { MusicMixer, MusicSequencerPort, PlaybackReport, SequencerFactory, SequencerHooks, StoreQueue } from './ports';
import { StorePlayer, type StorePlayerSnapshot } from './store-player';
import { FakeEventStreams, FakeMixer, FakePlayerApi, ManualTimers, music, settle } from './test-fakes';

const T0 = Date.parse('2025-03-01T10:00:00.000Z');
const MIN = 60_000;
let n = 0;

// Compile-time: the other engineer's MusicSequencer is what the page passes as the factory.
export const sequencerFits = (mixer: MusicMixer): SequencerFactory => (hooks) => new MusicSequencer({ mixer, ...hooks });

class FakeSequencer implements MusicSequencerPort {
  loaded: StoreQueue[] = [];
  started = 0;
  disposed = false;
  paused = false;
  volume = 1;
  constructor(readonly hooks: SequencerHooks) {}
  load(queue: StoreQueue) {
    this.loaded.push(queue);
  }
  start() {
    this.started++;
  }
  pause() {
    this.paused = true;
  }
  resume() {
    this.paused = false;
  }
  skip() {}
  setVolume(v: number) {
    this.volume = v;
  }
  dispose() {
    this.disposed = true;
  }
}

const players: StorePlayer[] = [];
afterEach(async () => {
  for (const p of players.splice(0)) await p.stop();
});

async function setup() {
  const timers = new ManualTimers(T0);
  const api = new FakePlayerApi(timers);
  api.queue.ducking = { enabled: true, volumePercent: 10, fadeMs: 800 };
  const streams = new FakeEventStreams();
  const mixer = new FakeMixer();
  const cached: string[][] = [];
  let sequencer: FakeSequencer | null = null;
  const player = new StorePlayer({
    api,
    mixer,
    timers,
    eventStreams: streams.factory,
    deviceId: 'dev-1',
    dbName: `store-player-test-${++n}`,
    random: () => 1,
    sequencer: (hooks) => (sequencer = new FakeSequencer(hooks)),
    mediaCache: { ensure: async (urls) => void cached.push([...urls]), retain: () => {}, has: () => false },
  });
  players.push(player);
  const snapshots: StorePlayerSnapshot[] = [];
  player.subscribe((s) => snapshots.push(s));
  await player.start();
  await settle();
  return { timers, api, streams, mixer, player, cached, snapshots, seq: () => sequencer! };
}

describe('StorePlayer', () => {
  it('starts: resumes the mixer, reads the queue, loads and starts the music, opens the stream', async () => {
    const t = await setup();
    expect(t.mixer.resumed).toBe(1);
    expect(t.api.calls.find((c) => c.method === 'readQueue')?.args).toEqual(['dev-1']);
    expect(t.seq().loaded).toHaveLength(1);
    expect(t.seq().started).toBe(1);
    t.streams.last().emit('connected', {});
    t.seq().hooks.onNowPlaying?.({ current: music('m1'), next: music('m2') });
    t.seq().hooks.onStateChange?.('PLAYING');
    const s = t.player.snapshot();
    expect(s).toMatchObject({ started: true, connection: 'STREAM', state: 'PLAYING', playlist: { id: 'pl-1', name: 'Morning' } });
    expect(s.nowPlaying?.musicId).toBe('m1');
    expect(s.next?.musicId).toBe('m2');
    expect(t.cached[0]).toEqual(['https://media/m1.mp3', 'https://media/m2.mp3']);
  });

  it("plays a delivered announcement with the queue's ducking, caches its audio and acks it", async () => {
    const t = await setup();
    t.streams.last().emit('connected', {});
    t.streams.last().emit('announcement', {
      dispatchId: 'd1', announcementId: 'a1', title: 'Closing', audioUrl: 'https://media/d1.mp3', isEmergency: false, playAt: null,
    });
    const overlay = t.mixer.playing()!;
    expect(overlay.ducking).toEqual({ enabled: true, volumePercent: 10, fadeMs: 800 });
    expect(t.cached).toContainEqual(['https://media/d1.mp3']);
    overlay.start(T0);
    overlay.end();
    await settle(10);
    const ack = t.api.calls.find((c) => c.method === 'ack');
    expect(ack?.args[0]).toBe('d1');
    expect(ack?.args[1]).toMatchObject({ outcome: 'PLAYED', signalSource: 'SSE', deviceId: 'dev-1' });
    expect(t.player.snapshot().recentAnnouncements[0]).toMatchObject({ dispatchId: 'd1', status: 'PLAYED' });
    expect(t.player.snapshot().pendingOutbox).toBe(0);
  });

  it('reports the state and sends the play logs of the sequencer through the outbox', async () => {
    const t = await setup();
    t.seq().hooks.onNowPlaying?.({ current: music('m1'), next: null });
    t.seq().hooks.onStateChange?.('PLAYING');
    t.seq().hooks.onTrackEnded?.({ musicId: 'm1', libraryId: 'lib-1', startedAt: new Date(T0).toISOString(), playedMs: 180_000, cacheHit: true });
    await settle(10);
    const reports = t.api.calls.filter((c) => c.method === 'report').map((c) => c.args[0] as PlaybackReport);
    expect(reports.some((r) => r.state === 'PLAYING' && r.currentMusicId === 'm1' && r.deviceId === 'dev-1')).toBe(true);
    expect(reports.flatMap((r) => r.logs.map((l) => l.musicId))).toEqual(['m1']);
  });

  it('re-reads the queue every 10 minutes and after a reconnect', async () => {
    const t = await setup();
    t.streams.last().emit('connected', {});
    await t.timers.advance(10 * MIN);
    expect(t.api.count('readQueue')).toBe(2);
    expect(t.seq().loaded).toHaveLength(2);
    expect(t.seq().started).toBe(1);
    t.streams.last().fail();
    await t.timers.advance(1000);
    t.streams.last().emit('connected', {});
    await settle();
    expect(t.api.count('readQueue')).toBe(3);
  });

  it('shows OFFLINE and the error when the network is gone, and recovers', async () => {
    const t = await setup();
    t.api.online = false;
    await t.timers.advance(20_000);
    expect(t.player.snapshot().connection).toBe('OFFLINE');
    t.api.online = true;
    await t.timers.advance(20_000);
    expect(t.player.snapshot().connection).not.toBe('OFFLINE');
  });

  it('stop() tears everything down', async () => {
    const t = await setup();
    t.player.setVolume(0.4);
    expect(t.seq().volume).toBe(0.4);
    await t.player.stop();
    expect(t.seq().disposed).toBe(true);
    expect(t.streams.open()).toHaveLength(0);
    expect(t.timers.pending()).toBe(0);
    expect(t.player.snapshot().started).toBe(false);
  });
});
