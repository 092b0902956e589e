import { AppError, newId } from '@storecast/service-kit';
import { eventually } from '@storecast/service-kit/testing';
import { musicOf, playlistOf, startHarness, type Harness, type Tenant } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

const QUEUE = '/api/v1/store/playback/queue';
type Item = { type: 'MUSIC'; musicId: string; title: string } | { type: 'COMMERCIAL'; commercialId: string; overlay: true; duckMusic: boolean };
const queue = (token: string, deviceId?: string) => h.api('GET', deviceId === undefined ? QUEUE : `${QUEUE}?deviceId=${encodeURIComponent(deviceId)}`, { token });
const musicIds = (items: Item[]) => items.filter((i) => i.type === 'MUSIC').map((i) => (i as { musicId: string }).musicId);
const commercialIds = (items: Item[]) => items.filter((i) => i.type === 'COMMERCIAL').map((i) => (i as { commercialId: string }).commercialId);
/** Sorted ids (UUID v7 from newId() ascend anyway; sorting keeps the test honest). */
const ascendingIds = (n: number) => Array.from({ length: n }, () => newId()).sort();

/** A tenant whose store plays `count` AI songs from its active playlist. */
const storeWithSongs = (count: number, options: { plan?: 'AI' | 'TRUST' | null } = {}): Tenant & { songs: string[] } => {
  const t = h.tenant(options);
  const songs = Array.from({ length: count }, (_, i) => musicOf(h, 'AI', `Song ${i}`));
  h.catalog.setStorePlaylist(t.hqId, t.storeId, playlistOf(h, t.hqId, songs).id);
  return { ...t, songs: songs.map((s) => s.id) };
};

describe('queue resolution (device → store → HQ default → none)', () => {
  it('a valid device with its own playlist plays it (source DEVICE); another device and the store play the store\'s (STORE)', async () => {
    const t = h.tenant();
    const deviceId = newId();
    const otherDevice = newId();
    h.organization.setDevice({ id: deviceId, storeId: t.storeId });
    h.organization.setDevice({ id: otherDevice, storeId: t.storeId });
    const storeSong = musicOf(h, 'AI', 'Store song');
    const deviceSong = musicOf(h, 'AI', 'Device song');
    const storeList = playlistOf(h, t.hqId, [storeSong], 'Store list');
    const deviceList = playlistOf(h, t.hqId, [deviceSong], 'Device list');
    h.catalog.setStorePlaylist(t.hqId, t.storeId, storeList.id);
    h.catalog.setDevicePlaylist(t.hqId, t.storeId, deviceId, deviceList.id);

    const own = await queue(t.storeToken, deviceId);
    expect(own.status).toBe(200);
    expect(own.body).toEqual(expect.objectContaining({ storeId: t.storeId, deviceId, source: 'DEVICE', playlist: { id: deviceList.id, name: 'Device list' } }));
    expect(musicIds(own.body.items)).toEqual([deviceSong.id]);
    expect(own.body.items[0]).toEqual(expect.objectContaining({ type: 'MUSIC', title: 'Device song', musicSource: 'AI', audioUrl: expect.stringContaining(deviceSong.id) }));

    const follower = await queue(t.storeToken, otherDevice);
    expect([follower.body.source, follower.body.deviceId, musicIds(follower.body.items)]).toEqual(['STORE', otherDevice, [storeSong.id]]);
    const store = await queue(t.storeToken);
    expect([store.body.source, store.body.deviceId, store.body.playlist.name]).toEqual(['STORE', null, 'Store list']);
  });

  it('a revoked, foreign or malformed deviceId falls back to the store (deviceId null), never an error', async () => {
    const t = h.tenant();
    const revoked = newId();
    h.organization.setDevice({ id: revoked, storeId: t.storeId, revoked: true });
    const list = playlistOf(h, t.hqId, [musicOf(h, 'AI')]);
    h.catalog.setDevicePlaylist(t.hqId, t.storeId, revoked, playlistOf(h, t.hqId, [musicOf(h, 'AI')]).id);
    h.catalog.setStorePlaylist(t.hqId, t.storeId, list.id);
    for (const deviceId of [revoked, newId(), 'tablet-1', '']) {
      const res = await queue(t.storeToken, deviceId);
      expect([res.status, res.body.source, res.body.deviceId, res.body.playlist.id]).toEqual([200, 'STORE', null, list.id]);
    }
  });

  it('a store without an active playlist plays the HQ default (source DEFAULT); without a default the queue is empty (NONE)', async () => {
    const t = h.tenant();
    const song = musicOf(h, 'AI');
    const def = playlistOf(h, t.hqId, [song], 'Default');
    h.catalog.setHqDefault(t.hqId, def.id);
    const fallback = await queue(t.storeToken);
    expect([fallback.body.source, fallback.body.playlist, musicIds(fallback.body.items)]).toEqual(['DEFAULT', { id: def.id, name: 'Default' }, [song.id]]);

    h.catalog.setHqDefault(t.hqId, null);
    const none = await queue(t.storeToken);
    expect([none.status, none.body.source, none.body.playlist, none.body.items]).toEqual([200, 'NONE', null, []]);
  });

  it('the answer carries the effective ducking values and commercial cycle of the store', async () => {
    const t = h.tenant();
    h.organization.setHq({ id: t.hqId, duckEnabled: true, duckVolumePercent: 35, duckFadeMs: 800, commercialCycleSongs: 7 });
    h.organization.setStore({ id: t.storeId, duckVolumePercent: 10, commercialCycleSongs: 3 });
    const res = await queue(t.storeToken);
    expect(res.body).toEqual(
      expect.objectContaining({ ducking: { enabled: true, volumePercent: 10, fadeMs: 800 }, commercialCycleSongs: 3, settingsAvailable: true, generatedAt: '2026-03-02T00:00:00.000Z' }),
    );
  });
});

describe('plan filtering', () => {
  const mixed = (plan: 'AI' | 'TRUST' | null) => {
    const t = h.tenant({ plan });
    const trust = musicOf(h, 'TRUST');
    const ai = musicOf(h, 'AI');
    h.catalog.setStorePlaylist(t.hqId, t.storeId, playlistOf(h, t.hqId, [trust, ai]).id);
    return { t, trust: trust.id, ai: ai.id };
  };

  it('plan TRUST plays TRUST and AI music', async () => {
    const { t, trust, ai } = mixed('TRUST');
    const res = await queue(t.storeToken);
    expect([res.body.plan, musicIds(res.body.items)]).toEqual(['TRUST', [trust, ai]]);
  });

  it('plan AI plays AI music only', async () => {
    const { t, ai } = mixed('AI');
    const res = await queue(t.storeToken);
    expect([res.body.plan, musicIds(res.body.items)]).toEqual(['AI', [ai]]);
    expect(h.catalog.calls.filter((c) => c.method === 'ListPlayableMusic').at(-1)!.request).toEqual(expect.objectContaining({ plan: 'AI', hqId: t.hqId }));
  });

  it('no plan plays all music', async () => {
    const { t, trust, ai } = mixed(null);
    const res = await queue(t.storeToken);
    expect([res.body.plan, musicIds(res.body.items)]).toEqual([null, [trust, ai]]);
  });

  it('when organization cannot be asked for settings the queue still plays: AI music only, cycle 5, default ducking', async () => {
    const { t, ai } = mixed('TRUST');
    // The store is found (scope check) but its settings cannot be read.
    const original = h.service.context.organization.effectiveSettings;
    h.service.context.organization.effectiveSettings = async () => {
      throw new AppError(503, 'SERVICE_UNAVAILABLE', 'organization is unavailable');
    };
    try {
      const res = await queue(t.storeToken);
      expect(res.body).toEqual(
        expect.objectContaining({ plan: 'AI', commercialCycleSongs: 5, settingsAvailable: false, ducking: { enabled: true, volumePercent: 20, fadeMs: 400 } }),
      );
      expect(musicIds(res.body.items)).toEqual([ai]);
    } finally {
      h.service.context.organization.effectiveSettings = original;
    }
  });

  it('when organization is unreachable altogether the store cannot be verified: 503', async () => {
    const t = h.tenant();
    h.organization.unavailable = true;
    try {
      const res = await queue(t.storeToken);
      expect([res.status, res.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
    } finally {
      h.organization.unavailable = false;
    }
  });

  it('when the catalog is unreachable the queue answers 503', async () => {
    const t = h.tenant();
    h.catalog.unavailable = true;
    try {
      expect((await queue(t.storeToken)).status).toBe(503);
    } finally {
      h.catalog.unavailable = false;
    }
  });
});

describe('commercial songs', () => {
  it('one commercial overlay follows every N songs, round-robin in ascending id, and the next read goes on from the cursor', async () => {
    const t = storeWithSongs(7);
    h.organization.setStore({ id: t.storeId, commercialCycleSongs: 3 });
    const [a, b, c] = ascendingIds(3);
    for (const id of [c!, a!, b!]) h.commercials.add({ id, hqId: t.hqId });
    const first = await queue(t.storeToken);
    expect(first.body.items.map((i: Item) => i.type)).toEqual(['MUSIC', 'MUSIC', 'MUSIC', 'COMMERCIAL', 'MUSIC', 'MUSIC', 'MUSIC', 'COMMERCIAL', 'MUSIC']);
    expect(commercialIds(first.body.items)).toEqual([a, b]);
    expect(first.body.items[3]).toEqual(expect.objectContaining({ overlay: true, duckMusic: true, durationSeconds: 15, audioUrl: expect.stringContaining(a!) }));
    expect(musicIds(first.body.items)).toEqual(t.songs);
    expect(commercialIds((await queue(t.storeToken)).body.items)).toEqual([c, a]);
    expect(commercialIds((await queue(t.storeToken)).body.items)).toEqual([b, c]);
  });

  it('a cycle below 1 is 5; a queue shorter than the cycle carries no commercial and leaves the cursor alone', async () => {
    const t = storeWithSongs(10);
    h.organization.setStore({ id: t.storeId, commercialCycleSongs: 0 });
    const [a, b] = ascendingIds(2);
    h.commercials.add({ id: a!, hqId: t.hqId });
    h.commercials.add({ id: b!, hqId: t.hqId });
    const res = await queue(t.storeToken);
    expect(res.body.commercialCycleSongs).toBe(5);
    expect(res.body.items.map((i: Item) => i.type).join(',')).toBe('MUSIC,MUSIC,MUSIC,MUSIC,MUSIC,COMMERCIAL,MUSIC,MUSIC,MUSIC,MUSIC,MUSIC,COMMERCIAL');

    const short = storeWithSongs(4);
    h.commercials.add({ id: newId(), hqId: short.hqId });
    expect(commercialIds((await queue(short.storeToken)).body.items)).toEqual([]);
    expect((await h.pool.query('select * from commercial_cursors where store_id = $1', [short.storeId])).rows).toEqual([]);
  });

  it('the cursor is kept per store: two stores of one HQ each start at the first song', async () => {
    const t = storeWithSongs(5);
    h.catalog.setStorePlaylist(t.hqId, t.otherStoreId, h.catalog.storePlaylist(t.hqId, t.storeId)!);
    const [a, b] = ascendingIds(2);
    h.commercials.add({ id: a!, hqId: t.hqId });
    h.commercials.add({ id: b!, hqId: t.hqId });
    expect(commercialIds((await queue(t.storeToken)).body.items)).toEqual([a]);
    expect(commercialIds((await queue(t.otherStoreToken)).body.items)).toEqual([a]);
    expect(commercialIds((await queue(t.storeToken)).body.items)).toEqual([b]);
  });

  it('inactive and soft-deleted songs are skipped; a cursor on a soft-deleted song goes on with the next greater id', async () => {
    const t = storeWithSongs(5);
    const [a, b, c, d] = ascendingIds(4);
    for (const id of [a!, b!, c!, d!]) h.commercials.add({ id, hqId: t.hqId });
    expect(commercialIds((await queue(t.storeToken)).body.items)).toEqual([a]);
    expect(commercialIds((await queue(t.storeToken)).body.items)).toEqual([b]);
    h.commercials.add({ id: b!, hqId: t.hqId, deleted: true });
    h.commercials.add({ id: c!, hqId: t.hqId, active: false });
    expect(commercialIds((await queue(t.storeToken)).body.items)).toEqual([d]);
    expect(commercialIds((await queue(t.storeToken)).body.items)).toEqual([a]);
  });

  it('a song deleted for good (dispatch.commercial.purged) clears the cursors on it: those stores start again from the first', async () => {
    const t = storeWithSongs(5);
    const [a, b, c] = ascendingIds(3);
    for (const id of [a!, b!, c!]) h.commercials.add({ id, hqId: t.hqId });
    await queue(t.storeToken);
    expect(commercialIds((await queue(t.storeToken)).body.items)).toEqual([b]);
    h.commercials.purge(b!);
    await h.publish('dispatch.commercial.purged', { commercialId: b!, hqId: t.hqId });
    await eventually(async () => {
      const { rows } = await h.pool.query('select commercial_id from commercial_cursors where store_id = $1', [t.storeId]);
      expect(rows[0].commercial_id).toBeNull();
    });
    // Without the purge the next would be c; the cleared cursor starts at a.
    expect(commercialIds((await queue(t.storeToken)).body.items)).toEqual([a]);
    expect(commercialIds((await queue(t.storeToken)).body.items)).toEqual([c]);
  });

  it('catalog.music.purged clears a cursor on that id too, and leaves other cursors alone', async () => {
    const t = storeWithSongs(5);
    const other = storeWithSongs(5);
    const [a] = ascendingIds(1);
    h.commercials.add({ id: a!, hqId: t.hqId });
    h.commercials.add({ id: newId(), hqId: other.hqId });
    await queue(t.storeToken);
    await queue(other.storeToken);
    await h.publish('catalog.music.purged', { musicId: a! });
    await eventually(async () => {
      const { rows } = await h.pool.query('select store_id, commercial_id from commercial_cursors where store_id = any($1) order by store_id', [[t.storeId, other.storeId]]);
      expect(rows.find((r) => r.store_id === t.storeId).commercial_id).toBeNull();
      expect(rows.find((r) => r.store_id === other.storeId).commercial_id).not.toBeNull();
    });
  });

  it('concurrent reads of one store take successive commercials, never the same twice', async () => {
    const t = storeWithSongs(5);
    const ids = ascendingIds(6);
    for (const id of ids) h.commercials.add({ id, hqId: t.hqId });
    const answers = await Promise.all(Array.from({ length: 6 }, () => queue(t.storeToken)));
    // Every read answers (a refusal shows its status and body here, not as a missing list below).
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.body])).toEqual([]);
    expect(answers.flatMap((a) => commercialIds(a.body.items)).sort()).toEqual(ids);
  });

  it('no commercials of the HQ, or announcement-dispatch unreachable, gives the music alone (commercialsAvailable false when unreachable)', async () => {
    const t = storeWithSongs(6);
    const empty = await queue(t.storeToken);
    expect([commercialIds(empty.body.items), empty.body.commercialsAvailable]).toEqual([[], true]);
    h.commercials.add({ id: newId(), hqId: t.hqId });
    h.commercials.down = true;
    try {
      const res = await queue(t.storeToken);
      expect([res.status, commercialIds(res.body.items), musicIds(res.body.items).length, res.body.commercialsAvailable]).toEqual([200, [], 6, false]);
    } finally {
      h.commercials.down = false;
    }
  });

  it('commercials of another HQ never reach the store', async () => {
    const t = storeWithSongs(5);
    const foreign = h.tenant();
    h.commercials.add({ id: newId(), hqId: foreign.hqId });
    expect(commercialIds((await queue(t.storeToken)).body.items)).toEqual([]);
  });

  it('ducking off: the commercial is still an overlay, without ducking the music', async () => {
    const t = storeWithSongs(5);
    h.organization.setStore({ id: t.storeId, duckEnabled: false });
    h.commercials.add({ id: newId(), hqId: t.hqId });
    const res = await queue(t.storeToken);
    expect(res.body.items.find((i: Item) => i.type === 'COMMERCIAL')).toEqual(expect.objectContaining({ overlay: true, duckMusic: false }));
  });
});

describe('queue access', () => {
  it('only a store manager of an existing store reads its queue', async () => {
    const t = h.tenant();
    expect((await queue(t.hqToken)).status).toBe(403);
    expect((await queue(h.env.sign({ role: 'STORE_MANAGER', storeId: newId() }))).body.error.code).toBe('PRINCIPAL_SCOPE_MISMATCH');
    expect((await h.api('GET', QUEUE)).status).toBe(401);
    expect((await h.api.unchecked('GET', `${QUEUE}?deviceId=${'x'.repeat(500)}`, { token: t.storeToken })).status).toBe(400);
  });
});
