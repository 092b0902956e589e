import { describe, expect, it } from 'vitest';
import { AnnouncementDelivery, type DeliveredAnnouncement } from './announcement-delivery';
import { NetworkError, type ConnectionState, type PendingAnnouncement } from './ports';
import { ServerClock } from './server-clock';
import { FakeEventStreams, FakePlayerApi, HttpError, ManualTimers, settle } from './test-fakes';

const T0 = Date.parse('2025-03-01T10:00:00.000Z');
const S = 1000;

function item(id: string, extra: Partial<PendingAnnouncement> = {}): PendingAnnouncement {
  return { dispatchId: id, announcementId: `a-${id}`, title: id, audioUrl: `https://media/${id}.mp3`, isEmergency: false, playAt: null, ...extra };
}

function setup() {
  const timers = new ManualTimers(T0);
  const api = new FakePlayerApi(timers);
  const streams = new FakeEventStreams();
  const clock = new ServerClock(timers);
  const delivered: DeliveredAnnouncement[] = [];
  const revoked: string[][] = [];
  const states: ConnectionState[] = [];
  const ended: string[] = [];
  let reconnects = 0;
  const delivery = new AnnouncementDelivery({
    api,
    eventStreams: streams.factory,
    timers,
    clock,
    deviceId: 'dev-1',
    random: () => 1,
    onItems: (items) => delivered.push(...items),
    onRevoked: (ids) => revoked.push(ids),
    onConnectionState: (s) => states.push(s),
    onReconnected: () => reconnects++,
    onStreamEnded: (r) => ended.push(r),
  });
  const pendingReadsAt = () => api.calls.filter((c) => c.method === 'readPending').map((c) => (c.at - T0) / S);
  const ticketsAt = () => api.calls.filter((c) => c.method === 'issueStreamTicket').map((c) => (c.at - T0) / S);
  return { timers, api, streams, clock, delivery, delivered, revoked, states, ended, pendingReadsAt, ticketsAt, reconnects: () => reconnects };
}

describe('AnnouncementDelivery', () => {
  it('opens the stream with a new ticket for the device and shows STREAM once connected', async () => {
    const t = setup();
    t.delivery.start();
    await settle();
    expect(t.api.calls.find((c) => c.method === 'issueStreamTicket')?.args).toEqual(['dev-1']);
    expect(t.streams.last().url).toBe('https://api/stream?ticket=t1');
    expect(t.delivery.connectionState()).toBe('POLLING');
    t.streams.last().emit('connected', { closesAt: new Date(T0 + 29.5 * 60 * S).toISOString() });
    await settle();
    expect(t.delivery.connectionState()).toBe('STREAM');
    expect(t.states).toEqual(['STREAM']);
    t.delivery.stop();
  });

  it('hands an announcement event over at once as SSE and still reloads the pending list', async () => {
    const t = setup();
    t.delivery.start();
    await settle();
    t.streams.last().emit('connected', {});
    await t.timers.advance(5 * S);
    const readsBefore = t.api.count('readPending');
    t.api.pending.items = [item('d1'), item('d2')];
    t.streams.last().emit('announcement', { ...item('d1', { isEmergency: true }), deviceId: null, pendingAt: 'x' });
    expect(t.delivered.map((d) => [d.dispatchId, d.signalSource, d.isEmergency])).toEqual([['d1', 'SSE', true]]);
    await settle();
    expect(t.api.count('readPending')).toBe(readsBefore + 1);
    // d2 came with the list the event made us read: the stream signalled it too.
    expect(t.delivered.map((d) => [d.dispatchId, d.signalSource])).toEqual([
      ['d1', 'SSE'],
      ['d2', 'SSE'],
    ]);
    t.delivery.stop();
  });

  it('delivers items first seen by a poll as POLLING, once each, received at server time', async () => {
    const t = setup();
    t.api.serverOffsetMs = 45_000;
    t.api.ticketResult = async () => {
      throw new NetworkError();
    };
    t.delivery.start();
    await settle();
    expect(t.delivered).toEqual([]);
    t.api.pending.items = [item('d1')];
    await t.timers.advance(20 * S);
    expect(t.delivered).toHaveLength(1);
    const d = t.delivered[0]!;
    expect(d.signalSource).toBe('POLLING');
    expect(d.fromFirstList).toBe(false);
    expect(Math.abs(Date.parse(d.receivedAt) - (T0 + 20 * S + 45_000))).toBeLessThanOrEqual(500);
    await t.timers.advance(60 * S);
    expect(t.delivered).toHaveLength(1);
    t.delivery.stop();
  });

  it('marks the items of the first pending list as start-up backlog candidates', async () => {
    const t = setup();
    t.api.pending.items = [item('old')];
    t.delivery.start();
    await settle();
    t.api.pending.items = [item('old'), item('new')];
    await t.timers.advance(20 * S);
    expect(t.delivered.map((d) => [d.dispatchId, d.fromFirstList])).toEqual([
      ['old', true],
      ['new', false],
    ]);
    t.delivery.stop();
  });

  it('polls every 20 s, relaxes to 60 s only after 90 s of continuous connection, back to 20 s at a drop', async () => {
    const t = setup();
    t.delivery.start();
    await settle();
    t.streams.last().emit('connected', {});
    await t.timers.advance(230 * S);
    // start, after connect, then 20-s polls until the connection is 90 s old.
    expect(t.pendingReadsAt()).toEqual([0, 0, 20, 40, 60, 80, 100, 160, 220]);
    t.streams.last().fail();
    await t.timers.advance(60 * S);
    expect(t.pendingReadsAt().filter((s) => s > 220)).toEqual([240, 260, 280]);
    t.delivery.stop();
  });

  it('keeps polling while the stream is up (a missed event never prevents delivery)', async () => {
    const t = setup();
    t.delivery.start();
    await settle();
    t.streams.last().emit('connected', {});
    await t.timers.advance(100 * S);
    t.api.pending.items = [item('missed-by-stream')];
    await t.timers.advance(60 * S);
    expect(t.delivered.map((d) => [d.dispatchId, d.signalSource])).toEqual([['missed-by-stream', 'POLLING']]);
    t.delivery.stop();
  });

  it('when the stream drops, reconnects with a new ticket and reloads the pending list once after the reconnect', async () => {
    const t = setup();
    t.delivery.start();
    await settle();
    t.streams.last().emit('connected', {});
    await t.timers.advance(10 * S);
    const first = t.streams.last();
    first.fail();
    expect(first.closed).toBe(true);
    expect(t.delivery.connectionState()).toBe('POLLING');
    await t.timers.advance(1 * S);
    expect(t.ticketsAt()).toEqual([0, 11]);
    const second = t.streams.last();
    expect(second).not.toBe(first);
    const reads = t.api.count('readPending');
    second.emit('connected', {});
    await settle();
    expect(t.api.count('readPending')).toBe(reads + 1);
    expect(t.reconnects()).toBe(1);
    expect(t.delivery.connectionState()).toBe('STREAM');
    t.delivery.stop();
  });

  it('backs off exponentially from 1 s to at most 30 s while the stream cannot be reached', async () => {
    const t = setup();
    t.delivery.start();
    await settle();
    t.api.ticketResult = async () => {
      throw new NetworkError();
    };
    t.streams.last().fail();
    await t.timers.advance(200 * S);
    const times = t.ticketsAt();
    const gaps = times.slice(1).map((v, i) => v - times[i]!);
    expect(gaps).toEqual([1, 2, 4, 8, 16, 30, 30, 30, 30, 30]);
    t.delivery.stop();
  });

  it('draws each reconnect delay with jitter in the upper half of the backoff step', async () => {
    const t = setup();
    const timers = t.timers;
    const delivery = new AnnouncementDelivery({
      api: t.api, eventStreams: t.streams.factory, timers, clock: t.clock, deviceId: null,
      random: () => 0, onItems: () => {}, onRevoked: () => {},
    });
    delivery.start();
    await settle();
    t.streams.last().fail();
    await timers.advance(400);
    expect(t.api.count('issueStreamTicket')).toBe(1);
    await timers.advance(100);
    expect(t.api.count('issueStreamTicket')).toBe(2);
    delivery.stop();
  });

  it('is OFFLINE while calls fail with NetworkError and POLLING when only polling works', async () => {
    const t = setup();
    t.api.online = false;
    t.delivery.start();
    await settle();
    expect(t.delivery.connectionState()).toBe('OFFLINE');
    t.api.online = true;
    t.api.ticketResult = async () => {
      throw new HttpError(503);
    };
    // A 503 for the ticket is not a network failure; the next poll works.
    await t.timers.advance(20 * S);
    expect(t.delivery.connectionState()).toBe('POLLING');
    t.delivery.stop();
  });

  it('takes a new ticket before the server closes the stream (connected.closesAt)', async () => {
    const t = setup();
    t.delivery.start();
    await settle();
    const first = t.streams.last();
    first.emit('connected', { closesAt: new Date(T0 + (29 * 60 + 20) * S).toISOString() });
    await t.timers.advance((28 * 60 + 49) * S);
    expect(t.ticketsAt()).toEqual([0]);
    await t.timers.advance(1 * S);
    // 30 s before closesAt, read on the server's clock (the Date-header estimate is within 1 s).
    const rotatedAt = t.ticketsAt()[1]!;
    expect(t.ticketsAt()).toHaveLength(2);
    expect(rotatedAt).toBeGreaterThan(28 * 60 + 49);
    expect(rotatedAt).toBeLessThanOrEqual(28 * 60 + 50);
    expect(first.closed).toBe(true);
    t.streams.last().emit('connected', {});
    await settle();
    expect(t.reconnects()).toBe(0);
    // Without closesAt: at 29 minutes.
    await t.timers.advance(29 * 60 * S);
    expect(t.ticketsAt()).toEqual([0, rotatedAt, 28 * 60 + 50 + 29 * 60]); // connected at 28:50
    t.delivery.stop();
  });

  it('after stream-ended, closes, keeps the reason and does not reconnect for 65 s', async () => {
    const t = setup();
    t.delivery.start();
    await settle();
    t.streams.last().emit('connected', {});
    await t.timers.advance(10 * S);
    t.streams.last().emit('stream-ended', { reason: 'STORE_SUSPENDED', endedAt: 'x' });
    expect(t.streams.last().closed).toBe(true);
    expect(t.ended).toEqual(['STORE_SUSPENDED']);
    expect(t.delivery.streamEndedReason()).toBe('STORE_SUSPENDED');
    expect(t.delivery.connectionState()).toBe('POLLING');
    await t.timers.advance(64 * S);
    expect(t.ticketsAt()).toEqual([0]);
    await t.timers.advance(1 * S);
    expect(t.ticketsAt()).toEqual([0, 75]);
    t.streams.last().emit('connected', {});
    expect(t.delivery.streamEndedReason()).toBeNull();
    t.delivery.stop();
  });

  it('reports a remote stop at once, and each revoked id of the lists once; revoked items are never delivered', async () => {
    const t = setup();
    t.delivery.start();
    await settle();
    t.streams.last().emit('connected', {});
    await settle();
    t.streams.last().emit('announcement-revoked', { dispatchId: 'd1', announcementId: 'a', deviceId: null, revokedAt: 'x' });
    expect(t.revoked).toEqual([['d1']]);
    t.api.pending = { items: [item('d1'), item('d3')], revokedDispatchIds: ['d1', 'd2'] };
    await t.timers.advance(20 * S);
    await t.timers.advance(20 * S);
    expect(t.revoked).toEqual([['d1'], ['d2']]);
    expect(t.delivered.map((d) => d.dispatchId)).toEqual(['d3']);
    t.delivery.stop();
  });

  it('delivers a released dispatch again when a later list still has it (retry after FAILED)', async () => {
    const t = setup();
    t.api.pending.items = [item('d1')];
    t.delivery.start();
    await settle();
    expect(t.delivered).toHaveLength(1);
    t.delivery.release('d1');
    await t.timers.advance(20 * S);
    expect(t.delivered.map((d) => [d.dispatchId, d.fromFirstList])).toEqual([
      ['d1', true],
      ['d1', false],
    ]);
    t.delivery.stop();
  });

  it('reads once more after an event that came while a read was in flight', async () => {
    const t = setup();
    t.delivery.start();
    await settle();
    t.streams.last().emit('connected', {});
    await settle();
    let release!: () => void;
    let reads = 0;
    const original = t.api.readPending.bind(t.api);
    t.api.readPending = async (deviceId) => {
      reads++;
      if (reads === 1) await new Promise<void>((r) => (release = r));
      return original(deviceId);
    };
    await t.timers.advance(20 * S);
    expect(reads).toBe(1);
    t.streams.last().emit('announcement', { nothing: true });
    t.streams.last().emit('announcement', { nothing: true });
    await settle();
    expect(reads).toBe(1);
    release();
    await settle();
    expect(reads).toBe(2);
    t.delivery.stop();
  });

  it('stops everything on stop()', async () => {
    const t = setup();
    t.delivery.start();
    await settle();
    t.delivery.stop();
    expect(t.streams.last().closed).toBe(true);
    expect(t.timers.pending()).toBe(0);
  });

  it('when a poll fails for the network, an open stream is not trusted: OFFLINE, and a new stream once it returns', async () => {
    const t = setup();
    t.delivery.start();
    await settle();
    t.streams.last().emit('connected', {});
    await settle();
    expect(t.delivery.connectionState()).toBe('STREAM');
    const opened = t.streams.opened.length;
    t.api.online = false;
    await t.timers.advance(21 * S);
    expect(t.delivery.connectionState()).toBe('OFFLINE');
    expect(t.streams.opened[opened - 1]!.closed).toBe(true);
    t.api.online = true;
    await t.timers.advance(3 * S);
    expect(t.streams.opened.length).toBeGreaterThan(opened);
    t.streams.last().emit('connected', {});
    await settle();
    expect(t.delivery.connectionState()).toBe('STREAM');
    t.delivery.stop();
  });

  it('when the browser says the network is gone, shows OFFLINE at once; back online, reads the list and reconnects at once', async () => {
    const t = setup();
    let notify: (online: boolean) => void = () => {};
    const delivery = new AnnouncementDelivery({
      api: t.api, eventStreams: t.streams.factory, timers: t.timers, clock: t.clock, deviceId: null,
      random: () => 1, onItems: () => {}, onRevoked: () => {},
      onNetworkChange: (cb) => {
        notify = cb;
        return () => (notify = () => {});
      },
    });
    delivery.start();
    await settle();
    t.streams.last().emit('connected', {});
    await settle();
    t.api.online = false;
    notify(false);
    expect(delivery.connectionState()).toBe('OFFLINE');
    expect(t.streams.last().closed).toBe(true);
    t.api.online = true;
    const reads = t.api.count('readPending');
    const tickets = t.api.count('issueStreamTicket');
    notify(true);
    await settle();
    expect(t.api.count('readPending')).toBe(reads + 1);
    expect(t.api.count('issueStreamTicket')).toBe(tickets + 1);
    delivery.stop();
  });
});
