import { sql } from 'drizzle-orm';
import { announcementBody, startHarness, T0, type Harness } from './support/harness';

let h: Harness;
let announcementId: string;
let stores: Array<{ id: string; name: string }>;

beforeAll(async () => {
  h = await startHarness();
  stores = [
    h.peers.addStore(h.hqId, { name: '강남점', region: 'SEOUL' }),
    h.peers.addStore(h.hqId, { name: '부산점', region: 'BUSAN' }),
    h.peers.addStore(h.hqId, { name: '홍대점', region: 'SEOUL' }),
    h.peers.addStore(h.hqId, { name: '무지역점', region: null }),
  ];
  h.peers.addStore(h.hqId, { name: '폐점', region: 'SEOUL', closed: true });
  const created = await h.api('POST', '/api/v1/hq/announcements', { token: h.hqToken, body: announcementBody() });
  announcementId = created.body.id;
});
afterAll(async () => {
  await h.stop();
});

const dispatch = (body: unknown, id = announcementId, token = h.hqToken) => h.api('POST', `/api/v1/hq/announcements/${id}/dispatches`, { token, body });
const history = (query = '', id = announcementId) => h.api('GET', `/api/v1/hq/announcements/${id}/dispatches${query}`, { token: h.hqToken });

describe('dispatching now', () => {
  it('to ALL creates one PENDING row per open store, playing 2 s after issue, with a pending event per store and the audit record', async () => {
    const before = (await h.outbox('dispatch.dispatch.pending')).length;
    const res = await dispatch({ target: 'ALL' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ target: 'ALL', status: 'PENDING', scheduledAt: null, storeCount: 4 });
    expect(res.body.playAt).toBe(new Date(h.clock.now().getTime() + 2000).toISOString());
    const row = await h.dispatchRow(res.body.dispatchIds[0]);
    expect(row).toMatchObject({ status: 'PENDING', hq_id: h.hqId });
    const events = (await h.outbox('dispatch.dispatch.pending')).slice(before);
    expect(events).toHaveLength(4);
    expect(new Set(events.map((e) => e.payload.storeId))).toEqual(new Set(stores.map((s) => s.id)));
    expect(events[0]!.payload).toMatchObject({ announcementId, hqId: h.hqId, deviceId: null, isEmergency: false, title: '오픈 안내' });
    expect(String(events[0]!.payload.audioUrl)).toContain(`/announcements/${h.hqId}/${announcementId}.mp3`);
    const audit = await h.service.runtime.db.execute(sql`select action, actor_account_id, actor_role from audit_records where action = 'HQ_ANNOUNCEMENT_DISPATCHED'`);
    expect(audit.rows[0]).toMatchObject({ actor_account_id: h.hqAccountId, actor_role: 'HQ_MANAGER' });
  });

  it('to REGION excludes stores of other regions and stores without a region', async () => {
    const res = await dispatch({ target: 'REGION', region: 'SEOUL' });
    expect(res.status).toBe(201);
    expect(res.body.storeCount).toBe(2);
  });

  it('to STORES creates rows for exactly those stores; repeating it is allowed', async () => {
    const first = await dispatch({ target: 'STORES', storeIds: [stores[1]!.id] });
    const second = await dispatch({ target: 'STORES', storeIds: [stores[1]!.id] });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.dispatchIds[0]).not.toBe(first.body.dispatchIds[0]);
  });

  it('to STORES named in capitals reaches those stores (UUIDs are case-insensitive), each once', async () => {
    const id = stores[0]!.id;
    const res = await dispatch({ target: 'STORES', storeIds: [id.toUpperCase(), id] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ target: 'STORES', storeCount: 1 });
    expect((await h.dispatchRow(res.body.dispatchIds[0])).store_id).toBe(id);
  });

  it.each([
    ['STORES without storeIds', { target: 'STORES' }, 'DISPATCH_INVALID_TARGET'],
    ['REGION without region', { target: 'REGION' }, 'DISPATCH_INVALID_TARGET'],
    ['a region with no store', { target: 'REGION', region: 'JEJU' }, 'DISPATCH_INVALID_TARGET'],
    ['STORES with an empty array', { target: 'STORES', storeIds: [] }, 'VALIDATION_FAILED'],
    ['an unknown target', { target: 'EVERYONE' }, 'VALIDATION_FAILED'],
    ['a malformed store id', { target: 'STORES', storeIds: ['nope'] }, 'VALIDATION_FAILED'],
    ['an unknown region', { target: 'REGION', region: 'ATLANTIS' }, 'VALIDATION_FAILED'],
  ])('%s answers 400 %s', async (_name, body, code) => {
    const res = await dispatch(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
  });

  it('a store of another HQ, a closed store or a missing one answers 404 TTS_ANNOUNCEMENT_NOT_FOUND and creates nothing', async () => {
    const foreign = h.peers.addStore(crypto.randomUUID());
    const closed = [...h.peers.stores.values()].find((s) => s.closed)!;
    for (const id of [foreign.id, closed.id, crypto.randomUUID()]) {
      const before = (await history()).body.total;
      const res = await dispatch({ target: 'STORES', storeIds: [stores[0]!.id, id] });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('TTS_ANNOUNCEMENT_NOT_FOUND');
      expect((await history()).body.total).toBe(before);
    }
  });

  it('another HQ dispatching this announcement gets 404 TTS_ANNOUNCEMENT_NOT_FOUND', async () => {
    const res = await dispatch({ target: 'ALL' }, announcementId, h.tokenForHq(crypto.randomUUID()));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('TTS_ANNOUNCEMENT_NOT_FOUND');
  });

  it('organization unreachable answers 503 SERVICE_UNAVAILABLE', async () => {
    h.peers.down = true;
    try {
      const res = await dispatch({ target: 'ALL' });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      h.peers.down = false;
    }
  });
});

describe('dispatching later', () => {
  it('a past time and a time beyond one year answer 400; within a year is SCHEDULED without an event', async () => {
    const now = h.clock.now().getTime();
    const past = await dispatch({ target: 'ALL', scheduledAt: new Date(now - 1000).toISOString() });
    expect(past.status).toBe(400);
    const far = await dispatch({ target: 'ALL', scheduledAt: new Date(now + 367 * 24 * 3600 * 1000).toISOString() });
    expect(far.status).toBe(400);
    const notADate = await dispatch({ target: 'ALL', scheduledAt: 'tomorrow' });
    expect(notADate.status).toBe(400);
    const events = (await h.outbox('dispatch.dispatch.pending')).length;
    const at = new Date(now + 3600 * 1000).toISOString();
    const ok = await dispatch({ target: 'STORES', storeIds: [stores[0]!.id], scheduledAt: at });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ status: 'SCHEDULED', scheduledAt: at, playAt: at, storeCount: 1 });
    expect((await h.outbox('dispatch.dispatch.pending')).length).toBe(events);
  });
});

describe('history, counters, cancel and revoke', () => {
  it('history lists rows newest first with store names and the actor account, email and role', async () => {
    const res = await history('?size=3');
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(3);
    expect(res.body.items[0]).toMatchObject({ actorAccountId: h.hqAccountId, actorEmail: 'manager@hq.example', actorRole: 'HQ_MANAGER', storeName: '강남점', status: 'SCHEDULED' });
    const other = await h.api('GET', `/api/v1/hq/announcements/${announcementId}/dispatches`, { token: h.tokenForHq(crypto.randomUUID()) });
    expect(other.status).toBe(404);
  });

  it('rows without an audit record have null actor fields', async () => {
    const id = crypto.randomUUID();
    await h.service.runtime.db.execute(sql`insert into dispatches (id, batch_id, announcement_id, hq_id, store_id, target, status, due_at, created_at)
      values (${id}, ${crypto.randomUUID()}, ${announcementId}, ${h.hqId}, ${stores[0]!.id}, 'ALL', 'PLAYED', ${new Date(T0.getTime() - 86400000)}, ${new Date(T0.getTime() - 86400000)})`);
    const res = await history('?status=PLAYED');
    const row = res.body.items.find((i: { dispatchId: string }) => i.dispatchId === id);
    expect(row).toMatchObject({ actorAccountId: null, actorEmail: null, actorRole: null });
  });

  it('the list shows dispatchCount (all rows), lastDispatchedAt and the store count of the last call only', async () => {
    h.clock.advance(1000);
    await dispatch({ target: 'STORES', storeIds: [stores[0]!.id, stores[1]!.id] });
    const list = await h.api('GET', '/api/v1/hq/announcements', { token: h.hqToken });
    const item = list.body.items.find((i: { id: string }) => i.id === announcementId);
    const total = (await history()).body.total;
    expect(item).toMatchObject({ dispatchCount: total, lastDispatchedAt: h.clock.now().toISOString(), lastDispatchStoreCount: 2 });
  });

  it('cancel turns a PENDING or SCHEDULED row CANCELED; a second cancel, another HQ or a final row answers 404 DISPATCH_NOT_FOUND', async () => {
    const now = await dispatch({ target: 'STORES', storeIds: [stores[2]!.id] });
    const later = await dispatch({ target: 'STORES', storeIds: [stores[2]!.id], scheduledAt: new Date(h.clock.now().getTime() + 7200_000).toISOString() });
    const foreign = await h.api('POST', `/api/v1/hq/dispatches/${now.body.dispatchIds[0]}/cancel`, { token: h.tokenForHq(crypto.randomUUID()) });
    expect(foreign.status).toBe(404);
    for (const id of [now.body.dispatchIds[0], later.body.dispatchIds[0]]) {
      const res = await h.api('POST', `/api/v1/hq/dispatches/${id}/cancel`, { token: h.hqToken });
      expect(res.status).toBe(204);
      expect((await h.dispatchRow(id)).status).toBe('CANCELED');
      const again = await h.api('POST', `/api/v1/hq/dispatches/${id}/cancel`, { token: h.hqToken });
      expect(again.status).toBe(404);
      expect(again.body.error.code).toBe('DISPATCH_NOT_FOUND');
    }
  });

  it('revoke stops a PENDING dispatch of today: CANCELED, listed in the store\'s revokedDispatchIds, revoked event; a SCHEDULED one is 404', async () => {
    const now = await dispatch({ target: 'STORES', storeIds: [stores[3]!.id] });
    const id = now.body.dispatchIds[0];
    const res = await h.api('POST', `/api/v1/hq/dispatches/${id}/revoke`, { token: h.hqToken });
    expect(res.status).toBe(204);
    expect(await h.dispatchRow(id)).toMatchObject({ status: 'CANCELED' });
    const revoked = await h.outbox('dispatch.dispatch.revoked');
    expect(revoked.at(-1)!.payload).toMatchObject({ dispatchId: id, storeId: stores[3]!.id, hqId: h.hqId });
    const pending = await h.api('GET', '/api/v1/store/announcements/pending', { token: h.storeToken(stores[3]!.id) });
    expect(pending.body.revokedDispatchIds).toContain(id);
    expect(pending.body.items.map((i: { dispatchId: string }) => i.dispatchId)).not.toContain(id);
    const later = await dispatch({ target: 'STORES', storeIds: [stores[3]!.id], scheduledAt: new Date(h.clock.now().getTime() + 600_000).toISOString() });
    const notPending = await h.api('POST', `/api/v1/hq/dispatches/${later.body.dispatchIds[0]}/revoke`, { token: h.hqToken });
    expect(notPending.status).toBe(404);
    expect(notPending.body.error.code).toBe('DISPATCH_NOT_FOUND');
  });

  it('a dispatch revoked yesterday (KST) is no longer listed today', async () => {
    const store = h.peers.addStore(h.hqId, { name: '어제점' });
    const res = await dispatch({ target: 'STORES', storeIds: [store.id] });
    await h.api('POST', `/api/v1/hq/dispatches/${res.body.dispatchIds[0]}/revoke`, { token: h.hqToken });
    const saved = h.clock.now();
    h.clock.set(new Date(saved.getTime() + 24 * 3600 * 1000));
    try {
      const pending = await h.api('GET', '/api/v1/store/announcements/pending', { token: h.storeToken(store.id) });
      expect(pending.body.revokedDispatchIds).toEqual([]);
    } finally {
      h.clock.set(saved);
    }
  });
});

describe('deleting an announcement', () => {
  it('cancels its reservations, keeps PENDING rows playing, and hides it (404) afterwards', async () => {
    const created = await h.api('POST', '/api/v1/hq/announcements', { token: h.hqToken, body: announcementBody({ title: 'to delete' }) });
    const id = created.body.id;
    const now = await dispatch({ target: 'STORES', storeIds: [stores[0]!.id] }, id);
    const later = await dispatch({ target: 'STORES', storeIds: [stores[0]!.id], scheduledAt: new Date(h.clock.now().getTime() + 3600_000).toISOString() }, id);
    const del = await h.api('DELETE', `/api/v1/hq/announcements/${id}`, { token: h.hqToken });
    expect(del.status).toBe(204);
    expect((await h.dispatchRow(now.body.dispatchIds[0])).status).toBe('PENDING');
    expect((await h.dispatchRow(later.body.dispatchIds[0])).status).toBe('CANCELED');
    expect((await h.api('GET', `/api/v1/hq/announcements/${id}`, { token: h.hqToken })).status).toBe(404);
    expect((await h.api('DELETE', `/api/v1/hq/announcements/${id}`, { token: h.hqToken })).status).toBe(404);
    const pending = await h.api('GET', '/api/v1/store/announcements/pending', { token: h.storeToken(stores[0]!.id) });
    expect(pending.body.items.map((i: { dispatchId: string }) => i.dispatchId)).toContain(now.body.dispatchIds[0]);
  });
});

describe('undelivered today', () => {
  it('lists distinct stores with PENDING dispatches due today (KST) by store name, paged', async () => {
    const res = await h.api('GET', '/api/v1/hq/dashboard/undelivered-today/stores?size=2', { token: h.hqToken });
    expect(res.status).toBe(200);
    const all = await h.api('GET', '/api/v1/hq/dashboard/undelivered-today/stores?size=100', { token: h.hqToken });
    const names = all.body.items.map((i: { storeName: string }) => i.storeName);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'ko')));
    expect(new Set(all.body.items.map((i: { storeId: string }) => i.storeId)).size).toBe(all.body.total);
    expect(res.body.items).toEqual(all.body.items.slice(0, 2));
    expect(all.body.items.every((i: { pendingCount: number }) => i.pendingCount >= 1)).toBe(true);
    const other = await h.api('GET', '/api/v1/hq/dashboard/undelivered-today/stores', { token: h.tokenForHq(crypto.randomUUID()) });
    expect(other.body.total).toBe(0);
  });
});

describe('actors, scope and the documented API', () => {
  it('an operator impersonating the HQ manager dispatches as OPERATOR_IMPERSONATING, and history says so', async () => {
    const operator = crypto.randomUUID();
    const token = h.env.sign({ role: 'HQ_MANAGER', hqId: h.hqId, sub: h.hqAccountId, impersonatedBy: operator });
    const res = await dispatch({ target: 'STORES', storeIds: [stores[0]!.id] }, announcementId, token);
    expect(res.status).toBe(201);
    const audit = await h.service.runtime.db.execute(sql`select actor_role, impersonated_by from audit_records where detail->>'batchId' = ${res.body.batchId}`);
    expect(audit.rows[0]).toEqual({ actor_role: 'OPERATOR_IMPERSONATING', impersonated_by: operator });
    const row = (await history('?size=100')).body.items.find((i: { dispatchId: string }) => i.dispatchId === res.body.dispatchIds[0]);
    expect(row).toMatchObject({ actorRole: 'OPERATOR_IMPERSONATING', actorAccountId: h.hqAccountId });
  });

  it('an HQ manager token without an HQ answers 403 PRINCIPAL_SCOPE_MISMATCH', async () => {
    const res = await h.api('GET', '/api/v1/hq/announcements', { token: h.env.sign({ role: 'HQ_MANAGER' }) });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('PRINCIPAL_SCOPE_MISMATCH');
  });

  it('a PENDING dispatch due yesterday (KST) is not in today\'s undelivered stores', async () => {
    const store = h.peers.addStore(h.hqId, { name: '어제만점' });
    const yesterday = new Date(h.clock.now().getTime() - 24 * 3600 * 1000);
    await h.service.runtime.db.execute(sql`insert into dispatches (id, batch_id, announcement_id, hq_id, store_id, target, status, due_at, created_at)
      values (${crypto.randomUUID()}, ${crypto.randomUUID()}, ${announcementId}, ${h.hqId}, ${store.id}, 'ALL', 'PENDING', ${yesterday}, ${yesterday})`);
    const res = await h.api('GET', '/api/v1/hq/dashboard/undelivered-today/stores?size=100', { token: h.hqToken });
    expect(res.body.items.map((i: { storeId: string }) => i.storeId)).not.toContain(store.id);
  });

  it('serves its OpenAPI document with every operation', async () => {
    const res = await fetch(`${h.service.httpUrl}/openapi.json`);
    const doc = (await res.json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(ops).toEqual(
      expect.arrayContaining([
        'createHqTtsAnnouncement', 'listHqTtsAnnouncements', 'getHqTtsAnnouncement', 'updateHqTtsAnnouncement', 'deleteHqTtsAnnouncement',
        'listHqTtsVoices', 'dispatchHqTtsAnnouncement', 'listHqTtsAnnouncementDispatches', 'cancelHqDispatch', 'revokeHqDispatch',
        'createHqDispatchSchedule', 'listHqDispatchSchedules', 'cancelHqDispatchSchedule', 'listHqUndeliveredTodayStores',
        'getHqDispatchReceipts', 'getHqDeliverySummary',
        'listStorePendingAnnouncements', 'ackStoreAnnouncement', 'runTtsSmokeTest',
      ]),
    );
  });
});
