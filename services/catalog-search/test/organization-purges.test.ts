import { eventually } from '@storecast/service-kit/testing';
import { startHarness, type Harness } from './support/harness';
import { mp3Form, sineMp3 } from './support/mp3';

describe('when organization purges a store or an HQ (organization.store.purged, organization.hq.purged)', () => {
  let h: Harness;
  let aiLib: string;
  let trustLib: string;
  const DELETED_AT = '2026-08-25T00:00:00.000Z';

  beforeAll(async () => {
    h = await startHarness();
    const lib = async (name: string, type: 'AI' | 'TRUST') => {
      const music = (await h.call('POST', `/api/v1/admin/music?title=${name}&durationSeconds=30&musicSource=${type}`, { token: h.operator, form: mp3Form(sineMp3()) })).body.id;
      const id = (await h.call('POST', '/api/v1/admin/libraries', { token: h.operator, body: { name, type } })).body.id as string;
      await h.call('POST', `/api/v1/admin/libraries/${id}/music`, { token: h.operator, body: { musicIds: [music] } });
      return id;
    };
    aiLib = await lib('AI lib', 'AI');
    trustLib = await lib('Trust lib', 'TRUST');
  });
  afterAll(() => h.stop());

  const query = async (text: string, values: unknown[] = []) => (await h.service.runtime.database.pool.query(text, values)).rows;
  const put = async (path: string, body: Record<string, unknown>) => expect((await h.call('PUT', path, { token: h.operator, body })).status).toBe(200);

  /**
   * Through catalog-search's own API: an HQ with a default playlist, a used one, one soft-deleted
   * (each with libraries), and two stores, each with its own playlist and two devices with theirs.
   */
  const hqWithStores = async () => {
    const hqId = h.organization.addHq({ plan: 'TRUST' }).id;
    const playlist = async (name: string, libraryIds: string[]) => {
      h.clock.advance(1000);
      const id = (await h.call('POST', '/api/v1/admin/playlists', { token: h.operator, body: { hqId, name } })).body.id as string;
      await put(`/api/v1/admin/playlists/${id}/libraries`, { libraryIds });
      return id;
    };
    const fallback = await playlist('Default', [aiLib, trustLib]);
    const used = await playlist('Used', [trustLib]);
    const gone = await playlist('Deleted', [aiLib]);
    expect((await h.call('DELETE', `/api/v1/admin/playlists/${gone}`, { token: h.operator })).status).toBe(204);
    await put(`/api/v1/admin/hq/${hqId}/default-playlist`, { playlistId: fallback });
    const stores = [];
    for (let i = 0; i < 2; i++) {
      const storeId = h.organization.addStore(hqId).id;
      const devices = [h.organization.addDevice(storeId).id, h.organization.addDevice(storeId).id];
      await put(`/api/v1/admin/playlists/stores/${storeId}`, { playlistId: used });
      await put(`/api/v1/admin/playlists/stores/${storeId}/devices/${devices[0]}`, { playlistId: used });
      await put(`/api/v1/admin/playlists/stores/${storeId}/devices/${devices[1]}`, { playlistId: fallback });
      stores.push(storeId);
    }
    return { hqId, playlists: [fallback, used, gone], stores: stores as [string, string], token: h.token('HQ_MANAGER', { hqId }) };
  };
  type Hq = Awaited<ReturnType<typeof hqWithStores>>;

  const ORDER = 'order by to_jsonb(x)::text';
  /** Everything catalog-search keeps of the HQ: its playlists, their library links, the assignments (by HQ id or by the playlist ids it had). */
  const rowsOfHq = async (hq: Hq) => ({
    playlists: await query(`select to_jsonb(x) as r from playlists x where hq_id = $1 or id = any($2) ${ORDER}`, [hq.hqId, hq.playlists]),
    playlist_libraries: await query(`select to_jsonb(x) as r from playlist_libraries x where playlist_id = any($1) ${ORDER}`, [hq.playlists]),
    store_playlists: await query(`select to_jsonb(x) as r from store_playlists x where hq_id = $1 or playlist_id = any($2) ${ORDER}`, [hq.hqId, hq.playlists]),
    device_playlists: await query(`select to_jsonb(x) as r from device_playlists x where hq_id = $1 or playlist_id = any($2) ${ORDER}`, [hq.hqId, hq.playlists]),
  });
  const assignmentsOf = async (storeId: string) => ({
    store_playlists: await query(`select to_jsonb(x) as r from store_playlists x where store_id = $1 ${ORDER}`, [storeId]),
    device_playlists: await query(`select to_jsonb(x) as r from device_playlists x where store_id = $1 ${ORDER}`, [storeId]),
  });
  /** The operator's catalog: libraries, their music, the music. */
  const catalog = async () => ({
    libraries: await query(`select to_jsonb(x) as r from libraries x ${ORDER}`),
    library_music: await query(`select to_jsonb(x) as r from library_music x ${ORDER}`),
    music: await query(`select to_jsonb(x) as r from music x ${ORDER}`),
  });
  const announced = async () => (await h.events('catalog.playlist-assignment.changed')).length;
  const counts = (rows: Record<string, unknown[]>) => Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, v.length]));

  it("a purged store's own playlist and its devices' are deleted without an announcement; its HQ's other store, its playlists and another HQ keep theirs", async () => {
    const hq = await hqWithStores();
    const other = await hqWithStores();
    const [purged, neighbour] = hq.stores;
    expect(counts(await assignmentsOf(purged))).toEqual({ store_playlists: 1, device_playlists: 2 });
    const kept = { neighbour: await assignmentsOf(neighbour), playlists: (await rowsOfHq(hq)).playlists, other: await rowsOfHq(other), catalog: await catalog() };
    const used = (await h.call('GET', `/api/v1/hq/playlists/${hq.playlists[1]}`, { token: hq.token })).body;
    expect(used).toMatchObject({ appliedStoreCount: 2, status: 'ACTIVE' });
    const events = await announced();

    await h.publish('organization.store.purged', { storeId: purged, hqId: hq.hqId, deletedAt: DELETED_AT });

    await eventually(async () => expect(await assignmentsOf(purged)).toEqual({ store_playlists: [], device_playlists: [] }));
    expect(await assignmentsOf(neighbour)).toEqual(kept.neighbour);
    expect((await rowsOfHq(hq)).playlists).toEqual(kept.playlists);
    expect(await rowsOfHq(other)).toEqual(kept.other);
    expect(await catalog()).toEqual(kept.catalog);
    expect((await h.call('GET', `/api/v1/hq/playlists/${hq.playlists[1]}`, { token: hq.token })).body).toMatchObject({ appliedStoreCount: 1, status: 'ACTIVE' });
    expect(await announced()).toBe(events);
  });

  it('a purged HQ loses its playlists (the default and soft-deleted ones too), their library links and every assignment still pointing at them; libraries, music and another HQ stay', async () => {
    const hq = await hqWithStores();
    const other = await hqWithStores();
    expect(counts(await rowsOfHq(hq))).toEqual({ playlists: 3, playlist_libraries: 4, store_playlists: 2, device_playlists: 4 });
    const kept = { other: await rowsOfHq(other), catalog: await catalog() };
    const events = await announced();

    // No store purge first: assignments its stores' purges would have taken go with the HQ.
    await h.publish('organization.hq.purged', { hqId: hq.hqId, deletedAt: DELETED_AT });

    await eventually(async () => expect(await rowsOfHq(hq)).toEqual({ playlists: [], playlist_libraries: [], store_playlists: [], device_playlists: [] }));
    expect(await rowsOfHq(other)).toEqual(kept.other);
    expect(await catalog()).toEqual(kept.catalog);
    expect((await h.call('GET', '/api/v1/hq/playlists', { token: hq.token })).body).toMatchObject({ items: [], total: 0 });
    expect((await h.call('GET', `/api/v1/admin/hq/${hq.hqId}/default-playlist`, { token: h.operator })).body).toEqual({ hqId: hq.hqId, playlist: null });
    expect((await h.call('GET', '/api/v1/hq/playlists', { token: other.token })).body.total).toBe(2);
    expect(await announced()).toBe(events);
  });

  it('a purge delivered again under the same message id is skipped; a purge of a store with nothing kept, or naming a store under another HQ, deletes nothing', async () => {
    const hq = await hqWithStores();
    const other = await hqWithStores();
    const [purged, neighbour] = hq.stores;
    const purge = { storeId: purged, hqId: hq.hqId, deletedAt: DELETED_AT };
    const id = await h.publish('organization.store.purged', purge);
    await eventually(async () => expect(await assignmentsOf(purged)).toEqual({ store_playlists: [], device_playlists: [] }));

    // An assignment made after the purge (only a test can still reach the store) shows whether
    // the redelivery ran the handler again.
    await put(`/api/v1/admin/playlists/stores/${purged}`, { playlistId: hq.playlists[1] });
    const kept = { purged: await assignmentsOf(purged), hq: await rowsOfHq(hq), other: await rowsOfHq(other) };
    expect(counts(kept.purged)).toEqual({ store_playlists: 1, device_playlists: 0 });
    await h.publish('organization.store.purged', purge, { id });
    await h.publish('organization.store.purged', { storeId: h.organization.addStore(hq.hqId).id, hqId: hq.hqId, deletedAt: DELETED_AT });
    await h.publish('organization.store.purged', { storeId: neighbour, hqId: other.hqId, deletedAt: DELETED_AT });
    await h.publish('organization.store.purged', { storeId: other.stores[0], hqId: hq.hqId, deletedAt: DELETED_AT });
    // A marker behind them on the same queue: once it is handled, so are they.
    const marker = await hqWithStores();
    await h.publish('organization.hq.purged', { hqId: marker.hqId, deletedAt: DELETED_AT });
    await eventually(async () => expect(counts(await rowsOfHq(marker))).toEqual({ playlists: 0, playlist_libraries: 0, store_playlists: 0, device_playlists: 0 }));

    expect(await assignmentsOf(purged)).toEqual(kept.purged);
    expect(await rowsOfHq(hq)).toEqual(kept.hq);
    expect(await rowsOfHq(other)).toEqual(kept.other);
    expect(await query('select message_id from processed_messages where message_id = $1', [id])).toHaveLength(1);
  });
});
