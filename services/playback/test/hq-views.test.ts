import { newId } from '@storecast/service-kit';
import { musicOf, startHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});
beforeEach(() => h.clock.set(new Date('2026-03-02T00:00:00.000Z')));

const report = (token: string, body: Record<string, unknown>) => h.api('POST', '/api/v1/store/playback/report', { token, body });
const log = (musicId: string, startedAt: string, extra: Record<string, unknown> = {}) => ({ musicId, startedAt, playedMs: 60_000, ...extra });

describe('GET /api/v1/hq/dashboard/playback-status', () => {
  it('shows each open store as reported, OFFLINE after 10 minutes without a signal or with none ever, with counts', async () => {
    const t = h.tenant({ name: 'Board' });
    const third = newId();
    const closed = newId();
    h.organization.setStore({ id: third, hqId: t.hqId, name: 'Board Yeouido' });
    h.organization.setStore({ id: closed, hqId: t.hqId, name: 'Board Closed', closedAt: '2026-01-01T00:00:00.000Z' });
    await report(t.storeToken, { state: 'PLAYING', currentMusicId: 'm-1' });
    await report(t.otherStoreToken, { state: 'PAUSED' });
    h.clock.advance(600_000);
    await report(t.otherStoreToken, { state: 'SILENT' });
    let res = await h.api('GET', '/api/v1/hq/dashboard/playback-status', { token: t.hqToken });
    expect(res.status).toBe(200);
    expect(res.body.offlineAfterSeconds).toBe(600);
    expect(res.body.items.map((i: { storeName: string; state: string }) => [i.storeName, i.state])).toEqual([
      ['Board Gangnam', 'PLAYING'],
      ['Board Mapo', 'SILENT'],
      ['Board Yeouido', 'OFFLINE'],
    ]);
    expect(res.body.items[0]).toEqual(expect.objectContaining({ storeId: t.storeId, lastSignalAt: '2026-03-02T00:00:00.000Z', currentMusicId: 'm-1', devices: [] }));
    expect(res.body.items[2].lastSignalAt).toBeNull();
    expect(res.body.counts).toEqual({ PLAYING: 1, PAUSED: 0, SILENT: 1, OFFLINE: 1 });

    h.clock.advance(1);
    res = await h.api('GET', '/api/v1/hq/dashboard/playback-status', { token: t.hqToken });
    expect(res.body.items[0]).toEqual(expect.objectContaining({ state: 'OFFLINE', lastSignalAt: '2026-03-02T00:00:00.000Z', currentMusicId: null }));
  });

  it('a store with devices is as active as its most active online reporter, each device shown', async () => {
    const t = h.tenant();
    const d1 = newId();
    const d2 = newId();
    h.organization.setDevice({ id: d1, storeId: t.storeId });
    h.organization.setDevice({ id: d2, storeId: t.storeId });
    await report(t.storeToken, { state: 'PLAYING', deviceId: d1 });
    h.clock.advance(11 * 60_000);
    await report(t.storeToken, { state: 'PAUSED', deviceId: d2 });
    const res = await h.api('GET', '/api/v1/hq/dashboard/playback-status', { token: t.hqToken });
    const store = res.body.items.find((i: { storeId: string }) => i.storeId === t.storeId);
    expect(store.state).toBe('PAUSED');
    expect(store.devices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ deviceId: d1, state: 'OFFLINE', reportedState: 'PLAYING' }),
        expect.objectContaining({ deviceId: d2, state: 'PAUSED', reportedState: 'PAUSED' }),
      ]),
    );
  });

  it('another HQ\'s stores never appear; a store manager may not read the board; organization down is 503', async () => {
    const a = h.tenant();
    const b = h.tenant();
    await report(b.storeToken, { state: 'PLAYING' });
    const res = await h.api('GET', '/api/v1/hq/dashboard/playback-status', { token: a.hqToken });
    expect(res.body.items.map((i: { storeId: string }) => i.storeId).sort()).toEqual([a.storeId, a.otherStoreId].sort());
    expect((await h.api('GET', '/api/v1/hq/dashboard/playback-status', { token: a.storeToken })).status).toBe(403);
    h.organization.unavailable = true;
    try {
      expect((await h.api('GET', '/api/v1/hq/dashboard/playback-status', { token: a.hqToken })).status).toBe(503);
    } finally {
      h.organization.unavailable = false;
    }
  });
});

describe('GET /api/v1/hq/playback-logs', () => {
  it('lists TRUST plays by default, newest first, with store names; source AI / ALL, store and KST date range filter; paged', async () => {
    const t = h.tenant({ name: 'Logs' });
    const trust = musicOf(h, 'TRUST', 'Licensed');
    const ai = musicOf(h, 'AI', 'Generated');
    await report(t.storeToken, {
      state: 'PLAYING',
      logs: [
        log(trust.id, '2026-02-28T14:59:00.000Z'), // KST 2026-02-28 23:59
        log(trust.id, '2026-02-28T15:00:00.000Z'), // KST 2026-03-01 00:00
        log(ai.id, '2026-02-28T16:00:00.000Z'),
      ],
    });
    await report(t.otherStoreToken, { state: 'PLAYING', logs: [log(trust.id, '2026-03-01T03:00:00.000Z', { cacheHit: true })] });

    const all = await h.api('GET', '/api/v1/hq/playback-logs', { token: t.hqToken });
    expect(all.body.total).toBe(3);
    expect(all.body.items.map((i: { startedAt: string }) => i.startedAt)).toEqual(['2026-03-01T03:00:00.000Z', '2026-02-28T15:00:00.000Z', '2026-02-28T14:59:00.000Z']);
    expect(all.body.items[0]).toEqual(
      expect.objectContaining({ hqId: t.hqId, storeId: t.otherStoreId, storeName: 'Logs Mapo', musicId: trust.id, musicTitle: 'Licensed', musicSource: 'TRUST', isTrust: true, cacheHit: true, playedMs: 60_000 }),
    );

    const aiOnly = await h.api('GET', '/api/v1/hq/playback-logs?source=AI', { token: t.hqToken });
    expect(aiOnly.body.items.map((i: { musicId: string }) => i.musicId)).toEqual([ai.id]);
    expect((await h.api('GET', '/api/v1/hq/playback-logs?source=ALL', { token: t.hqToken })).body.total).toBe(4);

    const day = await h.api('GET', '/api/v1/hq/playback-logs?source=ALL&from=2026-03-01&to=2026-03-01', { token: t.hqToken });
    expect(day.body.items.map((i: { startedAt: string }) => i.startedAt)).toEqual(['2026-03-01T03:00:00.000Z', '2026-02-28T16:00:00.000Z', '2026-02-28T15:00:00.000Z']);
    const store = await h.api('GET', `/api/v1/hq/playback-logs?storeId=${t.storeId}&to=2026-02-28`, { token: t.hqToken });
    expect(store.body.items.map((i: { startedAt: string }) => i.startedAt)).toEqual(['2026-02-28T14:59:00.000Z']);

    const page = await h.api('GET', '/api/v1/hq/playback-logs?source=ALL&page=1&size=3', { token: t.hqToken });
    expect([page.body.page, page.body.size, page.body.total, page.body.items.length]).toEqual([1, 3, 4, 1]);
  });

  it('a reversed range or a day that does not exist answers 400 VALIDATION_FAILED', async () => {
    const t = h.tenant();
    for (const q of ['from=2026-03-02&to=2026-03-01', 'from=2026-02-30', 'to=yesterday', 'source=BOTH', 'storeId=42']) {
      const res = await h.api('GET', `/api/v1/hq/playback-logs?${q}`, { token: t.hqToken });
      expect([q, res.status, res.body.error.code]).toEqual([q, 400, 'VALIDATION_FAILED']);
    }
  });

  it('another HQ\'s logs are never listed, even when asked for by its store id', async () => {
    const a = h.tenant();
    const b = h.tenant();
    const m = musicOf(h, 'TRUST');
    await report(b.storeToken, { state: 'PLAYING', logs: [log(m.id, '2026-03-01T00:00:00Z')] });
    const res = await h.api('GET', `/api/v1/hq/playback-logs?storeId=${b.storeId}&source=ALL`, { token: a.hqToken });
    expect([res.body.total, res.body.items]).toEqual([0, []]);
    expect((await h.api('GET', '/api/v1/hq/playback-logs?source=ALL', { token: a.hqToken })).body.total).toBe(0);
  });
});

describe('GET /api/v1/hq/playback/summary', () => {
  it('day, week (Monday to Sunday) and month totals in KST days, split trust / non-trust, with the cache hit rate of reported hits', async () => {
    const t = h.tenant();
    const trust = musicOf(h, 'TRUST');
    const ai = musicOf(h, 'AI');
    h.clock.set(new Date('2026-03-04T03:00:00.000Z')); // Wednesday 12:00 KST
    await report(t.storeToken, {
      state: 'PLAYING',
      logs: [
        log(trust.id, '2026-03-04T01:00:00.000Z', { cacheHit: true }), // today
        log(ai.id, '2026-03-03T15:00:00.000Z', { cacheHit: false }), // today 00:00 KST
        log(ai.id, '2026-03-03T14:59:59.000Z'), // yesterday (Tuesday) 23:59:59 KST
        log(trust.id, '2026-03-01T14:00:00.000Z'), // Sunday: the week before, same month
        log(trust.id, '2026-02-28T14:00:00.000Z'), // February
      ],
    });
    await report(t.otherStoreToken, { state: 'PLAYING', logs: [log(trust.id, '2026-03-04T02:00:00.000Z')] });

    const res = await h.api('GET', '/api/v1/hq/playback/summary', { token: t.hqToken });
    expect(res.status).toBe(200);
    expect(res.body.date).toBe('2026-03-04');
    expect(res.body.day).toEqual(
      expect.objectContaining({ from: '2026-03-04', to: '2026-03-04', totalCount: 3, trustCount: 2, nonTrustCount: 1, playedMs: 180_000, cacheHitCount: 1, cacheMissCount: 1, cacheHitRate: 0.5 }),
    );
    expect(res.body.week).toEqual(expect.objectContaining({ from: '2026-03-02', to: '2026-03-08', totalCount: 4, trustCount: 2, nonTrustCount: 2 }));
    expect(res.body.month).toEqual(expect.objectContaining({ from: '2026-03-01', to: '2026-03-31', totalCount: 5 }));

    const store = await h.api('GET', `/api/v1/hq/playback/summary?date=2026-02-28&storeId=${t.storeId}`, { token: t.hqToken });
    expect(store.body.day).toEqual(expect.objectContaining({ totalCount: 1, trustCount: 1, cacheHitRate: null }));
    expect(store.body.month).toEqual(expect.objectContaining({ from: '2026-02-01', to: '2026-02-28', totalCount: 1 }));
  });

  it('the summary of the last day a client can name answers its week up to Sunday 10000-01-02, with the plays of that day', async () => {
    const t = h.tenant();
    const m = musicOf(h, 'TRUST');
    await report(t.storeToken, { state: 'PLAYING', logs: [log(m.id, '9999-12-31T23:59:59.999+09:00')] });
    const res = await h.api('GET', '/api/v1/hq/playback/summary?date=9999-12-31', { token: t.hqToken });
    expect(res.status).toBe(200);
    expect(res.body.day).toEqual(expect.objectContaining({ from: '9999-12-31', to: '9999-12-31', totalCount: 1 }));
    expect(res.body.week).toEqual(expect.objectContaining({ from: '9999-12-27', to: '10000-01-02', totalCount: 1 }));
    expect(res.body.month).toEqual(expect.objectContaining({ from: '9999-12-01', to: '9999-12-31', totalCount: 1 }));
  });

  it('the first days a client can name (0001-01-01, a Monday) answer their week and month, with the plays at the first instant a report takes', async () => {
    const t = h.tenant();
    const m = musicOf(h, 'TRUST');
    await report(t.storeToken, { state: 'PLAYING', logs: [log(m.id, '0001-01-01T00:00:00.000Z'), log(m.id, '0004-02-29T03:00:00.000Z')] });
    const res = await h.api('GET', '/api/v1/hq/playback/summary?date=0001-01-01', { token: t.hqToken });
    expect(res.status).toBe(200);
    expect(res.body.week).toEqual(expect.objectContaining({ from: '0001-01-01', to: '0001-01-07', totalCount: 1 }));
    expect(res.body.month).toEqual(expect.objectContaining({ from: '0001-01-01', to: '0001-01-31', totalCount: 1 }));
    const leap = await h.api('GET', '/api/v1/hq/playback/summary?date=0004-02-29', { token: t.hqToken });
    expect([leap.status, leap.body.day.totalCount, leap.body.month.to]).toEqual([200, 1, '0004-02-29']);
    const logs = await h.api('GET', '/api/v1/hq/playback-logs?from=0001-01-01&to=0099-12-31', { token: t.hqToken });
    expect(logs.body.items.map((i: { startedAt: string }) => i.startedAt)).toEqual(['0004-02-29T03:00:00.000Z', '0001-01-01T00:00:00.000Z']);
    expect((await h.api('GET', '/api/v1/hq/playback-logs?from=0000-12-31', { token: t.hqToken })).status).toBe(400);
  });

  it('another HQ\'s totals are never summed in', async () => {
    const a = h.tenant();
    const b = h.tenant();
    const m = musicOf(h, 'TRUST');
    await report(b.storeToken, { state: 'PLAYING', logs: [log(m.id, '2026-03-01T16:00:00.000Z')] });
    const res = await h.api('GET', `/api/v1/hq/playback/summary?storeId=${b.storeId}`, { token: a.hqToken });
    expect(res.body.day.totalCount).toBe(0);
    expect((await h.api('GET', '/api/v1/hq/playback/summary?date=2026-13-01', { token: a.hqToken })).status).toBe(400);
  });
});

describe('GET /api/v1/admin/playback-logs', () => {
  it('an operator sees every HQ\'s logs, or one HQ\'s or one store\'s; other roles may not', async () => {
    const a = h.tenant({ name: 'Alpha' });
    const b = h.tenant({ name: 'Beta' });
    const m = musicOf(h, 'AI');
    await report(a.storeToken, { state: 'PLAYING', logs: [log(m.id, '2026-02-20T00:00:00Z')] });
    await report(b.otherStoreToken, { state: 'PLAYING', logs: [log(m.id, '2026-02-20T00:00:00Z')] });
    const both = await h.api('GET', '/api/v1/admin/playback-logs?source=ALL&from=2026-02-20&to=2026-02-20', { token: h.operatorToken });
    expect(both.body.items.map((i: { storeName: string }) => i.storeName).sort()).toEqual(['Alpha Gangnam', 'Beta Mapo']);
    const one = await h.api('GET', `/api/v1/admin/playback-logs?source=ALL&hqId=${b.hqId}`, { token: h.operatorToken });
    expect(one.body.items.map((i: { storeId: string }) => i.storeId)).toEqual([b.otherStoreId]);
    expect((await h.api('GET', '/api/v1/admin/playback-logs', { token: a.hqToken })).status).toBe(403);
  });
});
