import { sql } from 'drizzle-orm';
import { announcementBody, startHarness, T0, type Harness } from './support/harness';

let h: Harness;
let announcementId: string;

beforeAll(async () => {
  h = await startHarness();
  const created = await h.api('POST', '/api/v1/hq/announcements', { token: h.hqToken, body: announcementBody() });
  announcementId = created.body.id;
});
afterAll(async () => {
  await h.stop();
});

const MINUTE = 60_000;
const newStore = () => h.peers.addStore(h.hqId);
const dispatchAt = async (storeIds: string[], at: Date) =>
  (await h.api('POST', `/api/v1/hq/announcements/${announcementId}/dispatches`, { token: h.hqToken, body: { target: 'STORES', storeIds, scheduledAt: at.toISOString() } })).body;
const pendingEventsFor = async (dispatchId: string) => (await h.outbox('dispatch.dispatch.pending')).filter((e) => e.payload.dispatchId === dispatchId);

describe('the minute scheduler', () => {
  it('SCHEDULED stays until its minute, then becomes PENDING with one event; PENDING becomes MISSED 10 minutes after due', async () => {
    const store = newStore();
    const at = new Date(h.clock.now().getTime() + 5 * MINUTE);
    const { dispatchIds } = await dispatchAt([store.id], at);
    const id = dispatchIds[0];
    h.clock.set(new Date(at.getTime() - 1));
    await h.service.scheduler.tick();
    expect((await h.dispatchRow(id)).status).toBe('SCHEDULED');
    expect(await pendingEventsFor(id)).toHaveLength(0);

    h.clock.set(at);
    const tick = await h.service.scheduler.tick();
    expect(tick.promoted).toBeGreaterThanOrEqual(1);
    expect((await h.dispatchRow(id)).status).toBe('PENDING');
    const events = await pendingEventsFor(id);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ storeId: store.id, playAt: at.toISOString(), pendingAt: at.toISOString() });
    const pending = await h.api('GET', '/api/v1/store/announcements/pending', { token: h.storeToken(store.id) });
    expect(pending.body.items.map((i: { dispatchId: string }) => i.dispatchId)).toEqual([id]);

    await h.service.scheduler.tick();
    expect(await pendingEventsFor(id)).toHaveLength(1);

    h.clock.set(new Date(at.getTime() + 10 * MINUTE - 1));
    await h.service.scheduler.tick();
    expect((await h.dispatchRow(id)).status).toBe('PENDING');
    h.clock.set(new Date(at.getTime() + 10 * MINUTE));
    await h.service.scheduler.tick();
    expect(await h.dispatchRow(id)).toMatchObject({ status: 'MISSED', missed_reason: 'EXPIRED' });
    const ack = await h.api('POST', `/api/v1/store/announcements/${id}/ack`, { token: h.storeToken(store.id) });
    expect(ack.status).toBe(404);
  });

  it('an immediate dispatch nobody acknowledges expires 10 minutes after its playAt', async () => {
    const store = newStore();
    const res = await h.api('POST', `/api/v1/hq/announcements/${announcementId}/dispatches`, { token: h.hqToken, body: { target: 'STORES', storeIds: [store.id] } });
    const id = res.body.dispatchIds[0];
    h.clock.advance(10 * MINUTE + 2000);
    await h.service.scheduler.tick();
    expect((await h.dispatchRow(id)).status).toBe('MISSED');
  });

  it('a canceled reservation never becomes PENDING', async () => {
    const store = newStore();
    const at = new Date(h.clock.now().getTime() + 2 * MINUTE);
    const { dispatchIds } = await dispatchAt([store.id], at);
    await h.api('POST', `/api/v1/hq/dispatches/${dispatchIds[0]}/cancel`, { token: h.hqToken });
    h.clock.set(at);
    await h.service.scheduler.tick();
    expect((await h.dispatchRow(dispatchIds[0])).status).toBe('CANCELED');
    expect(await pendingEventsFor(dispatchIds[0])).toHaveLength(0);
  });

  it('two replicas ticking at once never make a row PENDING twice', async () => {
    const replica = await h.startReplica();
    const stores = Array.from({ length: 40 }, () => newStore().id);
    const at = new Date(h.clock.now().getTime() + 3 * MINUTE);
    const { dispatchIds } = await dispatchAt(stores, at);
    h.clock.set(at);
    const [a, b] = await Promise.all([h.service.scheduler.tick(), replica.scheduler.tick()]);
    expect(a.promoted + b.promoted).toBe(40);
    const events = (await h.outbox('dispatch.dispatch.pending')).filter((e) => dispatchIds.includes(e.payload.dispatchId as string));
    expect(events).toHaveLength(40);
    expect(new Set(events.map((e) => e.payload.dispatchId)).size).toBe(40);
    const rows = await h.service.runtime.db.execute(sql`select count(*)::int as n from dispatches where batch_id = (select batch_id from dispatches where id = ${dispatchIds[0]}) and status = 'PENDING'`);
    expect(rows.rows[0]).toEqual({ n: 40 });
  });
});

describe('recurring schedules', () => {
  const createSchedule = (body: Record<string, unknown>, id = announcementId, token = h.hqToken) =>
    h.api('POST', `/api/v1/hq/announcements/${id}/schedules`, { token, body: { target: 'ALL', startDate: '2026-03-10', endDate: '2026-03-12', ...body } });

  it.each([
    ['a time off the 5-minute grid', { frequency: 'DAILY', times: ['10:03'] }],
    ['DAILY without times', { frequency: 'DAILY' }],
    ['WEEKLY without days', { frequency: 'WEEKLY', times: ['10:00'] }],
    ['HOURLY without operating hours', { frequency: 'HOURLY', minute: 0 }],
    ['endHour before startHour', { frequency: 'HOURLY', startHour: 12, endHour: 9, minute: 0 }],
    ['a minute off the grid', { frequency: 'ODD_HOURS', startHour: 9, endHour: 12, minute: 7 }],
    ['endDate before startDate', { frequency: 'DAILY', times: ['10:00'], startDate: '2026-03-12', endDate: '2026-03-10' }],
    ['endDate beyond one year', { frequency: 'DAILY', times: ['10:00'], endDate: '2027-03-11' }],
    ['an unknown frequency', { frequency: 'MONTHLY', times: ['10:00'] }],
  ])('%s answers 400', async (_name, body) => {
    const res = await createSchedule(body);
    expect(res.status).toBe(400);
  });

  it('STORES without storeIds is 400 DISPATCH_INVALID_TARGET and a foreign store 404 TTS_ANNOUNCEMENT_NOT_FOUND', async () => {
    const missing = await createSchedule({ frequency: 'DAILY', times: ['10:00'], target: 'STORES' });
    expect(missing.body.error.code).toBe('DISPATCH_INVALID_TARGET');
    const foreign = await createSchedule({ frequency: 'DAILY', times: ['10:00'], target: 'STORES', storeIds: [h.peers.addStore(crypto.randomUUID()).id] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('TTS_ANNOUNCEMENT_NOT_FOUND');
  });

  it('EVEN_HOURS from 9 to 14 at :30 dispatches at 10:30, 12:30 and 14:30 KST, each once, to the stores of that moment', async () => {
    const hq = crypto.randomUUID();
    const token = h.tokenForHq(hq);
    const store = h.peers.addStore(hq, { name: 'A' });
    const created = await h.api('POST', '/api/v1/hq/announcements', { token, body: announcementBody() });
    h.clock.set(T0); // 09:00 KST
    const res = await createSchedule({ frequency: 'EVEN_HOURS', startHour: 9, endHour: 14, minute: 30, startDate: '2026-03-10', endDate: '2026-03-10' }, created.body.id, token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'ACTIVE', frequency: 'EVEN_HOURS', startHour: 9, endHour: 14, minute: 30 });
    const detail = await h.api('GET', `/api/v1/hq/announcements/${created.body.id}`, { token });
    expect(detail.body.activeScheduleCount).toBe(1);

    await h.service.scheduler.tick(); // materializes up to 10:00 KST: nothing yet
    h.clock.set(new Date('2026-03-10T01:30:00.000Z')); // 10:30 KST
    h.peers.addStore(hq, { name: 'B' }); // opened after the schedule was made
    await h.service.scheduler.tick();
    await h.service.scheduler.tick();
    const history = async () => (await h.api('GET', `/api/v1/hq/announcements/${created.body.id}/dispatches?size=100`, { token })).body.items;
    let items = await history();
    expect(items).toHaveLength(2);
    expect(items.every((i: { status: string; scheduledAt: string; scheduleId: string }) => i.status === 'PENDING' && i.scheduledAt === '2026-03-10T01:30:00.000Z' && i.scheduleId === res.body.id)).toBe(true);
    expect(items[0].actorRole).toBe('HQ_MANAGER');

    // A restart materializes from the stored state: nothing twice.
    await h.service.runtime.db.execute(sql`update dispatch_schedules set materialized_until = ${T0} where id = ${res.body.id}`);
    await h.service.scheduler.tick();
    expect(await history()).toHaveLength(2);

    h.clock.set(new Date('2026-03-10T05:30:00.000Z')); // 14:30 KST
    await h.service.scheduler.tick();
    items = await history();
    const times = [...new Set(items.map((i: { scheduledAt: string }) => i.scheduledAt))].sort();
    expect(times).toEqual(['2026-03-10T01:30:00.000Z', '2026-03-10T03:30:00.000Z', '2026-03-10T05:30:00.000Z']);
    expect(items).toHaveLength(6);
    void store;

    h.clock.set(new Date('2026-03-10T15:00:00.000Z')); // the next KST day: the schedule has ended
    await h.service.scheduler.tick();
    const list = await h.api('GET', `/api/v1/hq/dispatch-schedules?announcementId=${created.body.id}`, { token });
    expect(list.body.items[0].status).toBe('ENDED');
    h.clock.set(T0);
  });

  it('WEEKLY plays on its days only; cancel stops further occurrences; another HQ cannot see or cancel it', async () => {
    const hq = crypto.randomUUID();
    const token = h.tokenForHq(hq);
    h.peers.addStore(hq);
    const created = await h.api('POST', '/api/v1/hq/announcements', { token, body: announcementBody() });
    h.clock.set(T0); // Tuesday 09:00 KST
    const res = await createSchedule({ frequency: 'WEEKLY', times: ['09:10'], daysOfWeek: ['WED'], startDate: '2026-03-10', endDate: '2026-03-20' }, created.body.id, token);
    expect(res.status).toBe(201);
    h.clock.set(new Date('2026-03-10T00:10:00.000Z')); // Tuesday 09:10
    await h.service.scheduler.tick();
    const history = async () => (await h.api('GET', `/api/v1/hq/announcements/${created.body.id}/dispatches`, { token })).body.total;
    expect(await history()).toBe(0);
    h.clock.set(new Date('2026-03-11T00:10:00.000Z')); // Wednesday 09:10
    await h.service.scheduler.tick();
    expect(await history()).toBe(1);

    const otherHq = await h.api('POST', `/api/v1/hq/dispatch-schedules/${res.body.id}/cancel`, { token: h.hqToken });
    expect(otherHq.status).toBe(404);
    expect((await h.api('GET', '/api/v1/hq/dispatch-schedules', { token: h.hqToken })).body.items.map((s: { id: string }) => s.id)).not.toContain(res.body.id);
    const cancel = await h.api('POST', `/api/v1/hq/dispatch-schedules/${res.body.id}/cancel`, { token });
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe('CANCELED');
    expect((await h.api('POST', `/api/v1/hq/dispatch-schedules/${res.body.id}/cancel`, { token })).status).toBe(404);
    h.clock.set(new Date('2026-03-18T00:10:00.000Z')); // next Wednesday
    await h.service.scheduler.tick();
    expect(await history()).toBe(1);
    h.clock.set(T0);
  });

  it('two replicas materializing the same schedule at once create each occurrence once', async () => {
    const replica = await h.startReplica();
    const hq = crypto.randomUUID();
    const token = h.tokenForHq(hq);
    for (let i = 0; i < 5; i++) h.peers.addStore(hq);
    const created = await h.api('POST', '/api/v1/hq/announcements', { token, body: announcementBody() });
    h.clock.set(T0);
    const res = await createSchedule({ frequency: 'HOURLY', startHour: 9, endHour: 11, minute: 5, startDate: '2026-03-10', endDate: '2026-03-10' }, created.body.id, token);
    expect(res.status).toBe(201);
    h.clock.set(new Date('2026-03-10T02:00:00.000Z')); // 11:00 KST: 09:05, 10:05 due, 11:05 ahead
    await Promise.all([h.service.scheduler.tick(), replica.scheduler.tick(), h.service.scheduler.tick()]);
    const rows = await h.service.runtime.db.execute(sql`select scheduled_at, count(*)::int as n from dispatches where schedule_id = ${res.body.id} group by scheduled_at order by scheduled_at`);
    expect(rows.rows.map((r) => (r as { n: number }).n)).toEqual([5, 5, 5]);
    h.clock.set(T0);
  });

  it('deleting the announcement cancels its active schedules', async () => {
    const created = await h.api('POST', '/api/v1/hq/announcements', { token: h.hqToken, body: announcementBody() });
    const res = await createSchedule({ frequency: 'DAILY', times: ['12:00', '18:00'] }, created.body.id);
    expect(res.status).toBe(201);
    await h.api('DELETE', `/api/v1/hq/announcements/${created.body.id}`, { token: h.hqToken });
    const list = await h.api('GET', `/api/v1/hq/dispatch-schedules?announcementId=${created.body.id}`, { token: h.hqToken });
    expect(list.body.items[0].status).toBe('CANCELED');
  });
});
