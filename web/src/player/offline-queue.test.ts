import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineQueue, OUTBOX_STORE } from './offline-queue';
import type { AckRequest, PlaybackReport, PlayLog } from './ports';
import { FakePlayerApi, HttpError, ManualTimers, settle } from './test-fakes';

const T0 = Date.parse('2025-03-01T10:00:00.000Z');
let dbCounter = 0;

function ackBody(outcome: AckRequest['outcome'] = 'PLAYED'): AckRequest {
  return { outcome, deviceId: 'dev-1', signalSource: 'SSE', receivedAt: '2025-03-01T10:00:00.000Z', startedAt: null };
}

function log(i: number): PlayLog {
  return { musicId: `m${i}`, libraryId: null, startedAt: new Date(T0 + i * 1000).toISOString(), playedMs: 1000, cacheHit: true };
}

async function setup(dbName = `outbox-test-${++dbCounter}`) {
  const timers = new ManualTimers(T0);
  const api = new FakePlayerApi(timers);
  let online: (() => void) | null = null;
  const counts: number[] = [];
  const queue = await OfflineQueue.open({
    api,
    timers,
    deviceId: 'dev-1',
    dbName,
    status: () => ({ state: 'PLAYING', currentMusicId: 'm-now' }),
    onOnline: (cb) => {
      online = cb;
      return () => (online = null);
    },
    onChange: (n) => counts.push(n),
  });
  const sent = () =>
    api.calls
      .filter((c) => c.method === 'ack' || c.method === 'report')
      .map((c) => (c.method === 'ack' ? `ack:${c.args[0] as string}` : `report:${(c.args[0] as PlaybackReport).logs.map((l) => l.musicId).join(',')}`));
  return { timers, api, queue, dbName, counts, sent, goOnline: () => online?.() };
}

const queues: OfflineQueue[] = [];
afterEach(() => {
  for (const q of queues.splice(0)) q.close();
});

describe('OfflineQueue', () => {
  it('sends acks made offline in order when the network returns, each once', async () => {
    const t = await setup();
    queues.push(t.queue);
    t.api.online = false;
    t.queue.start();
    await t.queue.enqueueAck('d1', ackBody());
    await t.queue.enqueueAck('d2', ackBody('SKIPPED'));
    await t.queue.enqueueAck('d3', ackBody('FAILED'));
    await t.queue.whenIdle();
    expect(t.queue.pendingCount()).toBe(3);
    const triedOffline = t.api.count('ack');
    expect(triedOffline).toBeGreaterThan(0);
    t.api.calls = [];
    t.api.online = true;
    t.goOnline();
    await t.queue.whenIdle();
    expect(t.sent()).toEqual(['ack:d1', 'ack:d2', 'ack:d3']);
    expect((t.api.calls[1]?.args[1] as AckRequest).outcome).toBe('SKIPPED');
    expect(t.queue.pendingCount()).toBe(0);
    await t.timers.advance(10 * 60_000);
    await t.queue.whenIdle();
    expect(t.sent()).toHaveLength(3);
  });

  it('retries with backoff while the network is down', async () => {
    const t = await setup();
    queues.push(t.queue);
    t.api.online = false;
    t.queue.start();
    await t.queue.enqueueAck('d1', ackBody());
    await t.queue.whenIdle();
    for (let i = 0; i < 9; i++) {
      await t.timers.advance(60_000);
      await t.queue.whenIdle();
    }
    const times = t.api.calls.map((c) => (c.at - T0) / 1000);
    // 0, then +1 s, +2 s, +4 s... capped at 60 s.
    expect(times.slice(0, 8)).toEqual([0, 1, 3, 7, 15, 31, 63, 123]);
  });

  it('survives a reload: a new queue on the same database sends what the old one left, in order', async () => {
    const first = await setup();
    first.api.online = false;
    first.queue.start();
    await first.queue.enqueueAck('d1', ackBody());
    await first.queue.enqueueLogs([log(1), log(2)]);
    await first.queue.enqueueAck('d2', ackBody());
    await first.queue.whenIdle();
    first.queue.close();

    const second = await setup(first.dbName);
    queues.push(second.queue);
    expect(second.queue.pendingCount()).toBe(4);
    second.queue.start();
    await second.queue.whenIdle();
    expect(second.sent()).toEqual(['ack:d1', 'report:m1,m2', 'ack:d2']);
    expect(second.queue.pendingCount()).toBe(0);
  });

  it('sends logs in reports of at most 200, in order, with the state and the device id', async () => {
    const t = await setup();
    queues.push(t.queue);
    await t.queue.enqueueLogs(Array.from({ length: 450 }, (_, i) => log(i)));
    t.queue.start();
    await t.queue.whenIdle();
    const reports = t.api.calls.filter((c) => c.method === 'report').map((c) => c.args[0] as PlaybackReport);
    expect(reports.map((r) => r.logs.length)).toEqual([200, 200, 50]);
    expect(reports.flatMap((r) => r.logs.map((l) => l.musicId))).toEqual(Array.from({ length: 450 }, (_, i) => `m${i}`));
    expect(reports[0]).toMatchObject({ state: 'PLAYING', currentMusicId: 'm-now', deviceId: 'dev-1' });
    expect(reports[0]).not.toHaveProperty('commercialPlays');
  });

  it('carries commercial plays with the logs of the same stretch', async () => {
    const t = await setup();
    queues.push(t.queue);
    await t.queue.enqueueLogs([log(1)]);
    await t.queue.enqueueCommercialPlays([{ commercialId: 'c1', startedAt: '2025-03-01T10:03:00.000Z', playedMs: 30_000 }]);
    await t.queue.enqueueLogs([log(2)]);
    t.queue.start();
    await t.queue.whenIdle();
    const reports = t.api.calls.filter((c) => c.method === 'report').map((c) => c.args[0] as PlaybackReport);
    expect(reports).toHaveLength(1);
    expect(reports[0]?.logs.map((l) => l.musicId)).toEqual(['m1', 'm2']);
    expect(reports[0]?.commercialPlays).toEqual([{ commercialId: 'c1', startedAt: '2025-03-01T10:03:00.000Z', playedMs: 30_000 }]);
  });

  it("drops what the server refuses (4xx) with a warning, and ends an ack's life on 'final'", async () => {
    const t = await setup();
    queues.push(t.queue);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    t.api.ackResult = async (id) => {
      if (id === 'bad') throw new HttpError(400);
      return id === 'done' ? 'final' : 'ok';
    };
    await t.queue.enqueueAck('bad', ackBody());
    await t.queue.enqueueAck('done', ackBody());
    await t.queue.enqueueAck('d3', ackBody());
    t.queue.start();
    await t.queue.whenIdle();
    expect(t.sent()).toEqual(['ack:bad', 'ack:done', 'ack:d3']);
    expect(warn).toHaveBeenCalledOnce();
    expect(t.queue.pendingCount()).toBe(0);
  });

  it('keeps an entry when the server failed (5xx) or the session expired (401)', async () => {
    const t = await setup();
    queues.push(t.queue);
    let status = 503;
    t.api.ackResult = async () => {
      if (status) throw new HttpError(status);
      return 'ok';
    };
    t.queue.start();
    await t.queue.enqueueAck('d1', ackBody());
    await t.queue.whenIdle();
    status = 401;
    await t.timers.advance(1000);
    await t.queue.whenIdle();
    expect(t.queue.pendingCount()).toBe(1);
    status = 0;
    await t.timers.advance(2000);
    await t.queue.whenIdle();
    expect(t.sent()).toEqual(['ack:d1', 'ack:d1', 'ack:d1']);
    expect(t.queue.pendingCount()).toBe(0);
  });

  it('sends an owed status report once, without logs when none wait', async () => {
    const t = await setup();
    queues.push(t.queue);
    t.queue.start();
    await t.queue.whenIdle();
    expect(t.api.count('report')).toBe(0);
    t.queue.requestReport();
    await t.queue.whenIdle();
    await t.queue.flush();
    expect(t.sent()).toEqual(['report:']);
  });

  it('creates its store in a database that another player store created first', async () => {
    const dbName = `outbox-shared-${++dbCounter}`;
    const other = await openDB(dbName, 1, { upgrade: (db) => void db.createObjectStore('media') });
    other.close();
    const t = await setup(dbName);
    queues.push(t.queue);
    await t.queue.enqueueAck('d1', ackBody());
    await settle();
    const db = await openDB(dbName);
    expect([...db.objectStoreNames].sort()).toEqual(['media', OUTBOX_STORE]);
    db.close();
  });
});
