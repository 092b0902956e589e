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

describe('commercial songs (counted from the songs the store reported played)', () => {
  const REPORT = '/api/v1/store/playback/report';
  const report = (token: string, body: Record<string, unknown>) => h.api('POST', REPORT, { token, body });
  let second = 0;
  /** A new play's start (each call a later instant, so every play is a new one). */
  const nextStart = () => new Date(Date.UTC(2026, 2, 1, 0, 0, ++second)).toISOString();
  /** `n` new plays of the store's songs. */
  const songPlays = (t: { songs: string[] }, n: number) => Array.from({ length: n }, (_, i) => ({ musicId: t.songs[i % t.songs.length]!, startedAt: nextStart(), playedMs: 180_000 }));
  const reportSongs = async (t: Tenant & { songs: string[] }, n: number, extra: Record<string, unknown> = {}) => {
    const res = await report(t.storeToken, { state: 'PLAYING', logs: songPlays(t, n), ...extra });
    expect([res.status, res.body.recordedLogCount]).toEqual([200, n]);
    return res;
  };
  const reportCommercial = (token: string, commercialId: string, startedAt = nextStart(), extra: Record<string, unknown> = {}) =>
    report(token, { state: 'PLAYING', commercialPlays: [{ commercialId, startedAt, playedMs: 15_000 }], ...extra });
  const types = (items: Item[]) => items.map((i) => (i.type === 'MUSIC' ? 'M' : 'C')).join('');
  const cadenceOf = async (storeId: string) =>
    (await h.pool.query('select commercial_id, songs_since_commercial from commercial_cursors where store_id = $1', [storeId])).rows[0] as
      | { commercial_id: string | null; songs_since_commercial: number }
      | undefined;
  /** A store with `songs` songs, cycle `cycle` and commercial songs a < b < c … of its HQ (added out of order). */
  const storeWithCommercials = (songs: number, cycle: number, commercials: number) => {
    const t = storeWithSongs(songs);
    h.organization.setStore({ id: t.storeId, commercialCycleSongs: cycle });
    const ids = ascendingIds(commercials);
    for (const id of [...ids].reverse()) h.commercials.add({ id, hqId: t.hqId });
    return { t, ids };
  };

  it('when nothing was played yet, one commercial overlay follows every N songs, round-robin in ascending id', async () => {
    const { t, ids: [a, b] } = storeWithCommercials(7, 3, 3);
    const first = await queue(t.storeToken);
    expect(types(first.body.items)).toBe('MMMCMMMCM');
    expect([first.body.songsUntilCommercial, first.body.commercialCycleSongs]).toEqual([3, 3]);
    expect(commercialIds(first.body.items)).toEqual([a, b]);
    expect(first.body.items[3]).toEqual(expect.objectContaining({ type: 'COMMERCIAL', commercialId: a, title: expect.any(String), overlay: true, duckMusic: true, durationSeconds: 15, audioUrl: expect.stringContaining(a!) }));
    expect(musicIds(first.body.items)).toEqual(t.songs);
  });

  it('reading the queue again (a reload, another device) answers the same commercials and writes nothing', async () => {
    const { t, ids: [a, b] } = storeWithCommercials(7, 3, 3);
    const deviceId = newId();
    h.organization.setDevice({ id: deviceId, storeId: t.storeId });
    const answers = [await queue(t.storeToken), await queue(t.storeToken), await queue(t.storeToken, deviceId)];
    expect(answers.map((a) => [types(a.body.items), commercialIds(a.body.items), a.body.songsUntilCommercial])).toEqual(Array(3).fill(['MMMCMMMCM', [a, b], 3]));
    expect(await cadenceOf(t.storeId)).toBeUndefined();
  });

  it('concurrent reads of one store all answer the same commercials', async () => {
    const { t, ids: [a] } = storeWithCommercials(5, 5, 6);
    const answers = await Promise.all(Array.from({ length: 6 }, () => queue(t.storeToken)));
    // Every read answers (a refusal shows its status and body here, not as a missing list below).
    expect(answers.filter((r) => r.status !== 200).map((r) => [r.status, r.body])).toEqual([]);
    expect(answers.map((r) => commercialIds(r.body.items))).toEqual(Array(6).fill([a]));
  });

  it('when N songs were reported played, the next queue starts with a commercial', async () => {
    const { t, ids: [a, b] } = storeWithCommercials(4, 3, 3);
    await reportSongs(t, 3);
    const res = await queue(t.storeToken);
    expect([types(res.body.items), res.body.songsUntilCommercial, commercialIds(res.body.items)]).toEqual(['CMMMCM', 0, [a, b]]);
  });

  it('when some of the N songs were reported played, the first commercial comes after the rest of them', async () => {
    const { t } = storeWithCommercials(5, 3, 2);
    await reportSongs(t, 2);
    const res = await queue(t.storeToken);
    expect([types(res.body.items), res.body.songsUntilCommercial]).toEqual(['MCMMMCM', 1]);
  });

  it('when the commercial is reported played, the cursor moves on and the count starts again', async () => {
    const { t, ids: [a, b, c] } = storeWithCommercials(4, 3, 3);
    await reportSongs(t, 4);
    expect(commercialIds((await queue(t.storeToken)).body.items)).toEqual([a, b]);
    const played = await reportCommercial(t.storeToken, a!);
    expect(played.body).toEqual({ recordedLogCount: 0, recordedCommercialCount: 1 });
    // 4 songs played, the commercial took 3 of them: one left, two more before the next.
    const next = await queue(t.storeToken);
    expect([types(next.body.items), next.body.songsUntilCommercial, commercialIds(next.body.items)]).toEqual(['MMCMM', 2, [b]]);
    expect(await cadenceOf(t.storeId)).toEqual({ commercial_id: a, songs_since_commercial: 1 });
    await reportSongs(t, 2);
    await reportCommercial(t.storeToken, b!);
    await reportSongs(t, 3);
    expect(commercialIds((await queue(t.storeToken)).body.items)).toEqual([c, a]);
  });

  it('songs and the commercial in one report: the songs count first, then the commercial takes N off', async () => {
    const { t, ids: [a, b] } = storeWithCommercials(6, 3, 2);
    const res = await reportSongs(t, 5, { commercialPlays: [{ commercialId: a, startedAt: nextStart() }] });
    expect(res.body).toEqual({ recordedLogCount: 5, recordedCommercialCount: 1 });
    const next = await queue(t.storeToken);
    expect([next.body.songsUntilCommercial, commercialIds(next.body.items)[0]]).toEqual([1, b]);
  });

  it('duplicate reports count once: a retried batch, the same plays again with more, the same commercial twice', async () => {
    const { t } = storeWithCommercials(6, 5, 2);
    const logs = songPlays(t, 3);
    expect((await report(t.storeToken, { state: 'PLAYING', logs })).body).toEqual({ recordedLogCount: 3 });
    expect((await report(t.storeToken, { state: 'PLAYING', logs })).body).toEqual({ recordedLogCount: 0 });
    expect((await report(t.storeToken, { state: 'PAUSED', logs: [...logs].reverse() })).body).toEqual({ recordedLogCount: 0 });
    expect((await report(t.storeToken, { state: 'PLAYING', logs: [...logs, ...songPlays(t, 1)] })).body).toEqual({ recordedLogCount: 1 });
    expect((await queue(t.storeToken)).body.songsUntilCommercial).toBe(1);
    expect(await cadenceOf(t.storeId)).toEqual({ commercial_id: null, songs_since_commercial: 4 });

    await reportSongs(t, 6);
    const [id] = commercialIds((await queue(t.storeToken)).body.items);
    const startedAt = nextStart();
    expect((await reportCommercial(t.storeToken, id!, startedAt)).body).toEqual({ recordedLogCount: 0, recordedCommercialCount: 1 });
    expect((await reportCommercial(t.storeToken, id!, startedAt)).body).toEqual({ recordedLogCount: 0, recordedCommercialCount: 0 });
    expect(await cadenceOf(t.storeId)).toEqual({ commercial_id: id, songs_since_commercial: 5 });
  });

  it('identical reports sent at once, and the store\'s devices reporting their own plays, count every play exactly once', async () => {
    const { t, ids: [a] } = storeWithCommercials(5, 5, 2);
    const [d1, d2] = [newId(), newId()];
    for (const id of [d1, d2]) h.organization.setDevice({ id, storeId: t.storeId });
    const logs = songPlays(t, 4);
    const commercialPlays = [{ commercialId: a, startedAt: nextStart() }];
    const answers = await Promise.all(Array.from({ length: 6 }, () => report(t.storeToken, { state: 'PLAYING', logs, commercialPlays })));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(answers.reduce((n, r) => n + r.body.recordedLogCount, 0)).toBe(4);
    expect(answers.reduce((n, r) => n + r.body.recordedCommercialCount, 0)).toBe(1);
    // 4 songs, then the commercial took 5: 0 left. Each device's plays add to the store's count.
    const devices = await Promise.all([d1, d2].map((deviceId) => report(t.storeToken, { state: 'PLAYING', deviceId, logs: songPlays(t, 2) })));
    expect(devices.map((r) => r.body)).toEqual([{ recordedLogCount: 2 }, { recordedLogCount: 2 }]);
    expect((await queue(t.storeToken, d1)).body.songsUntilCommercial).toBe(1);
    expect(await cadenceOf(t.storeId)).toEqual({ commercial_id: a, songs_since_commercial: 4 });
  });

  it('plays reported late and out of order after an offline spell count once; an older commercial play does not move the cursor back', async () => {
    const { t, ids: [a, b, c] } = storeWithCommercials(5, 2, 3);
    // Played in this order: 3 songs and commercial a offline, then commercial b and 3 songs online.
    const offline = songPlays(t, 3);
    const early = nextStart();
    const late = nextStart();
    const online = songPlays(t, 3);
    expect((await reportCommercial(t.storeToken, b!, late)).body.recordedCommercialCount).toBe(1);
    expect((await report(t.storeToken, { state: 'PLAYING', logs: online })).body.recordedLogCount).toBe(3);
    // The offline spell's plays arrive last, songs in reverse order, one of them twice.
    expect((await report(t.storeToken, { state: 'PLAYING', logs: [...offline, offline[0]].reverse() })).body.recordedLogCount).toBe(3);
    expect((await reportCommercial(t.storeToken, a!, early)).body.recordedCommercialCount).toBe(1);
    // 6 songs, two commercials of 2 each (the first found nothing to take): 4; the cursor stays on b, the later play.
    expect(await cadenceOf(t.storeId)).toEqual({ commercial_id: b, songs_since_commercial: 4 });
    expect(commercialIds((await queue(t.storeToken)).body.items)[0]).toBe(c);
  });

  it('the count never goes below 0: a commercial reported before N songs leaves the next one N songs away', async () => {
    const { t, ids: [a] } = storeWithCommercials(4, 3, 2);
    await reportSongs(t, 1);
    await reportCommercial(t.storeToken, a!);
    expect(await cadenceOf(t.storeId)).toEqual({ commercial_id: a, songs_since_commercial: 0 });
    expect((await queue(t.storeToken)).body.songsUntilCommercial).toBe(3);
  });

  it('a commercial play of an inactive, deleted, foreign or unknown song is skipped, the rest stored', async () => {
    const { t, ids: [a, b, c] } = storeWithCommercials(4, 3, 3);
    h.commercials.add({ id: b!, hqId: t.hqId, active: false });
    h.commercials.add({ id: c!, hqId: t.hqId, deleted: true });
    const foreign = h.tenant();
    const theirs = newId();
    h.commercials.add({ id: theirs, hqId: foreign.hqId });
    await reportSongs(t, 6);
    const skipped = await report(t.storeToken, { state: 'PLAYING', commercialPlays: [b, c, theirs, newId()].map((commercialId) => ({ commercialId, startedAt: nextStart() })) });
    expect(skipped.body).toEqual({ recordedLogCount: 0, recordedCommercialCount: 0 });
    expect(await cadenceOf(t.storeId)).toEqual({ commercial_id: null, songs_since_commercial: 6 });
    const kept = await report(t.storeToken, { state: 'PLAYING', commercialPlays: [theirs, a!.toUpperCase()].map((commercialId) => ({ commercialId, startedAt: nextStart() })) });
    expect(kept.body).toEqual({ recordedLogCount: 0, recordedCommercialCount: 1 });
    expect(await cadenceOf(t.storeId)).toEqual({ commercial_id: a, songs_since_commercial: 3 });
    expect((await h.pool.query('select count(*)::int as n from commercial_plays where store_id = $1', [t.storeId])).rows[0].n).toBe(1);
  });

  it('the effective cycle when the commercial is reported is what it takes off; organization unreadable then: 5', async () => {
    const { t, ids: [a, b] } = storeWithCommercials(4, 3, 2);
    await reportSongs(t, 9);
    h.organization.setStore({ id: t.storeId, commercialCycleSongs: 2 });
    await reportCommercial(t.storeToken, a!);
    expect((await cadenceOf(t.storeId))!.songs_since_commercial).toBe(7);
    const original = h.service.context.organization.effectiveSettings;
    h.service.context.organization.effectiveSettings = async () => {
      throw new AppError(503, 'SERVICE_UNAVAILABLE', 'organization is unavailable');
    };
    try {
      expect((await reportCommercial(t.storeToken, b!)).body.recordedCommercialCount).toBe(1);
    } finally {
      h.service.context.organization.effectiveSettings = original;
    }
    expect(await cadenceOf(t.storeId)).toEqual({ commercial_id: b, songs_since_commercial: 2 });
  });

  it('when announcement-dispatch is unreachable a report with commercial plays answers 503 and stores nothing; the retry stores it', async () => {
    const { t, ids: [a] } = storeWithCommercials(4, 3, 1);
    const body = { state: 'PLAYING', logs: songPlays(t, 3), commercialPlays: [{ commercialId: a, startedAt: nextStart() }] };
    h.commercials.down = true;
    try {
      const res = await report(t.storeToken, body);
      expect([res.status, res.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
      expect(await cadenceOf(t.storeId)).toBeUndefined();
    } finally {
      h.commercials.down = false;
    }
    expect((await report(t.storeToken, body)).body).toEqual({ recordedLogCount: 3, recordedCommercialCount: 1 });
    expect(await cadenceOf(t.storeId)).toEqual({ commercial_id: a, songs_since_commercial: 0 });
  });

  it('a cycle below 1 is 5; a queue shorter than the songs still due carries no commercial', async () => {
    const t = storeWithSongs(10);
    h.organization.setStore({ id: t.storeId, commercialCycleSongs: 0 });
    h.commercials.add({ id: newId(), hqId: t.hqId });
    const res = await queue(t.storeToken);
    expect([res.body.commercialCycleSongs, types(res.body.items)]).toEqual([5, 'MMMMMCMMMMMC']);

    const short = storeWithSongs(4);
    h.commercials.add({ id: newId(), hqId: short.hqId });
    const none = await queue(short.storeToken);
    expect([commercialIds(none.body.items), none.body.songsUntilCommercial]).toEqual([[], 5]);
    await reportSongs(short, 1);
    expect(types((await queue(short.storeToken)).body.items)).toBe('MMMMC');
  });

  it('the count and cursor are kept per store: another store of the HQ is not moved by this one\'s plays', async () => {
    const { t, ids: [a, b] } = storeWithCommercials(5, 5, 2);
    h.catalog.setStorePlaylist(t.hqId, t.otherStoreId, h.catalog.storePlaylist(t.hqId, t.storeId)!);
    await reportSongs(t, 5);
    await reportCommercial(t.storeToken, a!);
    await reportSongs(t, 5);
    const mine = await queue(t.storeToken);
    const theirs = await queue(t.otherStoreToken);
    expect([mine.body.songsUntilCommercial, commercialIds(mine.body.items)]).toEqual([0, [b, a]]);
    expect([theirs.body.songsUntilCommercial, commercialIds(theirs.body.items)]).toEqual([5, [a]]);
  });

  it('inactive and soft-deleted songs are not picked; a cursor on a soft-deleted song goes on with the next greater id', async () => {
    const { t, ids: [a, b, c, d] } = storeWithCommercials(5, 5, 4);
    await reportCommercial(t.storeToken, b!);
    h.commercials.add({ id: b!, hqId: t.hqId, deleted: true });
    h.commercials.add({ id: c!, hqId: t.hqId, active: false });
    expect(commercialIds((await queue(t.storeToken)).body.items)).toEqual([d]);
    await reportCommercial(t.storeToken, d!);
    expect(commercialIds((await queue(t.storeToken)).body.items)).toEqual([a]);
  });

  it('a song deleted for good (dispatch.commercial.purged) clears the cursors on it: those stores start again from the first', async () => {
    const { t, ids: [a, b, c] } = storeWithCommercials(5, 5, 3);
    await reportCommercial(t.storeToken, a!);
    await reportCommercial(t.storeToken, b!);
    expect(commercialIds((await queue(t.storeToken)).body.items)).toEqual([c]);
    h.commercials.purge(b!);
    await h.publish('dispatch.commercial.purged', { commercialId: b!, hqId: t.hqId });
    await eventually(async () => expect((await cadenceOf(t.storeId))!.commercial_id).toBeNull());
    // Without the purge the next would be c; the cleared cursor starts at a.
    expect(commercialIds((await queue(t.storeToken)).body.items)).toEqual([a]);
    await reportCommercial(t.storeToken, a!);
    expect(commercialIds((await queue(t.storeToken)).body.items)).toEqual([c]);
  });

  it('catalog.music.purged clears a cursor on that id too, and leaves other cursors alone', async () => {
    const t = storeWithSongs(5);
    const other = storeWithSongs(5);
    const [a] = ascendingIds(1);
    const theirs = newId();
    h.commercials.add({ id: a!, hqId: t.hqId });
    h.commercials.add({ id: theirs, hqId: other.hqId });
    await reportCommercial(t.storeToken, a!);
    await reportCommercial(other.storeToken, theirs);
    await h.publish('catalog.music.purged', { musicId: a! });
    await eventually(async () => {
      expect((await cadenceOf(t.storeId))!.commercial_id).toBeNull();
      expect((await cadenceOf(other.storeId))!.commercial_id).toBe(theirs);
    });
  });

  it('no commercials of the HQ, or announcement-dispatch unreachable, gives the music alone (commercialsAvailable false when unreachable)', async () => {
    const t = storeWithSongs(6);
    const empty = await queue(t.storeToken);
    expect([commercialIds(empty.body.items), empty.body.commercialsAvailable, empty.body.songsUntilCommercial]).toEqual([[], true, 5]);
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
