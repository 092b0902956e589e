import { newId } from '@storecast/service-kit';
import { eventually } from '@storecast/service-kit/testing';
import { batchDigest, logRows } from '../src/domain/play-logs';
import { musicOf, playlistOf, startHarness, type Harness, type Tenant } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});
beforeEach(() => h.clock.set(new Date('2026-03-02T00:00:00.000Z')));

const TABLES = ['playback_logs', 'playback_daily_totals', 'playback_states', 'commercial_cursors', 'commercial_plays', 'playback_signal_hours'] as const;
type Rows = Record<(typeof TABLES)[number], unknown[]>;

/** Every row of the six tables whose store_id (or hq_id) is `id`, in a stable order. */
const rowsOf = async (column: 'store_id' | 'hq_id', id: string): Promise<Rows> =>
  Object.fromEntries(
    await Promise.all(
      TABLES.map(async (table) => [table, (await h.pool.query(`select to_jsonb(x) as r from ${table} x where ${column} = $1 order by to_jsonb(x)::text`, [id])).rows.map((r) => r.r)]),
    ),
  ) as Rows;
const countsOf = (rows: Rows) => Object.fromEntries(TABLES.map((t) => [t, rows[t].length]));
const NOTHING = { playback_logs: [], playback_daily_totals: [], playback_states: [], commercial_cursors: [], commercial_plays: [], playback_signal_hours: [] };

const report = (token: string, body: Record<string, unknown>) => h.api('POST', '/api/v1/store/playback/report', { token, body });

/**
 * A store that played, through playback's own API: a store-level report of two plays on two KST
 * days, a device-level report of one and of the commercial its queue placed (its cadence row and
 * commercial play), all in one hour (its signal hour).
 * Answers the device and the digest of the store-level batch (this process remembers it).
 */
const played = async (t: Tenant, storeId: string, token: string): Promise<{ deviceId: string; storeDigest: string }> => {
  const [ai, trust] = [musicOf(h, 'AI'), musicOf(h, 'TRUST')];
  const deviceId = newId();
  h.organization.setDevice({ id: deviceId, storeId });
  h.organization.setStore({ id: storeId, commercialCycleSongs: 1 });
  h.catalog.setStorePlaylist(t.hqId, storeId, playlistOf(h, t.hqId, [ai, trust]).id);
  h.commercials.add({ id: newId(), hqId: t.hqId });
  const logs = [
    { musicId: ai.id, startedAt: '2026-03-01T10:00:00.000Z', playedMs: 60_000 },
    { musicId: trust.id, startedAt: '2026-03-01T23:00:00.000Z', playedMs: 60_000 },
  ];
  expect((await report(token, { state: 'PLAYING', logs })).body).toEqual({ recordedLogCount: 2 });
  expect((await report(token, { state: 'PAUSED', deviceId, logs: [{ musicId: ai.id, startedAt: '2026-03-01T23:30:00.000Z', playedMs: 1_000 }] })).body).toEqual({
    recordedLogCount: 1,
  });
  const commercial = (await h.api('GET', '/api/v1/store/playback/queue', { token })).body.items.find((i: { type: string }) => i.type === 'COMMERCIAL');
  expect(commercial).toBeDefined();
  expect(
    (await report(token, { state: 'PLAYING', deviceId, commercialPlays: [{ commercialId: commercial.commercialId, startedAt: '2026-03-01T23:33:00.000Z' }] })).body,
  ).toEqual({ recordedLogCount: 0, recordedCommercialCount: 1 });
  const reported = logs.map((l) => ({ ...l, startedAt: new Date(l.startedAt), libraryId: null, cacheHit: null }));
  const known = new Map([ai, trust].map((m) => [m.id, { title: m.title, musicSource: m.musicSource }]));
  return { deviceId, storeDigest: batchDigest(logRows(reported, known).rows)! };
};

const ALL_KEPT = { playback_logs: 3, playback_daily_totals: 2, playback_states: 2, commercial_cursors: 1, commercial_plays: 1, playback_signal_hours: 1 };

describe('when organization purges a store or an HQ (organization.store.purged, organization.hq.purged)', () => {
  it("a purged store's play logs, daily totals, store and device states, commercial cadence, commercial plays and signal hours are deleted; its HQ's other store and another HQ keep theirs", async () => {
    const t = h.tenant();
    const other = h.tenant();
    const { deviceId, storeDigest } = await played(t, t.storeId, t.storeToken);
    const neighbour = await played(t, t.otherStoreId, t.otherStoreToken);
    await played(other, other.storeId, other.storeToken);
    expect(countsOf(await rowsOf('store_id', t.storeId))).toEqual(ALL_KEPT);
    const kept = { neighbour: await rowsOf('store_id', t.otherStoreId), otherHq: await rowsOf('hq_id', other.hqId) };
    expect(countsOf(kept.neighbour)).toEqual(ALL_KEPT);
    expect(h.service.context.recentBatches.has(t.storeId, storeDigest)).toBe(true);

    await h.publish('organization.store.purged', { storeId: t.storeId, hqId: t.hqId, deletedAt: '2025-12-01T00:00:00.000Z' });

    await eventually(async () => expect(await rowsOf('store_id', t.storeId)).toEqual(NOTHING));
    expect((await h.pool.query('select * from playback_states where reporter_id = $1', [deviceId])).rows).toEqual([]);
    expect(await rowsOf('store_id', t.otherStoreId)).toEqual(kept.neighbour);
    expect(await rowsOf('hq_id', other.hqId)).toEqual(kept.otherHq);
    // This process no longer remembers the purged store's batches; the neighbour's are kept.
    expect(h.service.context.recentBatches.has(t.storeId, storeDigest)).toBe(false);
    expect(h.service.context.recentBatches.has(t.otherStoreId, neighbour.storeDigest)).toBe(true);
  });

  it('a purged HQ loses every row still carrying its id, of all its stores; another HQ keeps its rows', async () => {
    const t = h.tenant();
    const other = h.tenant();
    await played(t, t.storeId, t.storeToken);
    await played(t, t.otherStoreId, t.otherStoreToken);
    await played(other, other.storeId, other.storeToken);
    expect(countsOf(await rowsOf('hq_id', t.hqId))).toEqual({ playback_logs: 6, playback_daily_totals: 4, playback_states: 4, commercial_cursors: 2, commercial_plays: 2, playback_signal_hours: 2 });
    const otherHq = await rowsOf('hq_id', other.hqId);

    // No store purge first: whatever its stores' purges left (a row written after one, a lost
    // message) goes with the HQ.
    await h.publish('organization.hq.purged', { hqId: t.hqId, deletedAt: '2025-12-01T00:00:00.000Z' });

    await eventually(async () => expect(await rowsOf('hq_id', t.hqId)).toEqual(NOTHING));
    expect(await rowsOf('hq_id', other.hqId)).toEqual(otherHq);
  });

  it('a purge delivered again under the same message id is skipped; a purge of a store with nothing kept, or naming a store under another HQ, deletes nothing', async () => {
    const t = h.tenant();
    const other = h.tenant();
    await played(t, t.storeId, t.storeToken);
    await played(t, t.otherStoreId, t.otherStoreToken);
    await played(other, other.storeId, other.storeToken);
    const purge = { storeId: t.storeId, hqId: t.hqId, deletedAt: '2025-12-01T00:00:00.000Z' };
    const id = await h.publish('organization.store.purged', purge);
    await eventually(async () => expect(await rowsOf('store_id', t.storeId)).toEqual(NOTHING));

    // Rows written after the purge (only a test can still report for the store) show whether the
    // redelivery ran the handler again.
    await played(t, t.storeId, t.storeToken);
    const after = await rowsOf('store_id', t.storeId);
    const neighbour = await rowsOf('store_id', t.otherStoreId);
    expect(countsOf(neighbour)).toEqual(ALL_KEPT);
    const otherHq = await rowsOf('hq_id', other.hqId);
    await h.publish('organization.store.purged', purge, { id });
    await h.publish('organization.store.purged', { storeId: newId(), hqId: other.hqId, deletedAt: purge.deletedAt });
    await h.publish('organization.store.purged', { storeId: t.otherStoreId, hqId: other.hqId, deletedAt: purge.deletedAt });
    await h.publish('organization.hq.purged', { hqId: newId(), deletedAt: purge.deletedAt });
    // A marker behind them on the same queue: once it is handled, so are they.
    const marker = h.tenant();
    await played(marker, marker.storeId, marker.storeToken);
    await h.publish('organization.store.purged', { storeId: marker.storeId, hqId: marker.hqId, deletedAt: purge.deletedAt });
    await eventually(async () => expect(await rowsOf('store_id', marker.storeId)).toEqual(NOTHING));

    expect(await rowsOf('store_id', t.storeId)).toEqual(after);
    expect(await rowsOf('store_id', t.otherStoreId)).toEqual(neighbour);
    expect(await rowsOf('hq_id', other.hqId)).toEqual(otherHq);
    expect((await h.pool.query('select count(*)::int as n from processed_messages where message_id = $1', [id])).rows[0].n).toBe(1);
  });
});
