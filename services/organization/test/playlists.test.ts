import { newId } from '@storecast/service-kit';
import { auditOf, createHqStore, issueStoreManager, onboardHq, startHarness, type Harness, type OnboardedHq } from './support/harness';

// Playlist assignments belong to catalog-search (the kit's CatalogDouble here); organization shows
// them in the HQ store detail and the store-mode device views, and sets a device's own playlist.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

/** An HQ with a store, its manager's token and two active devices. */
const storeWithDevices = async (hq: OnboardedHq) => {
  const storeId = (await createHqStore(h, hq)).store.id;
  const { token } = await issueStoreManager(h, storeId, hq.hqId);
  const register = async (deviceKey: string) => (await h.api('POST', '/api/v1/store/devices', { token, body: { deviceKey, label: deviceKey } })).body as { id: string };
  return { storeId, token, first: await register('front'), second: await register('back') };
};

describe('activePlaylist in GET /api/v1/hq/stores/{id}', () => {
  it("shows the store's own active playlist from catalog-search, asked with the caller's HQ; null when the store follows the HQ default", async () => {
    const hq = await onboardHq(h);
    const storeId = (await createHqStore(h, hq)).store.id;
    const playlist = h.catalog.addPlaylist(hq.hqId, { name: 'Morning' });
    h.catalog.setHqDefault(hq.hqId, h.catalog.addPlaylist(hq.hqId, { name: 'Default' }).id);

    const before = await h.api('GET', `/api/v1/hq/stores/${storeId}`, { token: hq.token });
    expect(before.body.activePlaylist).toBeNull();

    h.catalog.setStorePlaylist(hq.hqId, storeId, playlist.id);
    const after = await h.api('GET', `/api/v1/hq/stores/${storeId}`, { token: hq.token });
    expect(after.status).toBe(200);
    expect(after.body.activePlaylist).toEqual({ id: playlist.id, name: 'Morning' });
    expect(h.catalog.calls.filter((c) => c.method === 'GetStorePlaylists').at(-1)?.request).toMatchObject({ hqId: hq.hqId, storeId });

    // PATCH answers the same detail
    const patched = await h.api('PATCH', `/api/v1/hq/stores/${storeId}`, { token: hq.token, body: { address: 'New 1' } });
    expect(patched.body.activePlaylist).toEqual({ id: playlist.id, name: 'Morning' });
  });

  it('when catalog-search is unreachable, the detail still answers 200 with activePlaylist null', async () => {
    const hq = await onboardHq(h);
    const storeId = (await createHqStore(h, hq)).store.id;
    h.catalog.setStorePlaylist(hq.hqId, storeId, h.catalog.addPlaylist(hq.hqId).id);
    h.catalog.unavailable = true;
    try {
      const res = await h.api('GET', `/api/v1/hq/stores/${storeId}`, { token: hq.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: storeId, activePlaylist: null });
    } finally {
      h.catalog.unavailable = false;
    }
  });
});

describe('effectivePlaylist in GET /api/v1/hq/stores/{id}', () => {
  it("is the store's own active playlist (STORE), else the HQ default (DEFAULT), else null; activePlaylist stays the store's own only", async () => {
    const hq = await onboardHq(h);
    const storeId = (await createHqStore(h, hq)).store.id;
    const detail = async () => (await h.api('GET', `/api/v1/hq/stores/${storeId}`, { token: hq.token })).body;

    expect(await detail()).toMatchObject({ activePlaylist: null, effectivePlaylist: null });

    const fallback = h.catalog.addPlaylist(hq.hqId, { name: 'Default' });
    h.catalog.setHqDefault(hq.hqId, fallback.id);
    expect(await detail()).toMatchObject({ activePlaylist: null, effectivePlaylist: { id: fallback.id, name: 'Default', source: 'DEFAULT' } });

    const own = h.catalog.addPlaylist(hq.hqId, { name: 'Evening' });
    h.catalog.setStorePlaylist(hq.hqId, storeId, own.id);
    expect(await detail()).toMatchObject({ activePlaylist: { id: own.id, name: 'Evening' }, effectivePlaylist: { id: own.id, name: 'Evening', source: 'STORE' } });
    // Both come from the one GetStorePlaylists call of the detail, asked with the caller's HQ.
    const before = h.catalog.calls.length;
    await detail();
    expect(h.catalog.calls.slice(before).map((c) => [c.method, c.request])).toEqual([['GetStorePlaylists', expect.objectContaining({ hqId: hq.hqId, storeId })]]);

    // PATCH answers the same detail
    const patched = await h.api('PATCH', `/api/v1/hq/stores/${storeId}`, { token: hq.token, body: { address: 'New 2' } });
    expect(patched.body.effectivePlaylist).toEqual({ id: own.id, name: 'Evening', source: 'STORE' });
  });

  it("a new store's detail shows the HQ default it will play; another HQ's default never shows", async () => {
    const hq = await onboardHq(h);
    const other = await onboardHq(h);
    h.catalog.setHqDefault(other.hqId, h.catalog.addPlaylist(other.hqId, { name: 'Theirs' }).id);
    expect((await createHqStore(h, hq)).store).toMatchObject({ activePlaylist: null, effectivePlaylist: null });
    const fallback = h.catalog.addPlaylist(hq.hqId, { name: 'Ours' });
    h.catalog.setHqDefault(hq.hqId, fallback.id);
    expect((await createHqStore(h, hq)).store).toMatchObject({ activePlaylist: null, effectivePlaylist: { id: fallback.id, name: 'Ours', source: 'DEFAULT' } });
  });

  it('when catalog-search is unreachable, the detail and a new store still answer, with effectivePlaylist null', async () => {
    const hq = await onboardHq(h);
    const storeId = (await createHqStore(h, hq)).store.id;
    h.catalog.setHqDefault(hq.hqId, h.catalog.addPlaylist(hq.hqId).id);
    h.catalog.unavailable = true;
    try {
      const res = await h.api('GET', `/api/v1/hq/stores/${storeId}`, { token: hq.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: storeId, activePlaylist: null, effectivePlaylist: null });
      const created = await h.api('POST', '/api/v1/hq/stores', { token: hq.token, body: { name: 'Offline catalog' } });
      expect(created.status).toBe(201);
      expect(created.body.store).toMatchObject({ effectivePlaylist: null });
    } finally {
      h.catalog.unavailable = false;
    }
  });
});

describe('device playlists in store mode', () => {
  it('GET /api/v1/store/devices shows each device its own playlist; a device catalog-search does not list follows the store (null)', async () => {
    const hq = await onboardHq(h);
    const s = await storeWithDevices(hq);
    const own = h.catalog.addPlaylist(hq.hqId, { name: 'Back room' });
    h.catalog.setDevicePlaylist(hq.hqId, s.storeId, s.second.id, own.id);
    const res = await h.api('GET', '/api/v1/store/devices', { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body.items.map((d: { id: string; playlist: unknown }) => [d.id, d.playlist])).toEqual([
      [s.first.id, null],
      [s.second.id, { id: own.id, name: 'Back room' }],
    ]);
  });

  it('when catalog-search is unreachable, the device list still answers with every playlist null', async () => {
    const hq = await onboardHq(h);
    const s = await storeWithDevices(hq);
    h.catalog.setDevicePlaylist(hq.hqId, s.storeId, s.first.id, h.catalog.addPlaylist(hq.hqId).id);
    h.catalog.unavailable = true;
    try {
      const res = await h.api('GET', '/api/v1/store/devices', { token: s.token });
      expect(res.status).toBe(200);
      expect(res.body.items.map((d: { playlist: unknown }) => d.playlist)).toEqual([null, null]);
    } finally {
      h.catalog.unavailable = false;
    }
  });

  it('PUT .../devices/{deviceId}/playlist sets the device playlist in catalog-search, GET reads it, null follows the store again; audit STORE_DEVICE_PLAYLIST_UPDATED', async () => {
    const hq = await onboardHq(h);
    const s = await storeWithDevices(hq);
    const playlist = h.catalog.addPlaylist(hq.hqId, { name: 'Lunch' });

    const set = await h.api('PUT', `/api/v1/store/devices/${s.first.id}/playlist`, { token: s.token, body: { playlistId: playlist.id } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ deviceId: s.first.id, playlist: { id: playlist.id, name: 'Lunch' } });
    expect(h.catalog.devicePlaylist(hq.hqId, s.storeId, s.first.id)).toBe(playlist.id);
    expect((await h.api('GET', `/api/v1/store/devices/${s.first.id}/playlist`, { token: s.token })).body).toEqual(set.body);
    const [audit] = await auditOf(h, 'STORE_DEVICE_PLAYLIST_UPDATED', s.first.id);
    expect(audit).toMatchObject({ target_type: 'DEVICE', store_id: s.storeId, hq_id: hq.hqId, detail: { playlistId: playlist.id, playlistName: 'Lunch' } });

    const cleared = await h.api('PUT', `/api/v1/store/devices/${s.first.id}/playlist`, { token: s.token, body: { playlistId: null } });
    expect(cleared.body).toEqual({ deviceId: s.first.id, playlist: null });
    expect(h.catalog.devicePlaylist(hq.hqId, s.storeId, s.first.id)).toBeUndefined();
  });

  it('a playlist of another HQ or a missing one is 404 PLAYLIST_NOT_FOUND; a revoked, foreign or unknown device is 404 STORE_DEVICE_NOT_FOUND without asking catalog-search', async () => {
    const hq = await onboardHq(h);
    const other = await onboardHq(h);
    const s = await storeWithDevices(hq);
    const foreignStore = await storeWithDevices(other);
    for (const playlistId of [h.catalog.addPlaylist(other.hqId).id, newId()]) {
      const res = await h.api('PUT', `/api/v1/store/devices/${s.first.id}/playlist`, { token: s.token, body: { playlistId } });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('PLAYLIST_NOT_FOUND');
    }
    await h.api('DELETE', `/api/v1/store/devices/${s.second.id}`, { token: s.token });
    const asked = h.catalog.calls.length;
    const playlistId = h.catalog.addPlaylist(hq.hqId).id;
    for (const deviceId of [s.second.id, foreignStore.first.id, newId()]) {
      const res = await h.api('PUT', `/api/v1/store/devices/${deviceId}/playlist`, { token: s.token, body: { playlistId } });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('STORE_DEVICE_NOT_FOUND');
    }
    expect(h.catalog.calls.length).toBe(asked);
  });

  it('setting or reading a device playlist while catalog-search is unreachable answers 503 SERVICE_UNAVAILABLE', async () => {
    const hq = await onboardHq(h);
    const s = await storeWithDevices(hq);
    h.catalog.unavailable = true;
    try {
      const set = await h.api('PUT', `/api/v1/store/devices/${s.first.id}/playlist`, { token: s.token, body: { playlistId: null } });
      expect(set.status).toBe(503);
      expect(set.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect((await h.api('GET', `/api/v1/store/devices/${s.first.id}/playlist`, { token: s.token })).status).toBe(503);
    } finally {
      h.catalog.unavailable = false;
    }
    expect(await auditOf(h, 'STORE_DEVICE_PLAYLIST_UPDATED', s.first.id)).toHaveLength(0);
  });

  it('a playlistId that is not a UUID, or a missing key, is 400 VALIDATION_FAILED', async () => {
    const hq = await onboardHq(h);
    const s = await storeWithDevices(hq);
    for (const body of [{ playlistId: 'nope' }, {}]) {
      const res = await h.api('PUT', `/api/v1/store/devices/${s.first.id}/playlist`, { token: s.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
  });
});
