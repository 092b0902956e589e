import { sineMp3, startTestS3, type TestS3 } from '@storecast/service-kit/testing';
import { api, type RunningSystem, startSystem } from './system';

/**
 * Issue 11 "Done means": the operator uploads two songs (AI and TRUST), tags them, builds a
 * library of each type (a mismatch is refused), a playlist for an HQ, sets it as the HQ default;
 * the HQ manager sees it with the right status and counts — then a store of the HQ gets it as its
 * active playlist (checked with organization over gRPC) and the badge turns ACTIVE.
 */
describe('music catalog to HQ playlists, end to end through the gateway', () => {
  let s3: TestS3;
  let system: RunningSystem;
  let client: ReturnType<typeof api>;
  let operatorToken: string;
  let hqToken: string;
  let hqId: string;
  const songs: Record<'AI' | 'TRUST', string> = { AI: '', TRUST: '' };
  const libraries: Record<'AI' | 'TRUST', string> = { AI: '', TRUST: '' };
  let playlistId: string;

  beforeAll(async () => {
    s3 = await startTestS3();
    system = await startSystem({ env: s3.env });
    client = api(system.gatewayUrl);
    operatorToken = (await client.post('/api/v1/auth/login', system.operator)).body.accessToken;
    const manager = { email: 'park.hq@catalog.e2e.storecast.test', tempPassword: 'Temp-pass-123', name: 'Park HQ' };
    const onboarded = await client.post(
      '/api/v1/admin/hq',
      { hq: { name: 'Music Chain', plan: 'TRUST', billingAnchorDay: 5, llmMaxPerHour: 2 }, manager },
      { token: operatorToken },
    );
    expect(onboarded.status).toBe(201);
    hqId = onboarded.body.hqId;
    const login = await client.post('/api/v1/auth/login', { email: manager.email, password: manager.tempPassword });
    const changed = await client.post('/api/v1/auth/change-password', { currentPassword: manager.tempPassword, newPassword: 'Changed-pass-456' }, { token: login.body.accessToken });
    hqToken = changed.body.accessToken;
  });
  afterAll(async () => {
    await system?.stop();
    await s3?.close();
  });

  it('the operator uploads an AI and a TRUST song as multipart MP3s and gets presigned audio URLs', async () => {
    for (const [source, hz] of [['AI', 440], ['TRUST', 660]] as const) {
      const form = new FormData();
      form.append('file', new Blob([sineMp3({ hz })], { type: 'audio/mpeg' }), `${source}.mp3`);
      const res = await fetch(`${system.gatewayUrl}/api/v1/admin/music?title=${source}%20song&durationSeconds=1&musicSource=${source}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${operatorToken}` },
        body: form,
      });
      expect(res.status).toBe(201);
      const body = (await res.json()) as { id: string; musicSource: string; audioUrl: string };
      expect(body.musicSource).toBe(source);
      const audio = await fetch(body.audioUrl);
      expect(audio.status).toBe(200);
      expect(Buffer.from(await audio.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from('ID3\u0004', 'latin1'));
      songs[source] = body.id;
    }
    const list = await client.get('/api/v1/admin/music', { token: operatorToken });
    expect(list.body).toMatchObject({ total: 2, page: 0, size: 20 });
  });

  it('the operator tags both songs with a genre and moods', async () => {
    const option = async (type: string, value: string) => (await client.post('/api/v1/admin/tags', { type, value }, { token: operatorToken })).body.id as string;
    const genre = await option('GENRE', 'Acoustic');
    const calm = await option('MOOD', 'Calm');
    for (const id of Object.values(songs)) {
      const res = await client.put(`/api/v1/admin/music/${id}/tags`, { genreId: genre, moodIds: [calm] }, { token: operatorToken });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ genre: { value: 'Acoustic' }, moods: [{ value: 'Calm' }] });
    }
  });

  it('builds one library per type; adding a song of the other type is refused', async () => {
    for (const type of ['AI', 'TRUST'] as const) {
      libraries[type] = (await client.post('/api/v1/admin/libraries', { name: `${type} hits`, type }, { token: operatorToken })).body.id;
      const added = await client.post(`/api/v1/admin/libraries/${libraries[type]}/music`, { musicIds: [songs[type]] }, { token: operatorToken });
      expect(added.body).toMatchObject({ addedCount: 1, trackCount: 1 });
    }
    const mismatch = await client.post(`/api/v1/admin/libraries/${libraries.AI}/music`, { musicIds: [songs.TRUST] }, { token: operatorToken });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toMatchObject({ code: 'LIBRARY_TYPE_MISMATCH', fields: { violatingMusicIds: songs.TRUST } });
  });

  it('builds a playlist for the HQ (checked with organization) and makes it the HQ default', async () => {
    const created = await client.post('/api/v1/admin/playlists', { hqId, name: 'All day' }, { token: operatorToken });
    expect(created.status).toBe(201);
    playlistId = created.body.id;
    const filled = await client.put(`/api/v1/admin/playlists/${playlistId}/libraries`, { libraryIds: [libraries.TRUST, libraries.AI] }, { token: operatorToken });
    expect(filled.body).toMatchObject({ libraryCount: 2, status: 'UNUSED' });
    const unknownHq = await client.post('/api/v1/admin/playlists', { hqId: '0190c6a0-0000-7000-8000-000000000000', name: 'x' }, { token: operatorToken });
    expect(unknownHq.body.error.code).toBe('HQ_NOT_FOUND');
    const set = await client.put(`/api/v1/admin/hq/${hqId}/default-playlist`, { playlistId }, { token: operatorToken });
    expect(set.body).toEqual({ hqId, playlist: { id: playlistId, name: 'All day' } });
    // Only operators set defaults.
    expect((await client.put(`/api/v1/admin/hq/${hqId}/default-playlist`, { playlistId }, { token: hqToken })).status).toBe(403);
  });

  it('the HQ manager sees the default playlist as FALLBACK with its libraries and counts', async () => {
    const list = await client.get('/api/v1/hq/playlists', { token: hqToken });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, items: [{ id: playlistId, name: 'All day', isDefault: true, libraryCount: 2, appliedStoreCount: 0, status: 'FALLBACK' }] });
    const detail = await client.get(`/api/v1/hq/playlists/${playlistId}`, { token: hqToken });
    expect(detail.body.libraries).toEqual([
      { libraryId: libraries.TRUST, name: 'TRUST hits', libraryType: 'TRUST', musicCount: 1, position: 0 },
      { libraryId: libraries.AI, name: 'AI hits', libraryType: 'AI', musicCount: 1, position: 1 },
    ]);
    const libs = await client.get('/api/v1/hq/libraries', { token: hqToken });
    expect(libs.body.items).toEqual([
      expect.objectContaining({ id: libraries.AI, type: 'AI', trackCount: 1, playlistCount: 1 }),
      expect.objectContaining({ id: libraries.TRUST, type: 'TRUST', trackCount: 1, playlistCount: 1 }),
    ]);
    const music = await client.get(`/api/v1/hq/libraries/${libraries.AI}/music`, { token: hqToken });
    expect(music.body.items).toEqual([expect.objectContaining({ id: songs.AI, title: 'AI song', durationSeconds: 1 })]);
  });

  it('a store of the HQ gets the playlist as its active one: the badge turns ACTIVE with appliedStoreCount 1', async () => {
    const store = await client.post('/api/v1/hq/stores', { name: 'Gangnam' }, { token: hqToken });
    expect(store.status).toBe(201);
    const storeId = store.body.store.id;
    const assigned = await client.put(`/api/v1/admin/playlists/stores/${storeId}`, { playlistId }, { token: operatorToken });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ storeId, hqId, activePlaylist: { id: playlistId }, hqDefault: { id: playlistId } });
    const list = await client.get('/api/v1/hq/playlists', { token: hqToken });
    expect(list.body.items[0]).toMatchObject({ appliedStoreCount: 1, status: 'ACTIVE' });
  });
});
