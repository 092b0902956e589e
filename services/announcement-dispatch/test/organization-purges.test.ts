import amqp from 'amqplib';
import { createLogger, newId } from '@storecast/service-kit';
import { eventually } from '@storecast/service-kit/testing';
import { sql } from 'drizzle-orm';
import { announcementBody, fileForm, sampleMp3, sampleWebm, startHarness, T0, type Harness } from './support/harness';
import type { DoubleStore } from './support/peers.double';

// organization.store.purged / organization.hq.purged, published on the test exchange as
// organization's outbox relay does, consumed by the running service (queue
// announcement-dispatch.organization-purges). Rows are arranged through the service's own API
// (HQ announcements with audio, dispatches, acks, schedules and their occurrences, store
// broadcasts, templates, commercial songs) and the store.deleted event that precedes a purge.

/** The service's logger, silent; its info calls are spied on (one line per purge, with the counts). */
const logger = createLogger('announcement-dispatch', 'silent');
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ deps: { logger } });
});
afterAll(async () => {
  await h.stop();
});

type Row = Record<string, unknown>;

/** Every table of the service with its key order, and the kit's audit records (kept by a purge). */
const TABLES = {
  announcements: 'id',
  dispatches: 'id',
  dispatch_acks: 'id',
  dispatch_schedules: 'id',
  schedule_occurrences: 'schedule_id, occurs_at',
  broadcast_templates: 'id',
  commercial_songs: 'id',
  gone_stores: 'store_id',
  audit_records: 'id',
} as const;
type Table = keyof typeof TABLES;
type Snapshot = Record<Table, Row[]>;
const PURGED_TABLES = Object.keys(TABLES).filter((t) => t !== 'audit_records') as Table[];

const snapshot = async (): Promise<Snapshot> => {
  const out = {} as Snapshot;
  for (const [table, key] of Object.entries(TABLES) as Array<[Table, string]>) {
    out[table] = (await h.service.runtime.db.execute(sql.raw(`select * from ${table} order by ${key}`))).rows as Row[];
  }
  return out;
};

/** Whether a row is of the tenant: its hq_id or store_id, or (occurrences) its schedule's. */
type Tenant = (table: Table, row: Row) => boolean;
const tenant = (t: { hqIds?: string[]; storeIds?: string[]; scheduleIds?: string[] }): Tenant => (table, row) =>
  table === 'schedule_occurrences'
    ? (t.scheduleIds ?? []).includes(row.schedule_id as string)
    : (t.hqIds ?? []).includes(row.hq_id as string) || (t.storeIds ?? []).includes(row.store_id as string);

/** Rows of the tenant per table (the kit's audit records apart: a purge keeps them). */
const countsOf = (s: Snapshot, of: Tenant) => Object.fromEntries(PURGED_TABLES.map((t) => [t, s[t].filter((r) => of(t, r)).length]));
const zeros = Object.fromEntries(PURGED_TABLES.map((t) => [t, 0]));
/** Everything but the tenant's rows (its audit records included: they stay), minus `except` ids. */
const restOf = (s: Snapshot, of: Tenant, except: string[] = []) =>
  Object.fromEntries(
    (Object.entries(s) as Array<[Table, Row[]]>).map(([t, rows]) => [t, rows.filter((r) => (t === 'audit_records' || !of(t, r)) && !except.includes(r.id as string))]),
  );
/** Object storage keys of the tenant's rows (announcements and commercial songs), or of everyone else's. */
const keysOf = (s: Snapshot, which: (table: Table, row: Row) => boolean) =>
  [...s.announcements.filter((r) => which('announcements', r)), ...s.commercial_songs.filter((r) => which('commercial_songs', r))].map((r) => r.audio_key as string);
const existing = async (keys: string[]) => (await Promise.all(keys.map(async (k) => ((await h.service.context.storage.exists(k)) ? k : undefined)))).filter(Boolean);

const storeToken = (store: DoubleStore) => h.env.sign({ role: 'STORE_MANAGER', storeId: store.id, hqId: store.hqId });
const newHq = () => {
  const hqId = newId();
  return { hqId, token: h.tokenForHq(hqId) };
};
const createAnnouncement = async (token: string) => {
  const res = await h.api('POST', '/api/v1/hq/announcements', { token, body: announcementBody() });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const dispatch = async (token: string, announcementId: string, storeIds: string[], at?: Date) => {
  const res = await h.api('POST', `/api/v1/hq/announcements/${announcementId}/dispatches`, {
    token,
    body: { target: 'STORES', storeIds, ...(at ? { scheduledAt: at.toISOString() } : {}) },
  });
  expect(res.status).toBe(201);
  return res.body.dispatchIds as string[];
};
const ack = async (store: DoubleStore, dispatchId: string) =>
  expect((await h.api('POST', `/api/v1/store/announcements/${dispatchId}/ack`, { token: storeToken(store) })).status).toBe(204);
const draft = async (store: DoubleStore) => {
  const res = await h.api('POST', '/api/v1/store/broadcasts/recording?durationSeconds=5', { token: storeToken(store), form: fileForm(sampleWebm(), 'rec.webm', 'audio/webm') });
  expect(res.status).toBe(201);
  return res.body.announcementId as string;
};
const schedule = async (token: string, announcementId: string, target: { target: 'ALL' } | { target: 'STORES'; storeIds: string[] }) => {
  const res = await h.api('POST', `/api/v1/hq/announcements/${announcementId}/schedules`, {
    token,
    body: { ...target, frequency: 'DAILY', times: ['09:30'], startDate: '2026-03-10', endDate: '2026-03-12' },
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
};
const commercial = async (token: string) => {
  const res = await h.api('POST', '/api/v1/hq/commercials?title=Spring%20sale&durationSeconds=2', { token, form: fileForm(sampleMp3(1), 'spring.mp3', 'audio/mpeg') });
  expect(res.status).toBe(201);
  return res.body.id as string;
};

/**
 * What a store has here: an HQ dispatch now (acked PLAYED) and one for later, its own broadcast
 * sent now (acked) from a draft, a draft never sent, a template.
 */
const arrangeStore = async (store: DoubleStore, hqToken: string, announcementId: string) => {
  const [now] = await dispatch(hqToken, announcementId, [store.id]);
  await ack(store, now!);
  await dispatch(hqToken, announcementId, [store.id], new Date(h.clock.now().getTime() + 2 * 3600_000));
  const sent = await h.api('POST', `/api/v1/store/broadcasts/${await draft(store)}/send`, { token: storeToken(store), body: {} });
  expect(sent.status).toBe(201);
  await ack(store, sent.body.dispatchId);
  await draft(store);
  const template = await h.api('POST', '/api/v1/store/broadcast-templates', { token: storeToken(store), body: { name: '오픈', text: '매장 오픈했습니다.', voice: 'SHEAN' } });
  expect(template.status).toBe(201);
};

/** organization deleted the store (it no longer lists it) and the service handled the event. */
const deleted = async (store: DoubleStore, reason: 'STORE_DELETED' | 'HQ_DELETED' = 'STORE_DELETED') => {
  h.peers.stores.delete(store.id);
  const id = await h.publish('organization.store.deleted', { storeId: store.id, hqId: store.hqId, deletedAt: h.clock.now().toISOString(), reason });
  await handled(id);
};
/** Resolves once the service committed the handling of that message (its deletions with it). */
const handled = async (messageId: string) => eventually(async () => expect(await h.handled(messageId)).toBe(true), 20_000);
const storePurged = (store: { id: string; hqId: string }) =>
  h.publish('organization.store.purged', { storeId: store.id, hqId: store.hqId, deletedAt: new Date(h.clock.now().getTime() - 90 * 24 * 3600_000).toISOString() });
const hqPurged = (hqId: string) => h.publish('organization.hq.purged', { hqId, deletedAt: new Date(h.clock.now().getTime() - 90 * 24 * 3600_000).toISOString() });

const scheduleRow = (s: Snapshot, id: string) => s.dispatch_schedules.find((r) => r.id === id)!;
const infoLines = (message: string) =>
  (jest.mocked(logger.info).mock.calls as unknown[][]).filter((c) => c[1] === message).map((c) => c[0] as Row);

beforeEach(() => {
  jest.spyOn(logger, 'info');
  h.clock.set(T0); // Tuesday 09:00 KST
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('organization.store.purged', () => {
  it('deletes the store\'s dispatches (its HQ\'s and its own) with their acks, its drafts with their audio, its templates and its gone_stores row; the HQ\'s schedules drop it, one left without stores ENDS; nothing else changes', async () => {
    const hqB = newHq();
    const [purged, sibling, other] = [h.peers.addStore(h.hqId, { name: 'Purged' }), h.peers.addStore(h.hqId, { name: 'Sibling' }), h.peers.addStore(hqB.hqId)];
    const announcementA = await createAnnouncement(h.hqToken);
    const announcementB = await createAnnouncement(hqB.token);
    await arrangeStore(purged, h.hqToken, announcementA);
    await arrangeStore(sibling, h.hqToken, announcementA);
    await arrangeStore(other, hqB.token, announcementB);
    const both = await schedule(h.hqToken, announcementA, { target: 'STORES', storeIds: [purged.id, sibling.id] });
    const onlyPurged = await schedule(h.hqToken, announcementA, { target: 'STORES', storeIds: [purged.id] });
    const all = await schedule(h.hqToken, announcementA, { target: 'ALL' });
    const ofOther = await schedule(hqB.token, announcementB, { target: 'STORES', storeIds: [other.id] });
    await h.service.scheduler.tick(); // 09:30 KST materialized for every schedule
    await deleted(purged);
    await deleted(other); // another HQ's deleted store: its gone_stores row stays
    h.clock.advance(60_000);
    const before = await snapshot();
    const ofPurged = tenant({ storeIds: [purged.id] });
    // The store's rows: HQ dispatch now + later, its own broadcast, its occurrences of the three schedules; two acks; two drafts.
    expect(countsOf(before, ofPurged)).toEqual({ ...zeros, dispatches: 6, dispatch_acks: 2, announcements: 2, broadcast_templates: 1, gone_stores: 1 });
    const purgedKeys = keysOf(before, ofPurged);
    const otherKeys = keysOf(before, (t, r) => !ofPurged(t, r));
    expect(await existing(purgedKeys)).toEqual(purgedKeys);

    await handled(await storePurged(purged));

    const after = await snapshot();
    expect(countsOf(after, ofPurged)).toEqual(zeros);
    expect(await existing(purgedKeys)).toEqual([]);
    // The HQ's schedules: the store leaves their lists; the one left without stores ends.
    expect(scheduleRow(after, both)).toEqual({ ...scheduleRow(before, both), store_ids: [sibling.id] });
    expect(scheduleRow(after, onlyPurged)).toEqual({ ...scheduleRow(before, onlyPurged), store_ids: [], status: 'ENDED' });
    // Everything else as it was: the sibling's and the other HQ's rows, the HQ's announcements,
    // schedules and occurrences, every gone_stores row of other stores, the audit records.
    expect(restOf(after, ofPurged, [both, onlyPurged])).toEqual(restOf(before, ofPurged, [both, onlyPurged]));
    expect(scheduleRow(after, all)).toEqual(scheduleRow(before, all));
    expect(scheduleRow(after, ofOther)).toEqual(scheduleRow(before, ofOther));
    expect(await existing(otherKeys)).toEqual(otherKeys);
    expect(infoLines('data of a purged store deleted')).toEqual([
      { storeId: purged.id, hqId: h.hqId, dispatchAcks: 2, dispatches: 6, announcements: 2, broadcastTemplates: 1, goneStores: 1, schedulesChanged: 2, schedulesEnded: 1, audioObjects: 2 },
    ]);

    // The ENDED schedule plays to no one (an ACTIVE one with an empty list would reach every store
    // of the HQ); the other goes on for the sibling only.
    h.clock.set(new Date('2026-03-11T00:00:00.000Z'));
    await h.service.scheduler.tick();
    const next = await h.service.runtime.db.execute(
      sql`select schedule_id, store_id from dispatches where scheduled_at = ${new Date('2026-03-11T00:30:00.000Z')} and schedule_id in (${both}, ${onlyPurged})`,
    );
    expect(next.rows).toEqual([{ schedule_id: both, store_id: sibling.id }]);
  });

  it('an event naming another HQ for the store leaves the rows of its HQ alone: dispatches, acks, drafts, audio and gone_stores row (templates, keyed by store only, go)', async () => {
    const store = h.peers.addStore(h.hqId);
    const announcement = await createAnnouncement(h.hqToken);
    await arrangeStore(store, h.hqToken, announcement);
    await deleted(store);
    const before = await snapshot();
    const ofStore = tenant({ storeIds: [store.id] });
    const keys = keysOf(before, ofStore);

    await handled(await storePurged({ id: store.id, hqId: newId() }));

    const after = await snapshot();
    expect(countsOf(after, ofStore)).toEqual({ ...countsOf(before, ofStore), broadcast_templates: 0 });
    expect(restOf(after, (t, r) => t === 'broadcast_templates' && ofStore(t, r))).toEqual(restOf(before, (t, r) => t === 'broadcast_templates' && ofStore(t, r)));
    expect(await existing(keys)).toEqual(keys);
  });
});

describe('organization.hq.purged', () => {
  it('after its stores\' purges nothing of the HQ remains: announcements (deleted ones too) and commercial songs with their audio, schedules and occurrences, dispatches and acks, gone_stores rows; one dispatch.commercial.purged per song; audit records and other HQs untouched', async () => {
    const hq = newHq();
    const [first, second] = [h.peers.addStore(hq.hqId), h.peers.addStore(hq.hqId)];
    const neighbour = h.peers.addStore(h.hqId); // another HQ's store, with rows of its own
    const announcement = await createAnnouncement(hq.token);
    const removed = await createAnnouncement(hq.token);
    const neighbourAnnouncement = await createAnnouncement(h.hqToken);
    await arrangeStore(first, hq.token, announcement);
    await arrangeStore(second, hq.token, announcement);
    await arrangeStore(neighbour, h.hqToken, neighbourAnnouncement);
    await schedule(hq.token, announcement, { target: 'STORES', storeIds: [first.id] });
    await schedule(hq.token, announcement, { target: 'ALL' });
    await schedule(h.hqToken, neighbourAnnouncement, { target: 'STORES', storeIds: [neighbour.id] });
    await h.service.scheduler.tick();
    const songs = [await commercial(hq.token), await commercial(hq.token)];
    expect((await h.api('DELETE', `/api/v1/hq/commercials/${songs[1]}`, { token: hq.token })).status).toBe(204);
    expect((await h.api('DELETE', `/api/v1/hq/announcements/${removed}`, { token: hq.token })).status).toBe(204);
    await commercial(h.hqToken); // the other HQ's song stays
    await deleted(first, 'HQ_DELETED');
    await deleted(second, 'HQ_DELETED');
    const before = await snapshot();
    const scheduleIds = before.dispatch_schedules.filter((r) => r.hq_id === hq.hqId).map((r) => r.id as string);
    const ofHq = tenant({ hqIds: [hq.hqId], storeIds: [first.id, second.id], scheduleIds });
    for (const [table, n] of Object.entries(countsOf(before, ofHq))) expect([table, n > 0]).toEqual([table, true]);
    const audits = before.audit_records.filter((r) => r.hq_id === hq.hqId);
    expect(audits.length).toBeGreaterThan(0);
    const keys = keysOf(before, ofHq);
    const otherKeys = keysOf(before, (t, r) => !ofHq(t, r));
    // A key already gone (a run that failed after deleting it) does not fail the purge.
    await h.service.context.storage.delete(keys[0]!);

    // organization purges the HQ's stores, then the HQ.
    const messages = [await storePurged(first), await storePurged(second), await hqPurged(hq.hqId)];
    for (const id of messages) await handled(id);

    const after = await snapshot();
    expect(countsOf(after, ofHq)).toEqual(zeros);
    expect(await existing(keys)).toEqual([]);
    expect(after.audit_records.filter((r) => r.hq_id === hq.hqId)).toEqual(audits);
    expect(restOf(after, ofHq)).toEqual(restOf(before, ofHq));
    expect(await existing(otherKeys)).toEqual(otherKeys);
    const events = (await h.outbox('dispatch.commercial.purged')).filter((e) => e.payload.hqId === hq.hqId);
    expect(events.map((e) => e.payload.commercialId).sort()).toEqual([...songs].sort());
    expect(infoLines('data of a purged HQ deleted')).toEqual([
      expect.objectContaining({ hqId: hq.hqId, commercialSongs: 2, dispatchSchedules: 2, scheduleOccurrences: 2 }),
    ]);
  });

  it('alone (its stores\' purges never consumed), it still deletes every row keyed by the HQ, the stores\' own broadcasts of its drafts included', async () => {
    const hq = newHq();
    const store = h.peers.addStore(hq.hqId);
    const announcement = await createAnnouncement(hq.token);
    await arrangeStore(store, hq.token, announcement);
    await commercial(hq.token);
    await deleted(store, 'HQ_DELETED');
    const before = await snapshot();
    const ofHq = tenant({ hqIds: [hq.hqId] });
    const ownBroadcasts = before.dispatches.filter((r) => r.store_id === store.id && r.hq_id === null).map((r) => r.id);
    expect(ownBroadcasts).toHaveLength(1);
    const keys = keysOf(before, ofHq);
    expect(keys).toHaveLength(4); // the HQ announcement, the store's two drafts, the song

    await handled(await hqPurged(hq.hqId));

    const after = await snapshot();
    expect(countsOf(after, ofHq)).toEqual(zeros);
    expect(after.dispatches.filter((r) => r.store_id === store.id)).toEqual([]);
    expect(after.dispatch_acks.filter((r) => r.store_id === store.id)).toEqual([]);
    expect(await existing(keys)).toEqual([]);
    // Templates have no HQ column: the store's purge takes them.
    expect(after.broadcast_templates.filter((r) => r.store_id === store.id)).toHaveLength(1);
    expect(restOf(after, (t, r) => ofHq(t, r) || (['dispatches', 'dispatch_acks'].includes(t) && r.store_id === store.id))).toEqual(
      restOf(before, (t, r) => ofHq(t, r) || (['dispatches', 'dispatch_acks'].includes(t) && r.store_id === store.id)),
    );
  });
});

describe('deliveries', () => {
  const dlqDepth = async () => {
    const connection = await amqp.connect(h.env.amqpUrl);
    try {
      const channel = await connection.createChannel();
      return (await channel.checkQueue(`${h.env.exchange}.announcement-dispatch.organization-purges.dlq`)).messageCount;
    } finally {
      await connection.close();
    }
  };

  it('a duplicate delivery (same message id) is skipped, and the same purge under a new id finds nothing and changes nothing', async () => {
    const store = h.peers.addStore(h.hqId);
    const announcement = await createAnnouncement(h.hqToken);
    await arrangeStore(store, h.hqToken, announcement);
    await deleted(store);
    const id = await storePurged(store);
    await handled(id);
    const after = await snapshot();
    expect(countsOf(after, tenant({ storeIds: [store.id] }))).toEqual(zeros);

    // The relay sends it again (same id), then a marker: once the marker is handled, so is the duplicate.
    await h.publish('organization.store.purged', { storeId: store.id, hqId: store.hqId, deletedAt: T0.toISOString() }, { id });
    await handled(await storePurged({ id: newId(), hqId: h.hqId }));
    // organization emits it again (a new message): it runs, finds nothing, commits.
    await handled(await storePurged(store));

    expect(await snapshot()).toEqual(after);
    const processed = await h.service.runtime.db.execute(sql`select count(*)::int as n from processed_messages where message_id = ${id}`);
    expect(processed.rows[0]).toEqual({ n: 1 });
    expect(await dlqDepth()).toBe(0);
    expect(infoLines('data of a purged store deleted').filter((l) => l.storeId === store.id)).toHaveLength(2);
  });

  it('an event with a malformed id is handled (never dead-lettered) and deletes nothing', async () => {
    const before = await snapshot();
    await handled(await h.publish('organization.store.purged', { storeId: 'not-a-uuid', hqId: h.hqId, deletedAt: T0.toISOString() }));
    await handled(await hqPurged('not-a-uuid'));
    expect(await snapshot()).toEqual(before);
    expect(await dlqDepth()).toBe(0);
  });
});
