import { eventually } from '@storecast/service-kit/testing';
import { sql } from 'drizzle-orm';
import { newId } from '@storecast/service-kit';
import { insertDispatches } from '../src/db/dispatch.repository';
import { announcementBody, fileForm, sampleWebm, startHarness, T0, type Harness } from './support/harness';
import type { DoubleStore } from './support/peers.double';

// organization.store.closed / organization.store.deleted, published on the test exchange as
// organization's outbox relay does, consumed by the running service (queue
// announcement-dispatch.organization-stores); organization's answers come from the peers double.

let h: Harness;
let announcementId: string;

beforeAll(async () => {
  h = await startHarness();
  announcementId = (await h.api('POST', '/api/v1/hq/announcements', { token: h.hqToken, body: announcementBody() })).body.id;
});
afterAll(async () => {
  await h.stop();
});

const MINUTE = 60_000;
type Row = Record<string, unknown>;

const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());
const dispatchIds = (res: { status: number; body: { dispatchIds: string[] } }) => {
  expect(res.status).toBe(201);
  return res.body.dispatchIds;
};
/** HQ dispatch "now" (PENDING) or "later" (SCHEDULED) to these stores, by the HQ of the token. */
const dispatchNow = async (storeIds: string[], token = h.hqToken, id = announcementId) =>
  dispatchIds(await h.api('POST', `/api/v1/hq/announcements/${id}/dispatches`, { token, body: { target: 'STORES', storeIds } }))[0]!;
const reserve = async (storeIds: string[], at: Date, token = h.hqToken, id = announcementId) =>
  dispatchIds(await h.api('POST', `/api/v1/hq/announcements/${id}/dispatches`, { token, body: { target: 'STORES', storeIds, scheduledAt: at.toISOString() } }))[0]!;
/** The store's own broadcast (a recording): sent now (to one device, if given) or reserved for `at`. */
const storeBroadcast = async (storeId: string, options: { at?: Date; deviceId?: string } = {}) => {
  const token = h.storeToken(storeId);
  const draft = await h.api('POST', '/api/v1/store/broadcasts/recording?durationSeconds=5', { token, form: fileForm(sampleWebm(), 'rec.webm', 'audio/webm') });
  expect(draft.status).toBe(201);
  const body = { ...(options.at ? { scheduledAt: options.at.toISOString() } : {}), ...(options.deviceId ? { deviceId: options.deviceId } : {}) };
  const sent = await h.api('POST', `/api/v1/store/broadcasts/${draft.body.announcementId}/send`, { token, body });
  expect(sent.status).toBe(201);
  return sent.body.dispatchId as string;
};

/**
 * organization closes or deletes the store: from then on it no longer lists it, and its event
 * reaches the service. Resolves once the service has handled the message (committed); returns its id.
 */
const storeGone = async (
  store: DoubleStore,
  how: 'closed' | 'deleted',
  options: { reason?: 'STORE_DELETED' | 'HQ_DELETED' } = {},
): Promise<string> => {
  const hqId = store.hqId;
  const at = h.clock.now().toISOString();
  let id: string;
  if (how === 'closed') {
    store.closed = true;
    id = await h.publish('organization.store.closed', { storeId: store.id, hqId, closedAt: at });
  } else {
    h.peers.stores.delete(store.id);
    id = await h.publish('organization.store.deleted', { storeId: store.id, hqId, deletedAt: at, reason: options.reason ?? 'STORE_DELETED' });
  }
  await eventually(async () => expect(await h.handled(id)).toBe(true));
  return id;
};

const rowsOf = async (ids: string[]): Promise<Row[]> => Promise.all(ids.map((id) => h.dispatchRow(id)));
const revokedEventsOf = async (ids: string[]) => (await h.outbox('dispatch.dispatch.revoked')).filter((e) => ids.includes(e.payload.dispatchId as string));
const pendingEventsOf = async (ids: string[]) => (await h.outbox('dispatch.dispatch.pending')).filter((e) => ids.includes(e.payload.dispatchId as string));
const storeReads = async (storeId: string) => {
  const res = await h.api('GET', '/api/v1/store/announcements/pending', { token: h.storeToken(storeId) });
  expect(res.status).toBe(200);
  return { items: (res.body.items as Array<{ dispatchId: string }>).map((i) => i.dispatchId), revokedDispatchIds: res.body.revokedDispatchIds as string[] };
};
const historyOf = async (id = announcementId, token = h.hqToken) =>
  new Map(
    ((await h.api('GET', `/api/v1/hq/announcements/${id}/dispatches?size=100`, { token })).body.items as Array<{ dispatchId: string }>).map((i) => [i.dispatchId, i as Row]),
  );

describe('a closed store receives nothing more', () => {
  it('when its store is closed, a SCHEDULED dispatch becomes CANCELED and never turns PENDING at its minute', async () => {
    const store = h.peers.addStore(h.hqId);
    const at = new Date(h.clock.now().getTime() + 30 * MINUTE);
    const id = await reserve([store.id], at);
    h.clock.advance(MINUTE);
    const closedAt = h.clock.now().toISOString();

    await storeGone(store, 'closed');

    // State: canceled on the service clock, not revoked (it was never delivered).
    const [row] = await rowsOf([id]);
    expect(row).toMatchObject({ status: 'CANCELED', revoked_at: null, pending_at: null });
    expect(iso(row!.canceled_at)).toBe(closedAt);
    // What the HQ reads in the dispatch history.
    expect((await historyOf()).get(id)).toMatchObject({ status: 'CANCELED', canceledAt: closedAt, revokedAt: null });
    // Events: nothing to stop on a player.
    expect(await revokedEventsOf([id])).toEqual([]);

    h.clock.set(at);
    await h.service.scheduler.tick();
    expect((await h.dispatchRow(id)).status).toBe('CANCELED');
    expect(await pendingEventsOf([id])).toEqual([]);
    expect((await storeReads(store.id)).items).toEqual([]);
  });

  it('an already materialized recurring occurrence and the store\'s own reservation are CANCELED too; the schedule stays ACTIVE and its later occurrences leave the store out', async () => {
    h.clock.set(T0); // 09:00 KST
    const closing = h.peers.addStore(h.hqId, { name: 'Closing' });
    const open = h.peers.addStore(h.hqId, { name: 'Open' });
    const schedule = await h.api('POST', `/api/v1/hq/announcements/${announcementId}/schedules`, {
      token: h.hqToken,
      body: { target: 'STORES', storeIds: [closing.id, open.id], frequency: 'DAILY', times: ['09:30', '11:00'], startDate: '2026-03-10', endDate: '2026-03-10' },
    });
    expect(schedule.status).toBe(201);
    await h.service.scheduler.tick(); // materializes 09:30 KST (within the 60-minute horizon) for both stores
    const occurrence = async (storeId: string, at: string) =>
      (await h.service.runtime.db.execute(sql`select * from dispatches where schedule_id = ${schedule.body.id} and store_id = ${storeId} and scheduled_at = ${new Date(at)}`))
        .rows[0] as Row | undefined;
    const closingOccurrence = (await occurrence(closing.id, '2026-03-10T00:30:00.000Z'))!;
    const openOccurrence = (await occurrence(open.id, '2026-03-10T00:30:00.000Z'))!;
    expect([closingOccurrence.status, openOccurrence.status]).toEqual(['SCHEDULED', 'SCHEDULED']);
    const ownReservation = await storeBroadcast(closing.id, { at: new Date('2026-03-10T01:00:00.000Z') }); // 10:00 KST
    expect((await h.api('GET', '/api/v1/store/scheduled-broadcasts', { token: h.storeToken(closing.id) })).body.total).toBe(1);

    h.clock.advance(5 * MINUTE);
    await storeGone(closing, 'closed');

    const [closed, kept, own] = await rowsOf([closingOccurrence.id as string, openOccurrence.id as string, ownReservation]);
    expect(closed).toMatchObject({ status: 'CANCELED', revoked_at: null });
    expect(iso(closed!.canceled_at)).toBe(h.clock.now().toISOString());
    expect(own).toMatchObject({ status: 'CANCELED', hq_id: null, revoked_at: null });
    expect(kept).toEqual(openOccurrence);
    expect((await h.api('GET', '/api/v1/store/scheduled-broadcasts', { token: h.storeToken(closing.id) })).body.total).toBe(0);
    const schedules = await h.api('GET', `/api/v1/hq/dispatch-schedules?announcementId=${announcementId}`, { token: h.hqToken });
    expect(schedules.body.items.find((s: { id: string }) => s.id === schedule.body.id)).toMatchObject({ status: 'ACTIVE', canceledAt: null });

    // At 09:30 only the open store's occurrence turns PENDING; at 11:00 the closed store is not a target any more.
    h.clock.set(new Date('2026-03-10T00:30:00.000Z'));
    await h.service.scheduler.tick();
    expect((await rowsOf([closingOccurrence.id as string, openOccurrence.id as string])).map((r) => r.status)).toEqual(['CANCELED', 'PENDING']);
    expect(await pendingEventsOf([closingOccurrence.id as string, ownReservation])).toEqual([]);
    h.clock.set(new Date('2026-03-10T02:00:00.000Z'));
    await h.service.scheduler.tick();
    expect(await occurrence(closing.id, '2026-03-10T02:00:00.000Z')).toBeUndefined();
    expect((await occurrence(open.id, '2026-03-10T02:00:00.000Z'))?.status).toBe('PENDING');
  });
});

describe('a deleted store stops playing what it was given', () => {
  it('a PENDING dispatch of a deleted store is CANCELED and revoked: dispatch.dispatch.revoked is emitted and the store lists it in revokedDispatchIds', async () => {
    const store = h.peers.addStore(h.hqId);
    const device = h.peers.addDevice(store.id);
    const fromHq = await dispatchNow([store.id]);
    const own = await storeBroadcast(store.id, { deviceId: device.id });
    expect((await storeReads(store.id)).items).toEqual([fromHq]);
    expect((await rowsOf([fromHq, own])).map((r) => r.status)).toEqual(['PENDING', 'PENDING']);
    h.clock.advance(1000);
    const deletedAt = h.clock.now().toISOString();

    await storeGone(store, 'deleted');

    // State: CANCELED and revoked at the same instant, as a remote stop marks them.
    const rows = await rowsOf([fromHq, own]);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'CANCELED' });
      expect([iso(row.canceled_at), iso(row.revoked_at)]).toEqual([deletedAt, deletedAt]);
    }
    // Events: one revoked each, with the remote stop's payload.
    const events = await revokedEventsOf([fromHq, own]);
    expect(events.map((e) => e.payload).sort((a, b) => ((a.dispatchId as string) < (b.dispatchId as string) ? -1 : 1))).toEqual(
      [
        { dispatchId: fromHq, announcementId, hqId: h.hqId, storeId: store.id, deviceId: null, revokedAt: deletedAt },
        { dispatchId: own, announcementId: rows[1]!.announcement_id, hqId: null, storeId: store.id, deviceId: device.id, revokedAt: deletedAt },
      ].sort((a, b) => (a.dispatchId < b.dispatchId ? -1 : 1)),
    );
    // What a player still polling reads: nothing to play, both to stop.
    const reads = await storeReads(store.id);
    expect(reads.items).toEqual([]);
    expect(reads.revokedDispatchIds.sort()).toEqual([fromHq, own].sort());
    expect((await storeReads(store.id)).items).toEqual([]);
    const late = await h.api('POST', `/api/v1/store/announcements/${fromHq}/ack`, { token: h.storeToken(store.id) });
    expect([late.status, late.body.error.code]).toEqual([404, 'DISPATCH_NOT_FOUND']);
    // Expiry leaves it CANCELED (never MISSED).
    h.clock.advance(11 * MINUTE);
    await h.service.scheduler.tick();
    expect((await rowsOf([fromHq, own])).map((r) => r.status)).toEqual(['CANCELED', 'CANCELED']);
  });

  it('a store deleted with its HQ (reason HQ_DELETED) has its reservations CANCELED the same way', async () => {
    const store = h.peers.addStore(h.hqId);
    const later = await reserve([store.id], new Date(h.clock.now().getTime() + 2 * 3600_000));
    await storeGone(store, 'deleted', { reason: 'HQ_DELETED' });
    expect(await h.dispatchRow(later)).toMatchObject({ status: 'CANCELED', revoked_at: null });
    expect(await revokedEventsOf([later])).toEqual([]);
  });
});

describe('only that store, only under that HQ, only open rows', () => {
  it('another store\'s and another HQ\'s dispatches are untouched', async () => {
    const closing = h.peers.addStore(h.hqId);
    const sibling = h.peers.addStore(h.hqId);
    const otherHq = crypto.randomUUID();
    const otherToken = h.tokenForHq(otherHq);
    const otherStore = h.peers.addStore(otherHq);
    const otherAnnouncement = (await h.api('POST', '/api/v1/hq/announcements', { token: otherToken, body: announcementBody() })).body.id as string;
    const at = new Date(h.clock.now().getTime() + 3600_000);
    const closingRows = [await dispatchNow([closing.id]), await reserve([closing.id], at)];
    const others = [
      await dispatchNow([sibling.id]),
      await reserve([sibling.id], at),
      await storeBroadcast(sibling.id, { at: new Date(at.getTime() + 10 * MINUTE) }),
      await dispatchNow([otherStore.id], otherToken, otherAnnouncement),
      await reserve([otherStore.id], at, otherToken, otherAnnouncement),
    ];
    const before = await rowsOf(others);
    h.clock.advance(MINUTE);

    await storeGone(closing, 'closed');

    expect((await rowsOf(closingRows)).map((r) => r.status)).toEqual(['CANCELED', 'CANCELED']);
    expect(await rowsOf(others)).toEqual(before);
    expect(await revokedEventsOf(others)).toEqual([]);
    expect((await storeReads(sibling.id)).items).toEqual([others[0]]);
    expect((await storeReads(otherStore.id)).items).toEqual([others[3]]);
    expect((await historyOf(otherAnnouncement, otherToken)).get(others[3]!)).toMatchObject({ status: 'PENDING', canceledAt: null, revokedAt: null });
  });

  it('an event naming another HQ for the store leaves that store\'s HQ dispatches alone', async () => {
    const store = h.peers.addStore(h.hqId);
    const ids = [await dispatchNow([store.id]), await reserve([store.id], new Date(h.clock.now().getTime() + 3600_000))];
    const before = await rowsOf(ids);

    const id = await h.publish('organization.store.closed', { storeId: store.id, hqId: crypto.randomUUID(), closedAt: h.clock.now().toISOString() });
    await eventually(async () => expect(await h.handled(id)).toBe(true));

    expect(await rowsOf(ids)).toEqual(before);
    expect(await revokedEventsOf(ids)).toEqual([]);
    expect((await storeReads(store.id)).items).toEqual([ids[0]]);
  });

  it('played and missed rows stay, and so does an earlier cancel', async () => {
    const store = h.peers.addStore(h.hqId);
    const token = h.storeToken(store.id);
    const played = await dispatchNow([store.id]);
    expect((await h.api('POST', `/api/v1/store/announcements/${played}/ack`, { token })).status).toBe(204);
    const skipped = await dispatchNow([store.id]);
    expect((await h.api('POST', `/api/v1/store/announcements/${skipped}/ack`, { token, body: { outcome: 'SKIPPED' } })).status).toBe(204);
    h.clock.advance(1000);
    const expired = await dispatchNow([store.id]);
    h.clock.advance(11 * MINUTE);
    await h.service.scheduler.tick();
    const canceled = await reserve([store.id], new Date(h.clock.now().getTime() + 3600_000));
    expect((await h.api('POST', `/api/v1/hq/dispatches/${canceled}/cancel`, { token: h.hqToken })).status).toBe(204);
    const ids = [played, skipped, expired, canceled];
    const before = await rowsOf(ids);
    expect(before.map((r) => [r.status, r.missed_reason])).toEqual([
      ['PLAYED', null],
      ['MISSED', 'SKIPPED'],
      ['MISSED', 'EXPIRED'],
      ['CANCELED', null],
    ]);
    h.clock.advance(MINUTE);

    await storeGone(store, 'deleted');

    expect(await rowsOf(ids)).toEqual(before);
    expect(await revokedEventsOf(ids)).toEqual([]);
    expect((await storeReads(store.id)).revokedDispatchIds).toEqual([]);
  });

  it('a redelivered event changes nothing, nor does the deletion of a store already closed', async () => {
    const store = h.peers.addStore(h.hqId);
    const ids = [await dispatchNow([store.id]), await reserve([store.id], new Date(h.clock.now().getTime() + 3600_000))];
    const first = await storeGone(store, 'closed');
    const after = await rowsOf(ids);
    expect(after.map((r) => r.status)).toEqual(['CANCELED', 'CANCELED']);
    expect(await revokedEventsOf(ids)).toHaveLength(1);
    h.clock.advance(MINUTE);

    // The same message again (a redelivery), then organization deletes the closed store (a new message).
    await h.publish('organization.store.closed', { storeId: store.id, hqId: store.hqId, closedAt: h.clock.now().toISOString() }, { id: first });
    await storeGone(store, 'deleted');

    expect(await rowsOf(ids)).toEqual(after);
    expect(await revokedEventsOf(ids)).toHaveLength(1);
    const handled = await h.service.runtime.db.execute(sql`select count(*)::int as n from processed_messages where message_id = ${first}`);
    expect(handled.rows[0]).toEqual({ n: 1 });
  });

  describe('a closure that races a dispatch', () => {
    it('a dispatch that asked organization before the closure was handled writes no row for the store, and its own broadcast is refused (403 AUTH_STORE_CLOSED)', async () => {
      const gone = h.peers.addStore(h.hqId);
      const open = h.peers.addStore(h.hqId);
      // organization still lists it as open (the answer came before the closure); the event is handled.
      const id = await h.publish('organization.store.closed', { storeId: gone.id, hqId: gone.hqId, closedAt: h.clock.now().toISOString() });
      await eventually(async () => expect(await h.handled(id)).toBe(true));

      const sent = await h.api('POST', `/api/v1/hq/announcements/${announcementId}/dispatches`, { token: h.hqToken, body: { target: 'STORES', storeIds: [gone.id, open.id] } });
      expect(sent.status).toBe(201);
      expect(sent.body.dispatchIds).toHaveLength(1);
      expect((await rowsOf(sent.body.dispatchIds)).map((r) => r.store_id)).toEqual([open.id]);
      const ofGone = await h.service.runtime.db.execute(sql`select count(*)::int as n from dispatches where store_id = ${gone.id}`);
      expect(ofGone.rows[0]).toEqual({ n: 0 });

      const token = h.storeToken(gone.id);
      const draft = await h.api('POST', '/api/v1/store/broadcasts/recording?durationSeconds=5', { token, form: fileForm(sampleWebm(), 'rec.webm', 'audio/webm') });
      const refused = await h.api('POST', `/api/v1/store/broadcasts/${draft.body.announcementId}/send`, { token, body: {} });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('AUTH_STORE_CLOSED');
    });

    it('a closure waits for a transaction still writing rows of its HQ, then cancels them', async () => {
      const store = h.peers.addStore(h.hqId);
      const db = h.service.runtime.db;
      const now = h.clock.now();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written: Array<{ id: string }> = [];
      // A dispatch transaction between its rows and its commit.
      const writing = db.transaction(async (tx) => {
        written = await insertDispatches(
          tx,
          { batchId: newId(), announcementId, hqId: h.hqId, deviceId: null, scheduleId: null, target: 'STORES', status: 'PENDING', isEmergency: false,
            scheduledAt: null, playAt: now, dueAt: now, createdAt: now, pendingAt: now, auditId: null },
          [{ id: newId(), storeId: store.id }],
        );
        await held;
      });
      let id: string;
      try {
        await eventually(() => expect(written).toHaveLength(1));
        id = await h.publish('organization.store.closed', { storeId: store.id, hqId: h.hqId, closedAt: now.toISOString() });
        // The consumer waits on the writer's lock (in this database), and has not committed.
        await eventually(async () =>
          expect((await db.execute(sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`)).rows[0]).toEqual({ n: 1 }),
        );
        expect(await h.handled(id)).toBe(false);
      } finally {
        // Never left open, or the harness could not stop.
        release();
        await writing;
      }
      await eventually(async () => expect(await h.handled(id)).toBe(true));
      expect(await h.dispatchRow(written[0]!.id)).toMatchObject({ status: 'CANCELED' });
      expect(await revokedEventsOf([written[0]!.id])).toHaveLength(1);
    });
  });
});
