import { apiClient, eventually } from '@storecast/service-kit/testing';
import { loadCatalogSearchConfig } from '../src/config';
import { start } from '../src/server';
import { startHarness, type Harness } from './support/harness';
import { mp3Form, sineMp3 } from './support/mp3';

const MISSING = '0190c6a0-0000-7000-8000-000000000000';

describe('playlists, assignments and the HQ views', () => {
  let h: Harness;
  let hqId: string;
  let otherHqId: string;
  let hqToken: string;
  let aiLib: string;
  let trustLib: string;
  let emptyLib: string;
  const music: Record<string, string> = {};

  beforeAll(async () => {
    h = await startHarness();
    hqId = h.organization.addHq({ name: 'Bean Co', plan: 'TRUST' }).id;
    otherHqId = h.organization.addHq({ name: 'Other Co', plan: 'TRUST' }).id;
    hqToken = h.token('HQ_MANAGER', { hqId });
    for (const [title, source] of [['ai', 'AI'], ['trust', 'TRUST']] as const) {
      music[title] = (await h.call('POST', `/api/v1/admin/music?title=${title}&durationSeconds=30&musicSource=${source}`, { token: h.operator, form: mp3Form(sineMp3()) })).body.id;
    }
    const lib = async (name: string, type: string, ids: string[]) => {
      const id = (await h.call('POST', '/api/v1/admin/libraries', { token: h.operator, body: { name, type } })).body.id;
      if (ids.length) await h.call('POST', `/api/v1/admin/libraries/${id}/music`, { token: h.operator, body: { musicIds: ids } });
      return id as string;
    };
    aiLib = await lib('AI lib', 'AI', [music.ai!]);
    trustLib = await lib('Trust lib', 'TRUST', [music.trust!]);
    emptyLib = await lib('Empty lib', 'AI', []);
  });
  afterAll(() => h.stop());

  const createPlaylist = async (name: string, libraryIds: string[] = [], hq = hqId) => {
    h.clock.advance(1000);
    const created = await h.call('POST', '/api/v1/admin/playlists', { token: h.operator, body: { hqId: hq, name } });
    expect(created.status).toBe(201);
    if (libraryIds.length) await h.call('PUT', `/api/v1/admin/playlists/${created.body.id}/libraries`, { token: h.operator, body: { libraryIds } });
    return created.body.id as string;
  };
  const hqPlaylist = async (id: string) => (await h.call('GET', `/api/v1/hq/playlists/${id}`, { token: hqToken })).body;

  it('a playlist belongs to an HQ organization knows (404 HQ_NOT_FOUND otherwise), and starts EMPTY', async () => {
    expect((await h.call('POST', '/api/v1/admin/playlists', { token: h.operator, body: { hqId: MISSING, name: 'x' } })).body.error.code).toBe('HQ_NOT_FOUND');
    const created = await h.call('POST', '/api/v1/admin/playlists', { token: h.operator, body: { hqId, name: 'Morning' } });
    expect(created.body).toMatchObject({ hqId, name: 'Morning', isDefault: false, libraryCount: 0, appliedStoreCount: 0, status: 'EMPTY', libraries: [] });
  });

  it('holds ordered libraries (0-based positions) that are set, reordered and emptied in one call', async () => {
    const id = await createPlaylist('Ordered');
    const set = await h.call('PUT', `/api/v1/admin/playlists/${id}/libraries`, { token: h.operator, body: { libraryIds: [trustLib, aiLib, emptyLib] } });
    expect(set.status).toBe(200);
    expect(set.body.libraries).toEqual([
      { libraryId: trustLib, name: 'Trust lib', libraryType: 'TRUST', musicCount: 1, position: 0 },
      { libraryId: aiLib, name: 'AI lib', libraryType: 'AI', musicCount: 1, position: 1 },
      { libraryId: emptyLib, name: 'Empty lib', libraryType: 'AI', musicCount: 0, position: 2 },
    ]);
    const reordered = await h.call('PUT', `/api/v1/admin/playlists/${id}/libraries`, { token: h.operator, body: { libraryIds: [aiLib, trustLib] } });
    expect(reordered.body.libraries.map((l: { libraryId: string; position: number }) => [l.libraryId, l.position])).toEqual([[aiLib, 0], [trustLib, 1]]);
    expect(reordered.body).toMatchObject({ libraryCount: 2, status: 'UNUSED' });
    const missing = await h.call('PUT', `/api/v1/admin/playlists/${id}/libraries`, { token: h.operator, body: { libraryIds: [aiLib, MISSING] } });
    expect(missing.body.error).toMatchObject({ code: 'LIBRARY_NOT_FOUND', fields: { missingLibraryIds: MISSING } });
    expect((await h.call('PUT', `/api/v1/admin/playlists/${id}/libraries`, { token: h.operator, body: { libraryIds: [aiLib, aiLib] } })).body.error.code).toBe('VALIDATION_FAILED');
    expect((await h.call('PUT', `/api/v1/admin/playlists/${MISSING}/libraries`, { token: h.operator, body: { libraryIds: [] } })).body.error.code).toBe('PLAYLIST_NOT_FOUND');
  });

  it('a deleted library leaves its playlists and the positions close up', async () => {
    const doomed = (await h.call('POST', '/api/v1/admin/libraries', { token: h.operator, body: { name: 'Doomed', type: 'AI' } })).body.id;
    const id = await createPlaylist('Gaps', [aiLib, doomed, emptyLib, trustLib]);
    await h.call('DELETE', `/api/v1/admin/libraries/${doomed}`, { token: h.operator });
    const detail = await h.call('GET', `/api/v1/admin/playlists/${id}`, { token: h.operator });
    expect(detail.body.libraries.map((l: { libraryId: string; position: number }) => [l.libraryId, l.position])).toEqual([[aiLib, 0], [emptyLib, 1], [trustLib, 2]]);
  });

  it('the HQ default is operator-set, at most one per HQ, a playlist of that HQ only; its status is FALLBACK', async () => {
    const first = await createPlaylist('Default one', [aiLib]);
    const second = await createPlaylist('Default two', [aiLib]);
    const foreign = await createPlaylist('Foreign', [aiLib], otherHqId);
    const set = await h.call('PUT', `/api/v1/admin/hq/${hqId}/default-playlist`, { token: h.operator, body: { playlistId: first } });
    expect(set.body).toEqual({ hqId, playlist: { id: first, name: 'Default one' } });
    await h.call('PUT', `/api/v1/admin/hq/${hqId}/default-playlist`, { token: h.operator, body: { playlistId: second } });
    expect((await hqPlaylist(first)).isDefault).toBe(false);
    expect(await hqPlaylist(second)).toMatchObject({ isDefault: true, status: 'FALLBACK' });
    expect((await h.call('PUT', `/api/v1/admin/hq/${hqId}/default-playlist`, { token: h.operator, body: { playlistId: foreign } })).body.error.code).toBe('PLAYLIST_NOT_FOUND');
    expect((await h.call('GET', `/api/v1/admin/hq/${hqId}/default-playlist`, { token: h.operator })).body.playlist.id).toBe(second);
    const events = (await h.events('catalog.playlist-assignment.changed')).map((e) => e.data).filter((d) => d.scope === 'HQ_DEFAULT');
    expect(events.slice(-2)).toEqual([
      { hqId, scope: 'HQ_DEFAULT', storeId: null, deviceId: null, playlistId: first, previousPlaylistId: null },
      { hqId, scope: 'HQ_DEFAULT', storeId: null, deviceId: null, playlistId: second, previousPlaylistId: first },
    ]);
    // Clearing is idempotent; an HQ manager may not touch it.
    expect((await h.call('DELETE', `/api/v1/admin/hq/${hqId}/default-playlist`, { token: h.operator })).status).toBe(204);
    expect((await h.call('DELETE', `/api/v1/admin/hq/${hqId}/default-playlist`, { token: h.operator })).status).toBe(204);
    expect((await hqPlaylist(second)).status).toBe('UNUSED');
    expect((await h.call('PUT', `/api/v1/admin/hq/${hqId}/default-playlist`, { token: hqToken, body: { playlistId: first } })).status).toBe(403);
  });

  it('store and device assignments make a playlist ACTIVE and counted; clearing falls back; checks go to organization', async () => {
    const playlist = await createPlaylist('For stores', [trustLib]);
    const store = h.organization.addStore(hqId).id;
    const store2 = h.organization.addStore(hqId).id;
    const device = h.organization.addDevice(store).id;
    const assigned = await h.call('PUT', `/api/v1/admin/playlists/stores/${store}`, { token: h.operator, body: { playlistId: playlist } });
    expect(assigned.body).toEqual({ storeId: store, hqId, activePlaylist: { id: playlist, name: 'For stores' }, hqDefault: null, devices: [] });
    await h.call('PUT', `/api/v1/admin/playlists/stores/${store2}`, { token: h.operator, body: { playlistId: playlist } });
    expect(await hqPlaylist(playlist)).toMatchObject({ appliedStoreCount: 2, status: 'ACTIVE' });
    const deviceSet = await h.call('PUT', `/api/v1/admin/playlists/stores/${store}/devices/${device}`, { token: h.operator, body: { playlistId: playlist } });
    expect(deviceSet.body.devices).toEqual([{ deviceId: device, playlist: { id: playlist, name: 'For stores' } }]);
    // Clearing: the store follows the HQ default again, the device its store.
    await h.call('PUT', `/api/v1/admin/playlists/stores/${store2}`, { token: h.operator, body: { playlistId: null } });
    await h.call('PUT', `/api/v1/admin/playlists/stores/${store}/devices/${device}`, { token: h.operator, body: { playlistId: null } });
    const read = await h.call('GET', `/api/v1/admin/playlists/stores/${store}`, { token: h.operator });
    expect(read.body).toMatchObject({ activePlaylist: { id: playlist }, devices: [] });
    expect((await hqPlaylist(playlist)).appliedStoreCount).toBe(1);
    const changes = (await h.events('catalog.playlist-assignment.changed')).map((e) => e.data).filter((d) => d.storeId === store || d.storeId === store2);
    expect(changes).toEqual([
      { hqId, scope: 'STORE', storeId: store, deviceId: null, playlistId: playlist, previousPlaylistId: null },
      { hqId, scope: 'STORE', storeId: store2, deviceId: null, playlistId: playlist, previousPlaylistId: null },
      { hqId, scope: 'DEVICE', storeId: store, deviceId: device, playlistId: playlist, previousPlaylistId: null },
      { hqId, scope: 'STORE', storeId: store2, deviceId: null, playlistId: null, previousPlaylistId: playlist },
      { hqId, scope: 'DEVICE', storeId: store, deviceId: device, playlistId: null, previousPlaylistId: playlist },
    ]);
  });

  describe('when organization closes or deletes a store, or revokes a device', () => {
    /** A store with its own playlist and two devices with their own, and a second store of the HQ with the same playlist. */
    const assignedStore = async (name: string) => {
      const playlist = await createPlaylist(name, [aiLib]);
      const store = h.organization.addStore(hqId).id;
      const devices = [h.organization.addDevice(store).id, h.organization.addDevice(store).id];
      const neighbour = h.organization.addStore(hqId).id;
      for (const s of [store, neighbour]) await h.call('PUT', `/api/v1/admin/playlists/stores/${s}`, { token: h.operator, body: { playlistId: playlist } });
      for (const d of devices) await h.call('PUT', `/api/v1/admin/playlists/stores/${store}/devices/${d}`, { token: h.operator, body: { playlistId: playlist } });
      return { playlist, store, devices: devices.sort(), neighbour };
    };
    const storeView = async (store: string) => (await h.call('GET', `/api/v1/admin/playlists/stores/${store}`, { token: h.operator })).body;
    const changesOf = async (store: string) => (await h.events('catalog.playlist-assignment.changed')).map((e) => e.data).filter((d) => d.storeId === store && d.playlistId === null);

    it.each([
      ['closed', (store: string) => h.publish('organization.store.closed', { storeId: store, hqId, closedAt: h.clock.now().toISOString() })],
      ['deleted', (store: string) => h.publish('organization.store.deleted', { storeId: store, hqId, deletedAt: h.clock.now().toISOString(), reason: 'STORE_DELETED' })],
    ])('a %s store keeps no playlist: its own and its devices\' are cleared and announced, and the playlist counts one store less', async (_name, publish) => {
      const { playlist, store, devices, neighbour } = await assignedStore(`Store ${_name}`);
      expect(await hqPlaylist(playlist)).toMatchObject({ appliedStoreCount: 2, status: 'ACTIVE' });
      await publish(store);
      await eventually(async () => expect(await storeView(store)).toMatchObject({ activePlaylist: null, devices: [] }));
      expect(await changesOf(store)).toEqual([
        { hqId, scope: 'STORE', storeId: store, deviceId: null, playlistId: null, previousPlaylistId: playlist },
        ...devices.map((deviceId) => ({ hqId, scope: 'DEVICE', storeId: store, deviceId, playlistId: null, previousPlaylistId: playlist })),
      ]);
      expect(await hqPlaylist(playlist)).toMatchObject({ appliedStoreCount: 1, status: 'ACTIVE' });
      expect((await storeView(neighbour)).activePlaylist).toEqual({ id: playlist, name: `Store ${_name}` });
    });

    it('a revoked device loses its own playlist; its store and the other device keep theirs', async () => {
      const { playlist, store, devices } = await assignedStore('Device revoked');
      await h.publish('organization.device.revoked', { deviceId: devices[0]!, storeId: store });
      await eventually(async () => expect((await storeView(store)).devices.map((d: { deviceId: string }) => d.deviceId)).toEqual([devices[1]]));
      expect((await storeView(store)).activePlaylist).toEqual({ id: playlist, name: 'Device revoked' });
      expect(await changesOf(store)).toEqual([{ hqId, scope: 'DEVICE', storeId: store, deviceId: devices[0], playlistId: null, previousPlaylistId: playlist }]);
    });

    it('an event delivered twice, or for a store with no assignment, announces nothing more', async () => {
      const { store } = await assignedStore('Twice');
      const event = { storeId: store, hqId, closedAt: h.clock.now().toISOString() };
      await h.publish('organization.store.closed', event);
      await eventually(async () => expect(await changesOf(store)).toHaveLength(3));
      // Another message id: the consumer's idempotence does not hide it, the empty store does.
      await h.publish('organization.store.closed', event);
      const bare = h.organization.addStore(hqId).id;
      await h.publish('organization.store.deleted', { storeId: bare, hqId, deletedAt: h.clock.now().toISOString(), reason: 'HQ_DELETED' });
      // A marker behind them on the same queue: once it is handled, so are they.
      const marker = await assignedStore('Marker');
      await h.publish('organization.device.revoked', { deviceId: marker.devices[0]!, storeId: marker.store });
      await eventually(async () => expect(await changesOf(marker.store)).toHaveLength(1));
      expect(await changesOf(store)).toHaveLength(3);
      expect(await changesOf(bare)).toEqual([]);
    });
  });

  it('assignments refuse unknown stores and devices, closed stores, and playlists of another HQ', async () => {
    const playlist = await createPlaylist('Checks', [aiLib]);
    const foreign = await createPlaylist('Theirs', [aiLib], otherHqId);
    const store = h.organization.addStore(hqId).id;
    const closed = h.organization.addStore(hqId, { closedAt: '2026-11-01T00:00:00.000Z' }).id;
    const revoked = h.organization.addDevice(store, { revoked: true }).id;
    const put = (path: string, playlistId: string | null) => h.call('PUT', path, { token: h.operator, body: { playlistId } });
    expect((await put(`/api/v1/admin/playlists/stores/${MISSING}`, playlist)).body.error.code).toBe('STORE_NOT_FOUND');
    expect((await put(`/api/v1/admin/playlists/stores/${closed}`, playlist)).body.error.code).toBe('STORE_ALREADY_CLOSED');
    expect((await put(`/api/v1/admin/playlists/stores/${store}`, foreign)).body.error.code).toBe('PLAYLIST_NOT_FOUND');
    expect((await put(`/api/v1/admin/playlists/stores/${store}/devices/${revoked}`, playlist)).body.error.code).toBe('STORE_DEVICE_NOT_FOUND');
    expect((await put(`/api/v1/admin/playlists/stores/${store}/devices/${MISSING}`, playlist)).body.error.code).toBe('STORE_DEVICE_NOT_FOUND');
    expect((await h.call('GET', `/api/v1/admin/playlists/stores/${MISSING}`, { token: h.operator })).body.error.code).toBe('STORE_NOT_FOUND');
  });

  it('when organization is unreachable, calls that need it answer 503 SERVICE_UNAVAILABLE', async () => {
    // A second instance on the same database whose organization address answers nothing.
    const cut = await start(loadCatalogSearchConfig(h.env.env({ ...h.s3.env, ORGANIZATION_GRPC_ADDR: '127.0.0.1:9', PURGE_INTERVAL_MS: '0', GRPC_DEADLINE_MS: '500' })));
    try {
      const call = apiClient(cut.httpUrl, cut.api);
      const res = await call('POST', '/api/v1/admin/playlists', { token: h.operator, body: { hqId, name: 'x' } });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect((await call('GET', `/api/v1/admin/playlists/stores/${MISSING}`, { token: h.operator })).status).toBe(503);
    } finally {
      await cut.stop();
    }
  });

  it('deleting a playlist clears its store, device and default assignments and announces each', async () => {
    const playlist = await createPlaylist('Short lived', [aiLib]);
    const store = h.organization.addStore(hqId).id;
    const device = h.organization.addDevice(store).id;
    await h.call('PUT', `/api/v1/admin/hq/${hqId}/default-playlist`, { token: h.operator, body: { playlistId: playlist } });
    await h.call('PUT', `/api/v1/admin/playlists/stores/${store}`, { token: h.operator, body: { playlistId: playlist } });
    await h.call('PUT', `/api/v1/admin/playlists/stores/${store}/devices/${device}`, { token: h.operator, body: { playlistId: playlist } });
    expect((await h.call('DELETE', `/api/v1/admin/playlists/${playlist}`, { token: h.operator })).status).toBe(204);
    expect((await h.call('GET', `/api/v1/admin/playlists/${playlist}`, { token: h.operator })).body.error.code).toBe('PLAYLIST_NOT_FOUND');
    expect((await h.call('DELETE', `/api/v1/admin/playlists/${playlist}`, { token: h.operator })).body.error.code).toBe('PLAYLIST_NOT_FOUND');
    expect((await h.call('GET', `/api/v1/admin/playlists/stores/${store}`, { token: h.operator })).body).toMatchObject({ activePlaylist: null, hqDefault: null, devices: [] });
    const cleared = (await h.events('catalog.playlist-assignment.changed')).map((e) => e.data).filter((d) => d.previousPlaylistId === playlist && d.playlistId === null);
    expect(cleared.map((d) => d.scope).sort()).toEqual(['DEVICE', 'HQ_DEFAULT', 'STORE']);
  });

  it('HQ managers see their own playlists newest first with counts and status; another HQ’s is 404 PLAYLIST_NOT_FOUND', async () => {
    const list = await h.call('GET', '/api/v1/hq/playlists?size=100', { token: hqToken });
    expect(list.status).toBe(200);
    const created = list.body.items.map((p: { updatedAt: string }) => p);
    expect(created.length).toBe(list.body.total);
    expect(list.body.items.map((p: { name: string }) => p.name)).not.toContain('Foreign');
    expect(list.body.items[0]).toEqual({
      id: expect.any(String), name: expect.any(String), isDefault: expect.any(Boolean), libraryCount: expect.any(Number),
      appliedStoreCount: expect.any(Number), status: expect.any(String), updatedAt: expect.any(String),
    });
    expect((await h.call('GET', '/api/v1/hq/playlists?q=for%20STORES', { token: hqToken })).body.items.map((p: { name: string }) => p.name)).toEqual(['For stores']);
    const theirs = (await h.call('GET', `/api/v1/admin/playlists?hqId=${otherHqId}`, { token: h.operator })).body.items[0].id;
    expect((await h.call('GET', `/api/v1/hq/playlists/${theirs}`, { token: hqToken })).body.error.code).toBe('PLAYLIST_NOT_FOUND');
    expect((await h.call('GET', `/api/v1/hq/playlists/${MISSING}`, { token: hqToken })).body.error.code).toBe('PLAYLIST_NOT_FOUND');
    // playlistCount of a library counts the own HQ's playlists only.
    const own = (await h.call('GET', `/api/v1/hq/libraries/${aiLib}`, { token: hqToken })).body.playlistCount;
    const all = (await h.call('GET', `/api/v1/admin/libraries/${aiLib}`, { token: h.operator })).body.playlistCount;
    expect(all - own).toBe(2); // 'Foreign' and 'Theirs' belong to the other HQ
  });
});
