import { describe, expect, it, vi } from 'vitest';
import type { DeliveredAnnouncement } from './announcement-delivery';
import { AnnouncementScheduler, type RecentAnnouncement } from './announcement-scheduler';
import type { AckRequest, Ducking } from './ports';
import { ServerClock } from './server-clock';
import { FakeMixer, ManualTimers, settle } from './test-fakes';

const T0 = Date.parse('2025-03-01T10:00:00.000Z');
const S = 1000;
/** The server's clock is 60 s ahead of this device's. */
const OFFSET = 60_000;
const ducking: Ducking = { enabled: true, volumePercent: 35, fadeMs: 250 };

function setup() {
  const timers = new ManualTimers(T0);
  const clock = new ServerClock(timers);
  // Two samples pin the offset to [OFFSET, OFFSET] (a Date header exactly on the second, zero RTT).
  clock.addSample({ serverDate: new Date(T0 + OFFSET).toUTCString(), sentAt: T0, receivedAt: T0 });
  clock.addSample({ serverDate: new Date(T0 + OFFSET).toUTCString(), sentAt: T0 + 1000, receivedAt: T0 + 1000 });
  expect(clock.offsetMs()).toBe(OFFSET);
  const mixer = new FakeMixer();
  const acks: Array<{ id: string; body: AckRequest }> = [];
  const retries: string[] = [];
  let recent: RecentAnnouncement[] = [];
  const scheduler = new AnnouncementScheduler({
    mixer,
    clock,
    timers,
    deviceId: 'dev-1',
    ducking,
    outbox: { enqueueAck: async (id, body) => void acks.push({ id, body }) },
    onChange: (r) => (recent = r),
    onRetryAllowed: (id) => retries.push(id),
  });
  const server = (deviceMs: number) => new Date(deviceMs + OFFSET).toISOString();
  const item = (id: string, extra: Partial<DeliveredAnnouncement> = {}): DeliveredAnnouncement => ({
    dispatchId: id,
    announcementId: `a-${id}`,
    title: `title ${id}`,
    audioUrl: `https://media/${id}.mp3`,
    isEmergency: false,
    playAt: null,
    signalSource: 'SSE',
    receivedAt: server(timers.now()),
    receivedAtMs: timers.now(),
    fromFirstList: false,
    ...extra,
  });
  return { timers, clock, mixer, acks, retries, scheduler, server, item, recent: () => recent };
}

describe('AnnouncementScheduler', () => {
  it('plays an item without playAt at once with the queue ducking and acks PLAYED with server times', async () => {
    const t = setup();
    t.scheduler.deliver([t.item('d1', { signalSource: 'POLLING' })]);
    const overlay = t.mixer.playing()!;
    expect(overlay).toMatchObject({ id: 'd1', audioUrl: 'https://media/d1.mp3', ducking });
    await t.timers.advance(300);
    overlay.start(T0 + 250);
    await t.timers.advance(10 * S);
    overlay.end();
    await settle();
    expect(t.acks).toEqual([
      {
        id: 'd1',
        body: { outcome: 'PLAYED', deviceId: 'dev-1', signalSource: 'POLLING', receivedAt: t.server(T0), startedAt: t.server(T0 + 250) },
      },
    ]);
    expect(t.recent()[0]).toMatchObject({ dispatchId: 'd1', status: 'PLAYED', startedAt: t.server(T0 + 250) });
  });

  it('waits for playAt, read on the server clock', async () => {
    const t = setup();
    // playAt 30 s from now on the server's clock = device T0 + 30 s.
    t.scheduler.deliver([t.item('d1', { playAt: t.server(T0 + 30 * S) })]);
    await t.timers.advance(29 * S);
    expect(t.mixer.overlays).toHaveLength(0);
    expect(t.recent()[0]?.status).toBe('SCHEDULED');
    await t.timers.advance(1 * S);
    expect(t.mixer.overlays.map((o) => o.id)).toEqual(['d1']);
  });

  it('plays one at a time in due order, an emergency first when due together', async () => {
    const t = setup();
    t.scheduler.deliver([
      t.item('later', { playAt: t.server(T0 + 20 * S) }),
      t.item('normal'),
      t.item('emergency', { isEmergency: true }),
      t.item('normal2'),
    ]);
    expect(t.mixer.overlays.map((o) => o.id)).toEqual(['emergency']);
    t.mixer.playing()!.end();
    await settle();
    expect(t.mixer.overlays.map((o) => o.id)).toEqual(['emergency', 'normal']);
    await t.timers.advance(25 * S);
    // 'later' is due now, but 'normal' is still playing.
    expect(t.mixer.overlays).toHaveLength(2);
    t.mixer.playing()!.end();
    await settle();
    // Both due: 'later' (due at +20 s) and 'normal2' (due at 0) — due order.
    expect(t.mixer.overlays.map((o) => o.id)).toEqual(['emergency', 'normal', 'normal2']);
    t.mixer.playing()!.end();
    await settle();
    expect(t.mixer.overlays.map((o) => o.id)).toEqual(['emergency', 'normal', 'normal2', 'later']);
  });

  it('acks FAILED when the audio cannot be played and lets the server redeliver it after 10 s, up to 3 failures', async () => {
    const t = setup();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (let attempt = 1; attempt <= 3; attempt++) {
      t.scheduler.deliver([t.item('d1')]);
      t.mixer.playing()!.fail();
      await settle();
      expect(t.acks.map((a) => a.body.outcome)).toEqual(Array(attempt).fill('FAILED'));
      await t.timers.advance(9 * S);
      expect(t.retries).toHaveLength(attempt - 1);
      await t.timers.advance(1 * S);
    }
    // The third failure makes it MISSED on the server: no more retries.
    expect(t.retries).toEqual(['d1', 'd1']);
    expect(t.recent()).toHaveLength(1);
    expect(t.recent()[0]).toMatchObject({ status: 'FAILED', failures: 3 });
    expect(t.acks[0]?.body.startedAt).toBeNull();
  });

  it('a revoked dispatch stops at once and is not acked; a queued one is dropped', async () => {
    const t = setup();
    t.scheduler.deliver([t.item('d1'), t.item('d2'), t.item('d3')]);
    expect(t.mixer.playing()?.id).toBe('d1');
    t.scheduler.revoke(['d1', 'd2']);
    expect(t.mixer.stopped).toEqual(['d1']);
    await settle();
    expect(t.mixer.overlays.map((o) => o.id)).toEqual(['d1', 'd3']);
    t.mixer.playing()!.end();
    await settle();
    expect(t.acks.map((a) => [a.id, a.body.outcome])).toEqual([['d3', 'PLAYED']]);
    expect(t.recent().map((r) => [r.dispatchId, r.status])).toEqual([
      ['d3', 'PLAYED'],
      ['d2', 'STOPPED'],
      ['d1', 'STOPPED'],
    ]);
    // A revoked id delivered later (a stale list) never plays.
    t.scheduler.deliver([t.item('d2')]);
    expect(t.mixer.overlays).toHaveLength(2);
  });

  it('the start-up backlog is acked SKIPPED except emergencies', async () => {
    const t = setup();
    t.scheduler.deliver([
      t.item('stale', { fromFirstList: true, playAt: t.server(T0 - 61 * S) }),
      t.item('unknown-due', { fromFirstList: true, playAt: null }),
      t.item('stale-emergency', { fromFirstList: true, isEmergency: true, playAt: t.server(T0 - 5 * 60 * S) }),
      t.item('just-late', { fromFirstList: true, playAt: t.server(T0 - 59 * S) }),
      t.item('future', { fromFirstList: true, playAt: t.server(T0 + 10 * S) }),
    ]);
    expect(t.acks.map((a) => [a.id, a.body.outcome])).toEqual([
      ['stale', 'SKIPPED'],
      ['unknown-due', 'SKIPPED'],
    ]);
    expect(t.acks[0]?.body).toMatchObject({ startedAt: null, signalSource: 'SSE', deviceId: 'dev-1' });
    expect(t.mixer.playing()?.id).toBe('stale-emergency');
    t.mixer.playing()!.end();
    await settle();
    expect(t.mixer.playing()?.id).toBe('just-late');
    t.mixer.playing()!.end();
    await t.timers.advance(10 * S);
    expect(t.mixer.playing()?.id).toBe('future');
  });

  it('plays late items that were not in the first list (no backlog drain after start-up)', () => {
    const t = setup();
    t.scheduler.deliver([t.item('late', { playAt: t.server(T0 - 3 * 60 * S) })]);
    expect(t.mixer.playing()?.id).toBe('late');
    expect(t.acks).toEqual([]);
  });

  it('keeps the last 20 announcements with their outcome, newest first', async () => {
    const t = setup();
    for (let i = 0; i < 25; i++) {
      t.scheduler.deliver([t.item(`d${i}`)]);
      t.mixer.playing()!.end();
      await settle();
    }
    const recent = t.scheduler.recent();
    expect(recent).toHaveLength(20);
    expect(recent[0]?.dispatchId).toBe('d24');
    expect(recent[19]?.dispatchId).toBe('d5');
    expect(recent.every((r) => r.status === 'PLAYED')).toBe(true);
    expect(t.recent()).toEqual(recent);
  });

  it('stop() silences the playing announcement without acking it', async () => {
    const t = setup();
    t.scheduler.deliver([t.item('d1'), t.item('d2', { playAt: t.server(T0 + 5 * S) })]);
    t.scheduler.stop();
    await t.timers.advance(10 * S);
    expect(t.mixer.stopped).toEqual(['d1']);
    expect(t.mixer.overlays).toHaveLength(1);
    expect(t.acks).toEqual([]);
  });
});
