import { callUnary, deadlineInterceptor } from '@storecast/service-kit';
import { createCatalogClient, type CatalogServiceClient } from '@storecast/proto';
import { sql } from 'drizzle-orm';
import { startHarness, type Harness } from './support/harness';
import { mp3Form, sineMp3 } from './support/mp3';

const DAY = 24 * 60 * 60 * 1000;

describe('catalog-search for other services (gRPC) and the purge of deleted music', () => {
  let h: Harness;
  let client: CatalogServiceClient;
  let hqId: string;
  let storeId: string;
  let deviceId: string;
  let storeList: string;
  let deviceList: string;
  let defaultList: string;
  const music: Record<string, string> = {};

  const upload = async (title: string, source: 'AI' | 'TRUST') =>
    (await h.call('POST', `/api/v1/admin/music?title=${title}&durationSeconds=30&musicSource=${source}`, { token: h.operator, form: mp3Form(sineMp3()) })).body.id as string;
  const playlist = async (name: string, libraryIds: string[]) => {
    const id = (await h.call('POST', '/api/v1/admin/playlists', { token: h.operator, body: { hqId, name } })).body.id as string;
    await h.call('PUT', `/api/v1/admin/playlists/${id}/libraries`, { token: h.operator, body: { libraryIds } });
    return id;
  };

  beforeAll(async () => {
    h = await startHarness();
    client = createCatalogClient(`127.0.0.1:${h.service.grpcPort}`, { interceptors: [deadlineInterceptor(3000)] });
    hqId = h.organization.addHq({ plan: 'TRUST' }).id;
    storeId = h.organization.addStore(hqId).id;
    deviceId = h.organization.addDevice(storeId).id;
    music.ai = await upload('ai', 'AI');
    music.trust = await upload('trust', 'TRUST');
    const lib = async (type: string, ids: string[]) => {
      const id = (await h.call('POST', '/api/v1/admin/libraries', { token: h.operator, body: { name: type, type } })).body.id as string;
      await h.call('POST', `/api/v1/admin/libraries/${id}/music`, { token: h.operator, body: { musicIds: ids } });
      return id;
    };
    const trustLib = await lib('TRUST', [music.trust]);
    const aiLib = await lib('AI', [music.ai]);
    defaultList = await playlist('Default', [aiLib]);
    storeList = await playlist('Store', [trustLib, aiLib]);
    deviceList = await playlist('Device', [aiLib]);
  });
  afterAll(async () => {
    client.close();
    await h.stop();
  });

  it('resolves a queue: device, else store, else HQ default, else none, naming the source', async () => {
    const resolve = (device?: string) => callUnary(client, 'resolvePlaylist', { hqId, storeId, deviceId: device });
    const none = await resolve();
    expect(none.source).toBe('NONE');
    expect(none.playlist ?? null).toBeNull();
    await h.call('PUT', `/api/v1/admin/hq/${hqId}/default-playlist`, { token: h.operator, body: { playlistId: defaultList } });
    expect(await resolve(deviceId)).toMatchObject({ source: 'DEFAULT', playlist: { id: defaultList, name: 'Default' } });
    await h.call('PUT', `/api/v1/admin/playlists/stores/${storeId}`, { token: h.operator, body: { playlistId: storeList } });
    expect(await resolve(deviceId)).toMatchObject({ source: 'STORE', playlist: { id: storeList } });
    await callUnary(client, 'setDevicePlaylist', { hqId, storeId, deviceId, playlistId: deviceList });
    expect(await resolve(deviceId)).toMatchObject({ source: 'DEVICE', playlist: { id: deviceList } });
    // Without the device, or with a wrong one, the store level answers.
    expect(await resolve()).toMatchObject({ source: 'STORE' });
    expect(await resolve('not-a-device')).toMatchObject({ source: 'STORE' });
  });

  it('gives organization the explicit assignments of a store (activePlaylist, device playlists)', async () => {
    const res = await callUnary(client, 'getStorePlaylists', { hqId, storeId });
    expect(res).toMatchObject({
      activePlaylist: { id: storeList, name: 'Store' },
      hqDefault: { id: defaultList, name: 'Default' },
      devices: [{ deviceId, playlist: { id: deviceList, name: 'Device' } }],
    });
    const otherStore = await callUnary(client, 'getStorePlaylists', { hqId, storeId: h.organization.addStore(hqId).id });
    expect(otherStore.activePlaylist ?? null).toBeNull();
    expect(otherStore.devices).toEqual([]);
    const cleared = await callUnary(client, 'setDevicePlaylist', { hqId, storeId, deviceId });
    expect(cleared.devices).toEqual([]);
    await expect(callUnary(client, 'setDevicePlaylist', { hqId: h.organization.addHq({ plan: 'TRUST' }).id, storeId, deviceId, playlistId: deviceList })).rejects.toMatchObject({ code: 'PLAYLIST_NOT_FOUND' });
    await expect(callUnary(client, 'getStorePlaylists', { hqId: 'x', storeId })).rejects.toMatchObject({ httpStatus: 400 });
  });

  it('lists the playable music of a playlist by plan: TRUST plays TRUST and AI, AI plays AI, none plays all', async () => {
    const playable = async (plan?: string) => (await callUnary(client, 'listPlayableMusic', { playlistId: storeList, hqId, plan })).music.map((m) => m.id);
    expect(await playable('TRUST')).toEqual([music.trust, music.ai]);
    expect(await playable()).toEqual([music.trust, music.ai]);
    expect(await playable('AI')).toEqual([music.ai]);
    const full = await callUnary(client, 'listPlayableMusic', { playlistId: storeList, plan: 'AI' });
    expect(full.music[0]).toMatchObject({ id: music.ai, title: 'ai', durationSeconds: 30, musicSource: 'AI', audioUrl: expect.stringContaining(`music/${music.ai}.mp3`) });
    await expect(callUnary(client, 'listPlayableMusic', { playlistId: storeList, hqId: h.organization.addHq({ plan: 'TRUST' }).id })).rejects.toMatchObject({ code: 'PLAYLIST_NOT_FOUND' });
  });

  it('answers music by ids, soft-deleted included with deletedAt, unknown ids left out', async () => {
    const gone = await upload('gone', 'AI');
    await h.call('DELETE', `/api/v1/admin/music/${gone}`, { token: h.operator });
    const res = await callUnary(client, 'getMusicByIds', { ids: [music.ai!, gone, '0190c6a0-0000-7000-8000-000000000000', 'junk'] });
    const byId = new Map(res.music.map((m) => [m.id, m]));
    expect([...byId.keys()].sort()).toEqual([music.ai, gone].sort());
    expect(byId.get(gone)!.deletedAt).toBe(h.clock.now().toISOString());
    expect(byId.get(music.ai!)!.deletedAt).toBeFalsy();
  });

  describe('purge', () => {
    it('removes music deleted more than 90 days ago with its file, library links and moods, once, and announces it', async () => {
      const old = await upload('old', 'AI');
      const recent = await upload('recent', 'AI');
      const lib = (await h.call('POST', '/api/v1/admin/libraries', { token: h.operator, body: { name: 'purge', type: 'AI' } })).body.id;
      await h.call('POST', `/api/v1/admin/libraries/${lib}/music`, { token: h.operator, body: { musicIds: [old, recent] } });
      await h.call('DELETE', `/api/v1/admin/music/${old}`, { token: h.operator });
      h.clock.advance(80 * DAY);
      await h.call('DELETE', `/api/v1/admin/music/${recent}`, { token: h.operator });
      h.clock.advance(10 * DAY + 1000);

      const purged = await h.service.purgeNow();
      expect(purged).toBeGreaterThanOrEqual(1);
      const rows = await h.service.runtime.db.execute<{ id: string }>(sql`select id from music where id in (${old}, ${recent})`);
      expect(rows.rows.map((r) => r.id)).toEqual([recent]);
      const links = await h.service.runtime.db.execute<{ music_id: string }>(sql`select music_id from library_music where library_id = ${lib}`);
      expect(links.rows.map((r) => r.music_id)).toEqual([recent]);
      expect(await h.service.ctx.storage.exists(`music/${old}.mp3`)).toBe(false);
      expect(await h.service.ctx.storage.exists(`music/${recent}.mp3`)).toBe(true);
      expect((await h.events('catalog.music.purged')).map((e) => e.data)).toContainEqual({ musicId: old });
      // A second run finds nothing new.
      expect(await h.service.purgeNow()).toBe(0);
    });

    it('two replicas purging at once never purge the same music twice', async () => {
      const ids = [await upload('r1', 'AI'), await upload('r2', 'AI'), await upload('r3', 'AI')];
      for (const id of ids) await h.call('DELETE', `/api/v1/admin/music/${id}`, { token: h.operator });
      h.clock.advance(91 * DAY);
      const before = (await h.events('catalog.music.purged')).length;
      const [a, b] = await Promise.all([h.service.purgeNow(), h.service.purgeNow()]);
      const purged = (await h.events('catalog.music.purged')).slice(before).map((e) => e.data.musicId);
      // The three, plus 'recent' of the test before, now past its 90 days too: each exactly once.
      expect(purged).toHaveLength(a + b);
      expect(new Set(purged).size).toBe(purged.length);
      expect(purged).toEqual(expect.arrayContaining(ids));
    });
  });
});
