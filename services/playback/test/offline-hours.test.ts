import { newId } from '@storecast/service-kit';
import { musicOf, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const at = (iso: string) => h.clock.set(new Date(iso));
const report = (token: string, body: Record<string, unknown> = { state: 'PLAYING' }) => h.api('POST', '/api/v1/store/playback/report', { token, body });
const offlineHours = (token: string, query = '') => h.api('GET', `/api/v1/hq/dashboard/playback-status/offline-hours${query}`, { token });
const signalHoursOf = async (storeId: string) =>
  (await h.pool.query('select hq_id, hour_start from playback_signal_hours where store_id = $1 order by hour_start', [storeId])).rows.map((r) => [
    r.hq_id,
    (r.hour_start as Date).toISOString(),
  ]);

describe('signal hours recorded by POST /api/v1/store/playback/report', () => {
  it('every report records the UTC hour its store signalled in, once per hour, whichever reporter (store or device) sent it', async () => {
    const t = h.tenant();
    const device = newId();
    h.organization.setDevice({ id: device, storeId: t.storeId });
    at('2026-03-05T10:05:00.000Z');
    await report(t.storeToken);
    at('2026-03-05T10:59:59.999Z');
    await report(t.storeToken, { state: 'PAUSED', deviceId: device });
    at('2026-03-05T11:00:00.000Z');
    await report(t.storeToken, { state: 'SILENT', deviceId: device });
    expect(await signalHoursOf(t.storeId)).toEqual([
      [t.hqId, '2026-03-05T10:00:00.000Z'],
      [t.hqId, '2026-03-05T11:00:00.000Z'],
    ]);
    expect(await signalHoursOf(t.otherStoreId)).toEqual([]);
  });

  it("a retried batch (recorded as a repeat, without its logs) still records the retry's hour", async () => {
    const t = h.tenant();
    const song = musicOf(h, 'AI');
    const body = { state: 'PLAYING', logs: [{ musicId: song.id, startedAt: '2026-03-05T12:00:00.000Z', playedMs: 1000 }] };
    at('2026-03-05T12:10:00.000Z');
    expect((await report(t.storeToken, body)).body).toEqual({ recordedLogCount: 1 });
    at('2026-03-05T13:10:00.000Z');
    expect((await report(t.storeToken, body)).body).toEqual({ recordedLogCount: 0 });
    expect((await signalHoursOf(t.storeId)).map(([, hour]) => hour)).toEqual(['2026-03-05T12:00:00.000Z', '2026-03-05T13:00:00.000Z']);
  });
});

describe('GET /api/v1/hq/dashboard/playback-status/offline-hours', () => {
  it("counts, over the last days × 24 whole hours, each open store's hours with a signal and its hours without one since it was registered, in the board's order", async () => {
    const t = h.tenant({ name: 'Hours' });
    const device = newId();
    const fresh = newId();
    const silent = newId();
    h.organization.setDevice({ id: device, storeId: t.storeId });
    // Registered before the window: counted from the window start (createdAt set or not).
    h.organization.setStore({ id: t.storeId, createdAt: '2025-01-01T00:00:00.000Z' });
    // Registered at 05:30 on the window's last day: counted from 06:00, its first whole hour.
    h.organization.setStore({ id: fresh, hqId: t.hqId, name: 'Hours Busan', createdAt: '2026-03-08T05:30:00.000Z' });
    h.organization.setStore({ id: silent, hqId: t.hqId, name: 'Hours Yeouido' });
    h.organization.setStore({ id: newId(), hqId: t.hqId, name: 'Hours Closed', closedAt: '2026-03-01T00:00:00.000Z' });
    const freshToken = h.env.sign({ role: 'STORE_MANAGER', storeId: fresh, hqId: t.hqId });

    for (const [when, body] of [
      ['2026-03-07T09:59:00.000Z', { state: 'PLAYING' }], // before the window
      ['2026-03-07T10:05:00.000Z', { state: 'PLAYING' }],
      ['2026-03-07T10:40:00.000Z', { state: 'PAUSED' }], // the same hour
      ['2026-03-07T15:00:00.000Z', { state: 'PLAYING', deviceId: device }],
      ['2026-03-08T09:59:59.999Z', { state: 'SILENT' }],
      ['2026-03-08T10:10:00.000Z', { state: 'PLAYING', deviceId: device }], // the hour in progress: not counted
    ] as const) {
      at(when);
      expect((await report(t.storeToken, body)).status).toBe(200);
    }
    at('2026-03-08T07:15:00.000Z');
    await report(freshToken);

    at('2026-03-08T10:25:00.000Z');
    const res = await offlineHours(t.hqToken, '?days=1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      from: '2026-03-07T10:00:00.000Z',
      to: '2026-03-08T10:00:00.000Z',
      hours: 24,
      items: [
        { storeId: fresh, storeName: 'Hours Busan', signalHours: 1, offlineHours: 3, lastSignalAt: '2026-03-08T07:15:00.000Z' },
        { storeId: t.storeId, storeName: 'Hours Gangnam', signalHours: 3, offlineHours: 21, lastSignalAt: '2026-03-08T10:10:00.000Z' },
        { storeId: t.otherStoreId, storeName: 'Hours Mapo', signalHours: 0, offlineHours: 24, lastSignalAt: null },
        { storeId: silent, storeName: 'Hours Yeouido', signalHours: 0, offlineHours: 24, lastSignalAt: null },
      ],
    });
    const board = await h.api('GET', '/api/v1/hq/dashboard/playback-status', { token: t.hqToken });
    expect(res.body.items.map((i: { storeId: string }) => i.storeId)).toEqual(board.body.items.map((i: { storeId: string }) => i.storeId));

    // Two days: the window reaches back over the hour before the first day's window.
    const two = await offlineHours(t.hqToken, '?days=2');
    expect([two.body.from, two.body.hours]).toEqual(['2026-03-06T10:00:00.000Z', 48]);
    expect(two.body.items[1]).toEqual(expect.objectContaining({ storeId: t.storeId, signalHours: 4, offlineHours: 44 }));
    expect(two.body.items[0]).toEqual(expect.objectContaining({ storeId: fresh, signalHours: 1, offlineHours: 3 }));
  });

  it('days defaults to 7 and takes 1..31; anything else answers 400 VALIDATION_FAILED', async () => {
    const t = h.tenant();
    at('2026-03-08T10:25:00.000Z');
    const week = await offlineHours(t.hqToken);
    expect([week.status, week.body.hours, week.body.from, week.body.to]).toEqual([200, 168, '2026-03-01T10:00:00.000Z', '2026-03-08T10:00:00.000Z']);
    expect((await offlineHours(t.hqToken, '?days=31')).body.hours).toBe(744);
    for (const q of ['days=0', 'days=32', 'days=-1', 'days=1.5', 'days=abc', 'days=', 'days=7&days=8', 'days=99999999999999999999']) {
      const res = await offlineHours(t.hqToken, `?${q}`);
      expect([q, res.status, res.body.success, res.body.error?.code]).toEqual([q, 400, false, 'VALIDATION_FAILED']);
    }
  });

  it("another HQ's stores never appear, nor count in, even when they signalled; only HQ managers may read it; organization down is 503", async () => {
    const a = h.tenant();
    const b = h.tenant();
    at('2026-03-08T08:10:00.000Z');
    await report(b.storeToken);
    // A signal row naming a's store under b's HQ (a foreign row) is not a's signal either.
    await h.pool.query(`insert into playback_signal_hours (store_id, hq_id, hour_start) values ($1, $2, '2026-03-08T07:00:00Z')`, [a.storeId, b.hqId]);
    at('2026-03-08T10:25:00.000Z');
    const res = await offlineHours(a.hqToken, '?days=1');
    expect(res.body.items.map((i: { storeId: string }) => i.storeId).sort()).toEqual([a.storeId, a.otherStoreId].sort());
    expect(res.body.items.map((i: { signalHours: number }) => i.signalHours)).toEqual([0, 0]);
    expect((await offlineHours(b.hqToken, '?days=1')).body.items.find((i: { storeId: string }) => i.storeId === b.storeId).signalHours).toBe(1);

    expect((await offlineHours(a.storeToken)).status).toBe(403);
    expect((await offlineHours(h.operatorToken)).status).toBe(403);
    h.organization.unavailable = true;
    try {
      const down = await offlineHours(a.hqToken);
      expect([down.status, down.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    } finally {
      h.organization.unavailable = false;
    }
  });
});

describe('signal hours retention', () => {
  it('the pruning job deletes signal hours older than 35 days before the hour in progress and keeps the rest', async () => {
    const t = h.tenant();
    at('2026-01-01T10:30:00.000Z');
    await report(t.storeToken); // 2026-01-01T10:00, older than the retention
    at('2026-02-01T11:10:00.000Z');
    await report(t.storeToken); // 2026-02-01T11:00: exactly 35 days before the hour in progress below
    at('2026-03-08T10:20:00.000Z');
    await report(t.storeToken);
    at('2026-03-08T11:20:00.000Z');
    expect(await h.service.pruneSignalHours()).toBeGreaterThanOrEqual(1);
    expect((await signalHoursOf(t.storeId)).map(([, hour]) => hour)).toEqual(['2026-02-01T11:00:00.000Z', '2026-03-08T10:00:00.000Z']);
    expect(await h.service.pruneSignalHours()).toBe(0);
  });
});
