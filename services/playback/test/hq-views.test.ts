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

describe('music titles and device labels on the playback board', () => {
  const board = (token: string) => h.api('GET', '/api/v1/hq/dashboard/playback-status', { token });
  const callsOf = (calls: Array<{ method: string; request: unknown }>, method: string) => calls.filter((c) => c.method === method);

  it("names the store's and each device's current music and labels the devices, with one catalog call and one device call for the whole board", async () => {
    const t = h.tenant({ name: 'Titles' });
    const [spring, rain, night] = [musicOf(h, 'TRUST', '봄날'), musicOf(h, 'AI', 'Rain'), musicOf(h, 'AI', 'Night')];
    const [counter, kitchen] = [newId(), newId()];
    h.organization.setDevice({ id: counter, storeId: t.storeId, label: 'Counter' });
    h.organization.setDevice({ id: kitchen, storeId: t.storeId, label: 'Kitchen' });
    await report(t.storeToken, { state: 'PLAYING', deviceId: counter, currentMusicId: spring.id.toUpperCase() });
    await report(t.storeToken, { state: 'PAUSED', deviceId: kitchen, currentMusicId: rain.id });
    h.organization.setDevice({ id: kitchen, revoked: true, storeId: t.storeId }); // revoked after it reported: still labelled
    await report(t.otherStoreToken, { state: 'PLAYING', currentMusicId: night.id });
    const [catalogBefore, organizationBefore] = [h.catalog.calls.length, h.organization.calls.length];

    const res = await board(t.hqToken);
    expect(res.status).toBe(200);
    const [gangnam, mapo] = res.body.items;
    expect(gangnam).toEqual(expect.objectContaining({ storeId: t.storeId, currentMusicId: spring.id.toUpperCase(), currentMusicTitle: '봄날' }));
    expect(gangnam.devices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ deviceId: counter, label: 'Counter', currentMusicId: spring.id.toUpperCase(), currentMusicTitle: '봄날' }),
        expect.objectContaining({ deviceId: kitchen, label: 'Kitchen', currentMusicId: rain.id, currentMusicTitle: 'Rain' }),
      ]),
    );
    expect(mapo).toEqual(expect.objectContaining({ storeId: t.otherStoreId, currentMusicTitle: 'Night', devices: [] }));

    const musicCalls = callsOf(h.catalog.calls.slice(catalogBefore), 'GetMusicByIds');
    expect(musicCalls).toHaveLength(1);
    expect((musicCalls[0]!.request as { ids: string[] }).ids.sort()).toEqual([spring.id, rain.id, night.id].sort());
    const deviceCalls = callsOf(h.organization.calls.slice(organizationBefore), 'ListDevicesOfStores');
    // Only the stores that have devices on the board are asked, with the caller's HQ.
    expect(deviceCalls.map((c) => c.request)).toEqual([expect.objectContaining({ hqId: t.hqId, storeIds: [t.storeId] })]);
  });

  it('an unknown music, one that is no UUID, or none at all has a null title; a board without devices asks organization for no labels', async () => {
    const t = h.tenant();
    await report(t.storeToken, { state: 'PLAYING', currentMusicId: newId() });
    await report(t.otherStoreToken, { state: 'PLAYING', currentMusicId: 'not-a-uuid' });
    const organizationBefore = h.organization.calls.length;
    const res = await board(t.hqToken);
    expect(res.body.items.map((i: { currentMusicTitle: string | null }) => i.currentMusicTitle)).toEqual([null, null]);
    expect(callsOf(h.organization.calls.slice(organizationBefore), 'ListDevicesOfStores')).toEqual([]);

    const silent = h.tenant();
    await report(silent.storeToken, { state: 'SILENT' });
    const catalogBefore = h.catalog.calls.length;
    expect((await board(silent.hqToken)).body.items[0]).toEqual(expect.objectContaining({ currentMusicId: null, currentMusicTitle: null }));
    expect(callsOf(h.catalog.calls.slice(catalogBefore), 'GetMusicByIds')).toEqual([]);
  });

  it('when catalog-search or the device lookup fails, the board still answers 200 with those fields null', async () => {
    const t = h.tenant();
    const song = musicOf(h, 'AI', 'Known');
    const device = newId();
    h.organization.setDevice({ id: device, storeId: t.storeId, label: 'Front' });
    await report(t.storeToken, { state: 'PLAYING', deviceId: device, currentMusicId: song.id });
    h.catalog.unavailable = true;
    h.organization.unavailableMethods.add('ListDevicesOfStores');
    try {
      const res = await board(t.hqToken);
      expect(res.status).toBe(200);
      expect(res.body.items[0]).toEqual(expect.objectContaining({ state: 'PLAYING', currentMusicId: song.id, currentMusicTitle: null }));
      expect(res.body.items[0].devices).toEqual([expect.objectContaining({ deviceId: device, state: 'PLAYING', label: null, currentMusicTitle: null })]);
    } finally {
      h.catalog.unavailable = false;
      h.organization.unavailableMethods.clear();
    }
    const back = await board(t.hqToken);
    expect(back.body.items[0].devices[0]).toEqual(expect.objectContaining({ label: 'Front', currentMusicTitle: 'Known' }));
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
