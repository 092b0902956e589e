import { sql } from 'drizzle-orm';
import { newId } from '@storecast/service-kit';
import { announcementBody, startHarness, type Harness } from './support/harness';

let h: Harness;
let announcementId: string;

beforeAll(async () => {
  h = await startHarness();
  announcementId = (await h.api('POST', '/api/v1/hq/announcements', { token: h.hqToken, body: announcementBody() })).body.id;
});
afterAll(async () => {
  await h.stop();
});

const at = (base: string | Date, ms: number) => new Date(new Date(base).getTime() + ms);
const iso = (base: string | Date, ms = 0) => at(base, ms).toISOString();

/** Dispatches now to those stores; answers each store's row id and the due time. */
const dispatchNow = async (storeIds: string[], token = h.hqToken, announcement = announcementId) => {
  const res = await h.api('POST', `/api/v1/hq/announcements/${announcement}/dispatches`, { token, body: { target: 'STORES', storeIds } });
  expect(res.status).toBe(201);
  const rows = await h.service.runtime.db.execute(sql`select id, store_id from dispatches where batch_id = ${res.body.batchId}`);
  const rowOf = new Map((rows.rows as Array<{ id: string; store_id: string }>).map((r) => [r.store_id, r.id]));
  return { rowOf: (storeId: string) => rowOf.get(storeId)!, dueAt: res.body.playAt as string, createdAt: h.clock.now().toISOString() };
};
const ack = (storeId: string, dispatchId: string, body?: unknown, hqId = h.hqId) =>
  h.api('POST', `/api/v1/store/announcements/${dispatchId}/ack`, { token: h.env.sign({ role: 'STORE_MANAGER', storeId, hqId }), body });
const receipts = (dispatchId: string, token = h.hqToken) => h.api('GET', `/api/v1/hq/dispatches/${dispatchId}/receipts`, { token });
const history = () => h.api('GET', `/api/v1/hq/announcements/${announcementId}/dispatches?size=100`, { token: h.hqToken });
const summary = (query = '', token = h.hqToken) => h.api('GET', `/api/v1/hq/dispatches/delivery-summary${query}`, { token });

describe('delivery receipts of one dispatch call', () => {
  // Six stores of one call: on time on a device (another device failed first), late by polling,
  // skipped (MISSED), never acknowledged (PENDING), a start reported with a clock 43 s ahead, canceled.
  let call: Awaited<ReturnType<typeof dispatchNow>>;
  const s: Record<'onTime' | 'late' | 'missed' | 'pending' | 'offClock' | 'canceled', { id: string }> = {} as never;
  const devices: { counter: string; kitchen: string } = {} as never;

  beforeAll(async () => {
    s.onTime = h.peers.addStore(h.hqId, { name: '가평점' });
    s.late = h.peers.addStore(h.hqId, { name: '나주점' });
    s.missed = h.peers.addStore(h.hqId, { name: '다산점' });
    s.pending = h.peers.addStore(h.hqId, { name: '라온점' });
    s.offClock = h.peers.addStore(h.hqId, { name: '마포점' });
    s.canceled = h.peers.addStore(h.hqId, { name: '바다점' });
    devices.counter = h.peers.addDevice(s.onTime.id, { label: '카운터' }).id;
    devices.kitchen = h.peers.addDevice(s.onTime.id, { label: '주방' }).id;
    call = await dispatchNow(Object.values(s).map((x) => x.id));
    const due = call.dueAt;

    h.clock.advance(100);
    expect((await ack(s.onTime.id, call.rowOf(s.onTime.id), { outcome: 'FAILED', deviceId: devices.counter, signalSource: 'SSE', receivedAt: iso(due, -1900) })).status).toBe(204);
    h.clock.set(at(due, 2000));
    const played = { deviceId: devices.kitchen, signalSource: 'SSE', receivedAt: iso(due, -1900), startedAt: iso(due, 300) };
    expect((await ack(s.onTime.id, call.rowOf(s.onTime.id), played)).status).toBe(204);
    expect((await ack(s.offClock.id, call.rowOf(s.offClock.id), { receivedAt: iso(due, -1800), startedAt: iso(due, 45_000) })).status).toBe(204);
    expect((await ack(s.missed.id, call.rowOf(s.missed.id), { outcome: 'SKIPPED' })).status).toBe(204);
    expect((await h.api('POST', `/api/v1/hq/dispatches/${call.rowOf(s.canceled.id)}/cancel`, { token: h.hqToken })).status).toBe(204);
    h.clock.set(at(due, 20_000));
    expect((await ack(s.late.id, call.rowOf(s.late.id), { signalSource: 'POLLING', receivedAt: iso(due, 14_000), startedAt: iso(due, 15_000) })).status).toBe(204);
  });

  it('answers the call with a summary and every store, MISSED first, then late, then PENDING, then the rest by slowest start and name', async () => {
    const res = await receipts(call.rowOf(s.pending.id));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ announcementId, title: '오픈 안내', createdAt: call.createdAt, dueAt: call.dueAt, lateAfterMs: 10_000 });
    expect(res.body.summary).toEqual({ total: 6, played: 3, onTime: 2, late: 1, missed: 1, pending: 1, canceled: 1 });
    expect(res.body.items.map((i: { storeName: string }) => i.storeName)).toEqual(['다산점', '나주점', '라온점', '가평점', '마포점', '바다점']);
  });

  it('gives each store its lags from the ack that made it PLAYED and each device its own ack', async () => {
    const due = call.dueAt;
    type Item = { storeId: string; devices: unknown[] } & Record<string, unknown>;
    const items = new Map<string, Item>((await receipts(call.rowOf(s.onTime.id))).body.items.map((i: Item) => [i.storeId, i]));
    expect(items.get(s.onTime.id)).toEqual({
      dispatchId: call.rowOf(s.onTime.id),
      storeId: s.onTime.id,
      storeName: '가평점',
      status: 'PLAYED',
      missedReason: null,
      dueAt: due,
      playedAt: iso(due, 2000),
      receivedLagMs: -1900,
      startedLagMs: 300,
      late: false,
      devices: [
        { deviceId: devices.counter, deviceLabel: '카운터', outcome: 'FAILED', signalSource: 'SSE', receivedAt: iso(due, -1900), startedAt: null, receivedLagMs: -1900, startedLagMs: null },
        { deviceId: devices.kitchen, deviceLabel: '주방', outcome: 'PLAYED', signalSource: 'SSE', receivedAt: iso(due, -1900), startedAt: iso(due, 300), receivedLagMs: -1900, startedLagMs: 300 },
      ],
    });
    expect(items.get(s.late.id)).toMatchObject({
      status: 'PLAYED',
      receivedLagMs: 14_000,
      startedLagMs: 15_000,
      late: true,
      devices: [{ deviceId: null, deviceLabel: null, outcome: 'PLAYED', signalSource: 'POLLING', receivedAt: iso(due, 14_000), startedAt: iso(due, 15_000), receivedLagMs: 14_000, startedLagMs: 15_000 }],
    });
    // A start 43 s ahead of the server's time of the ack is not believed: no lag, not late.
    expect(items.get(s.offClock.id)).toMatchObject({ status: 'PLAYED', receivedLagMs: -1800, startedLagMs: null, late: false });
    expect(items.get(s.offClock.id)!.devices[0]).toMatchObject({ startedAt: iso(due, 45_000), startedLagMs: null, signalSource: null });
    expect(items.get(s.missed.id)).toMatchObject({ status: 'MISSED', missedReason: 'SKIPPED', playedAt: null, receivedLagMs: null, startedLagMs: null, late: false });
    expect(items.get(s.missed.id)!.devices).toEqual([expect.objectContaining({ deviceId: null, outcome: 'SKIPPED' })]);
    expect(items.get(s.pending.id)).toMatchObject({ status: 'PENDING', devices: [], receivedLagMs: null, startedLagMs: null });
    expect(items.get(s.canceled.id)).toMatchObject({ status: 'CANCELED', devices: [] });
  });

  it('any row of the call answers the same receipts', async () => {
    const bodies = await Promise.all(Object.values(s).map(async (x) => (await receipts(call.rowOf(x.id))).body));
    for (const b of bodies) expect(b).toEqual(bodies[0]);
  });

  it('device labels organization does not answer are null, and the receipts still answer 200', async () => {
    h.peers.failing.add('ListStoreDevices');
    try {
      const res = await receipts(call.rowOf(s.onTime.id));
      expect(res.status).toBe(200);
      const onTime = res.body.items.find((i: { storeId: string }) => i.storeId === s.onTime.id);
      expect(onTime.devices.map((d: { deviceLabel: string | null }) => d.deviceLabel)).toEqual([null, null]);
      expect(onTime.storeName).toBe('가평점');
    } finally {
      h.peers.failing.delete('ListStoreDevices');
    }
  });

  it('history rows carry the device that played with its label, the PLAYED ack\'s times and the signal latency', async () => {
    const due = call.dueAt;
    const rows = new Map((await history()).body.items.map((i: { dispatchId: string }) => [i.dispatchId, i]));
    expect(rows.get(call.rowOf(s.onTime.id))).toMatchObject({
      storeName: '가평점',
      playedDeviceId: devices.kitchen,
      playedDeviceLabel: '주방',
      receivedAt: iso(due, -1900),
      startedAt: iso(due, 300),
      // receivedAt − creation (an immediate dispatch has no scheduled time)
      signalLatencyMs: 100,
    });
    expect(rows.get(call.rowOf(s.late.id))).toMatchObject({ playedDeviceId: null, playedDeviceLabel: null, receivedAt: iso(due, 14_000), startedAt: iso(due, 15_000), signalLatencyMs: 16_000 });
    expect(rows.get(call.rowOf(s.pending.id))).toMatchObject({ playedDeviceId: null, playedDeviceLabel: null, receivedAt: null, startedAt: null, signalLatencyMs: null });
    h.peers.failing.add('ListStoreDevices');
    try {
      const res = await history();
      expect(res.status).toBe(200);
      expect(res.body.items.find((i: { dispatchId: string }) => i.dispatchId === call.rowOf(s.onTime.id))).toMatchObject({ playedDeviceId: devices.kitchen, playedDeviceLabel: null });
    } finally {
      h.peers.failing.delete('ListStoreDevices');
    }
  });

  it('a scheduled call is due at its scheduled time and pending until then', async () => {
    const store = h.peers.addStore(h.hqId, { name: '사천점' });
    const scheduledAt = iso(h.clock.now(), 3600_000);
    const res = await h.api('POST', `/api/v1/hq/announcements/${announcementId}/dispatches`, { token: h.hqToken, body: { target: 'STORES', storeIds: [store.id], scheduledAt } });
    const body = (await receipts(res.body.dispatchIds[0])).body;
    expect(body).toMatchObject({ dueAt: scheduledAt, summary: { total: 1, pending: 1, played: 0 }, items: [{ status: 'SCHEDULED', dueAt: scheduledAt, devices: [] }] });
  });

  it('another HQ\'s dispatch, a missing one and a store broadcast answer 404 DISPATCH_NOT_FOUND; a malformed id 400', async () => {
    const foreign = await receipts(call.rowOf(s.onTime.id), h.tokenForHq(newId()));
    expect([foreign.status, foreign.body.success, foreign.body.error.code]).toEqual([404, false, 'DISPATCH_NOT_FOUND']);
    const missing = await receipts(newId());
    expect([missing.status, missing.body.error.code]).toEqual([404, 'DISPATCH_NOT_FOUND']);
    const store = h.peers.addStore(h.hqId);
    const token = h.storeToken(store.id);
    const draft = await h.api('POST', '/api/v1/store/broadcasts/preview', { token, body: { text: '주차장 안내입니다.', voice: 'AERAN' } });
    const sent = await h.api('POST', `/api/v1/store/broadcasts/${draft.body.announcementId}/send`, { token, body: {} });
    expect(sent.status).toBe(201);
    expect((await receipts(sent.body.dispatchId)).status).toBe(404);
    const malformed = await receipts('not-a-dispatch');
    expect([malformed.status, malformed.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect((await receipts(call.rowOf(s.onTime.id), h.storeToken(s.onTime.id))).status).toBe(403);
  });
});

describe('delivery summary per store', () => {
  // A second HQ of its own, so the counts are exactly this test's.
  const hqId = newId();
  const token = () => h.tokenForHq(hqId);
  let stores: Record<'gangneung' | 'mokpo' | 'suwon', { id: string }>;
  let now: Date;

  beforeAll(async () => {
    stores = {
      gangneung: h.peers.addStore(hqId, { name: '강릉점' }),
      mokpo: h.peers.addStore(hqId, { name: '목포점' }),
      suwon: h.peers.addStore(hqId, { name: '수원점' }),
    };
    const announcement = (await h.api('POST', '/api/v1/hq/announcements', { token: token(), body: announcementBody({ title: '요약' }) })).body.id as string;
    const first = await dispatchNow([stores.gangneung.id, stores.mokpo.id, stores.suwon.id], token(), announcement);
    h.clock.set(at(first.dueAt, 13_000));
    await ack(stores.gangneung.id, first.rowOf(stores.gangneung.id), { startedAt: iso(first.dueAt, 500) }, hqId);
    await ack(stores.mokpo.id, first.rowOf(stores.mokpo.id), { startedAt: iso(first.dueAt, 12_000) }, hqId);
    await ack(stores.suwon.id, first.rowOf(stores.suwon.id), { outcome: 'SKIPPED' }, hqId);
    const second = await dispatchNow([stores.mokpo.id], token(), announcement);
    await ack(stores.mokpo.id, second.rowOf(stores.mokpo.id), { outcome: 'SKIPPED' }, hqId);
    // Not due yet: outside the window.
    await h.api('POST', `/api/v1/hq/announcements/${announcement}/dispatches`, {
      token: token(),
      body: { target: 'STORES', storeIds: [stores.suwon.id], scheduledAt: iso(h.clock.now(), 3600_000) },
    });
    // A store broadcast of 강릉점 never counts.
    const storeToken = h.env.sign({ role: 'STORE_MANAGER', storeId: stores.gangneung.id, hqId });
    const draft = await h.api('POST', '/api/v1/store/broadcasts/preview', { token: storeToken, body: { text: '매장 안내입니다.', voice: 'AERAN' } });
    expect((await h.api('POST', `/api/v1/store/broadcasts/${draft.body.announcementId}/send`, { token: storeToken, body: {} })).status).toBe(201);
    // Played eight days ago: only in a window of more than 7 days.
    const old = at(h.clock.now(), -8 * 24 * 3600_000);
    await h.service.runtime.db.execute(sql`insert into dispatches (id, batch_id, announcement_id, hq_id, store_id, target, status, due_at, created_at, played_at)
      values (${newId()}, ${newId()}, ${announcement}, ${hqId}, ${stores.gangneung.id}, 'STORES', 'PLAYED', ${old}, ${old}, ${old})`);
    h.clock.advance(5000);
    now = h.clock.now();
  });

  it('counts each store\'s rows due in the last 7 days by outcome, most missed first, then most late, then by name', async () => {
    const res = await summary('', token());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      from: iso(now, -7 * 24 * 3600_000),
      to: now.toISOString(),
      lateAfterMs: 10_000,
      items: [
        { storeId: stores.mokpo.id, storeName: '목포점', total: 2, onTime: 0, late: 1, missed: 1, pending: 0, canceled: 0 },
        { storeId: stores.suwon.id, storeName: '수원점', total: 1, onTime: 0, late: 0, missed: 1, pending: 0, canceled: 0 },
        { storeId: stores.gangneung.id, storeName: '강릉점', total: 1, onTime: 1, late: 0, missed: 0, pending: 0, canceled: 0 },
      ],
    });
  });

  it('days widens the window (1..31)', async () => {
    const wide = await summary('?days=31', token());
    expect(wide.body.from).toBe(iso(now, -31 * 24 * 3600_000));
    expect(wide.body.items.find((i: { storeId: string }) => i.storeId === stores.gangneung.id)).toMatchObject({ total: 2, onTime: 2 });
    expect((await summary('?days=1', token())).status).toBe(200);
  });

  it('never shows another HQ\'s stores', async () => {
    const mine = new Set(Object.values(stores).map((x) => x.id));
    const other = await summary('?days=31');
    expect(other.status).toBe(200);
    expect(other.body.items.length).toBeGreaterThan(0);
    expect(other.body.items.some((i: { storeId: string }) => mine.has(i.storeId))).toBe(false);
    expect((await summary('', h.tokenForHq(newId()))).body.items).toEqual([]);
  });

  it.each(['0', '32', 'abc', '1.5', '', '7&days=8'])('days=%s answers 400 VALIDATION_FAILED', async (days) => {
    const res = await summary(`?days=${days}`, token());
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });
});
