import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineQueue } from './offline-queue';
import { PlaybackReporter } from './playback-reporter';
import type { PlaybackReport, PlayLog } from './ports';
import { FakePlayerApi, ManualTimers } from './test-fakes';

const T0 = Date.parse('2025-03-01T10:00:00.000Z');
const MIN = 60_000;
let n = 0;
const queues: OfflineQueue[] = [];
afterEach(() => {
  for (const q of queues.splice(0)) q.close();
});

function log(id: string): PlayLog {
  return { musicId: id, libraryId: null, startedAt: new Date(T0).toISOString(), playedMs: 180_000, cacheHit: null };
}

async function setup() {
  const timers = new ManualTimers(T0);
  const api = new FakePlayerApi(timers);
  let reporter: PlaybackReporter | null = null;
  const queue = await OfflineQueue.open({
    api,
    timers,
    deviceId: 'dev-1',
    dbName: `reporter-test-${++n}`,
    onReportSent: () => reporter?.noteReportSent(),
  });
  queues.push(queue);
  reporter = new PlaybackReporter({ queue, timers });
  const reports = () => api.calls.filter((c) => c.method === 'report').map((c) => ({ at: (c.at - T0) / MIN, ...(c.args[0] as PlaybackReport) }));
  return { timers, api, queue, reporter, reports };
}

describe('PlaybackReporter', () => {
  it('reports every change at once with the current music and the device id', async () => {
    const t = await setup();
    t.queue.start();
    t.reporter.start();
    await t.queue.whenIdle();
    t.reporter.update('PLAYING', 'm1');
    await t.queue.whenIdle();
    t.reporter.update('PLAYING', 'm1');
    t.reporter.update('PLAYING', 'm2');
    await t.queue.whenIdle();
    t.reporter.update('PAUSED', 'm2');
    await t.queue.whenIdle();
    expect(t.reports().map((r) => [r.state, r.currentMusicId, r.deviceId])).toEqual([
      ['SILENT', null, 'dev-1'],
      ['PLAYING', 'm1', 'dev-1'],
      ['PLAYING', 'm2', 'dev-1'],
      ['PAUSED', 'm2', 'dev-1'],
    ]);
  });

  it('sends the idle status signal every 5 minutes when nothing changed', async () => {
    const t = await setup();
    t.queue.start();
    t.reporter.update('PLAYING', 'm1');
    t.reporter.start();
    await t.queue.whenIdle();
    for (let i = 0; i < 12; i++) {
      await t.timers.advance(MIN);
      await t.queue.whenIdle();
    }
    expect(t.reports().map((r) => r.at)).toEqual([0, 5, 10]);
    // A change restarts the 5 minutes.
    await t.timers.advance(2 * MIN);
    t.reporter.update('PAUSED', 'm1');
    await t.queue.whenIdle();
    await t.timers.advance(4 * MIN);
    await t.queue.whenIdle();
    expect(t.reports().map((r) => r.at)).toEqual([0, 5, 10, 14]);
    await t.timers.advance(1 * MIN);
    await t.queue.whenIdle();
    expect(t.reports().map((r) => r.at)).toEqual([0, 5, 10, 14, 19]);
  });

  it('carries the logs waiting in the offline queue, each once, in order', async () => {
    const t = await setup();
    t.api.online = false;
    t.queue.start();
    t.reporter.start();
    await t.queue.enqueueLogs([log('m1'), log('m2')]);
    t.reporter.update('PLAYING', 'm3');
    await t.queue.whenIdle();
    t.api.online = true;
    t.api.calls = [];
    await t.timers.advance(MIN);
    await t.queue.whenIdle();
    await t.timers.advance(10 * MIN);
    await t.queue.whenIdle();
    const reports = t.reports();
    expect(reports[0]).toMatchObject({ state: 'PLAYING', currentMusicId: 'm3' });
    expect(reports.flatMap((r) => r.logs.map((l) => l.musicId))).toEqual(['m1', 'm2']);
    expect(reports.slice(1).every((r) => r.logs.length === 0)).toBe(true);
  });

  it('never reports OFFLINE', async () => {
    const t = await setup();
    t.queue.start();
    t.reporter.start();
    t.reporter.update('OFFLINE' as never, null);
    await t.queue.whenIdle();
    expect(t.reports().every((r) => (r.state as string) !== 'OFFLINE')).toBe(true);
  });
});
