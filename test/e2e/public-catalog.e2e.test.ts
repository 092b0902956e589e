import { sineMp3, startTestS3, type TestS3, eventually } from '@storecast/service-kit/testing';
import sharp from 'sharp';
import { api, type RunningSystem, startSystem } from './system';

const legacy = (statusCode: number, message: string) => ({ message, error: 'Bad Request', statusCode });

/**
 * Issue 12 end to end: the operator uploads and tags songs; an approved developer's API key reads
 * them through the gateway (catalog with `Authorization: Bearer <key>`, search with `X-API-Key`),
 * gets spec 01's errors, and reads its own usage per endpoint from identity.
 */
describe('public catalog and search API through the gateway with an API key', () => {
  let s3: TestS3;
  let system: RunningSystem;
  let client: ReturnType<typeof api>;
  let operatorToken: string;
  let apiKey: string;
  const songs: Record<string, string> = {};

  beforeAll(async () => {
    s3 = await startTestS3();
    system = await startSystem({ env: { ...s3.env, API_USAGE_FLUSH_MS: '200' } });
    client = api(system.gatewayUrl);
    operatorToken = (await client.post('/api/v1/auth/login', system.operator)).body.accessToken;

    const option = async (type: string, value: string) => (await client.post('/api/v1/admin/tags', { type, value }, { token: operatorToken })).body.id as string;
    const tags = { jazz: await option('GENRE', 'Jazz'), edm: await option('GENRE', 'EDM'), calm: await option('MOOD', 'Calm'), cozy: await option('MOOD', 'Cozy'), energetic: await option('MOOD', 'Energetic') };
    const catalog: Array<[string, number, string, string[]]> = [
      ['Quiet Corner', 440, tags.jazz, [tags.calm, tags.cozy]],
      ['Velvet Lounge', 550, tags.jazz, [tags.calm]],
      ['Neon Pulse', 660, tags.edm, [tags.energetic]],
    ];
    for (const [title, hz, genre, moods] of catalog) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(sineMp3({ hz }))], { type: 'audio/mpeg' }), 'song.mp3');
      const res = await fetch(`${system.gatewayUrl}/api/v1/admin/music?title=${encodeURIComponent(title)}&durationSeconds=1&musicSource=AI`, {
        method: 'POST',
        headers: { authorization: `Bearer ${operatorToken}` },
        body: form,
      });
      expect(res.status).toBe(201);
      songs[title] = ((await res.json()) as { id: string }).id;
      expect((await client.put(`/api/v1/admin/music/${songs[title]}/tags`, { genreId: genre, moodIds: moods }, { token: operatorToken })).status).toBe(200);
    }

    const signUp = await client.post('/api/v1/api-access/sign-up', { organizationName: 'Screen Co', contactName: 'Kim', contactEmail: 'kim@screens.e2e.storecast.test', purpose: 'signage' });
    await client.post(`/api/v1/admin/api-clients/${signUp.body.id}/approve`, undefined, { token: operatorToken });
    apiKey = (await client.post(`/api/v1/admin/api-clients/${signUp.body.id}/keys`, {}, { token: operatorToken })).body.apiKey;
  });
  afterAll(async () => {
    await system?.stop();
    await s3?.close();
  });

  const bearer = () => ({ headers: { authorization: `Bearer ${apiKey}` } });
  const key = () => ({ headers: { 'x-api-key': apiKey } });

  it('pages the catalog by cursor and by offset, and reads one track, with the key as a Bearer credential', async () => {
    const first = await client.get('/v1/music/cursor?take=2', bearer());
    expect(first.status).toBe(200);
    expect(first.body.musics.map((m: { id: string }) => m.id)).toEqual([songs['Quiet Corner'], songs['Velvet Lounge']]);
    expect(first.body.musics[0]).toMatchObject({ duration: 1, deleted_at: null, genre: { name: 'Jazz' }, moods: expect.arrayContaining([expect.objectContaining({ music_id: songs['Quiet Corner'], detail: expect.objectContaining({ name: 'Calm' }) })]) });
    const next = await client.get(`/v1/music/cursor?take=2&id=${first.body.cursor.id}&created_at=${encodeURIComponent(first.body.cursor.created_at)}`, bearer());
    expect(next.body).toEqual({ musics: [expect.objectContaining({ id: songs['Neon Pulse'] })], cursor: null });

    const offset = await client.get('/v1/music/offset?take=2&skip=2&genre=EDM', bearer());
    expect(offset.body.meta).toEqual({ total_count: 1, total_pages: 1, current_page: 2, has_next_page: false, has_previous_page: true });
    const one = await client.get(`/v1/music/query?id=${songs['Neon Pulse']}`, bearer());
    expect(one.body).toMatchObject({ id: songs['Neon Pulse'], genre: { name: 'EDM' } });
  });

  it('answers spec 01 errors from the service in the legacy shape', async () => {
    expect((await client.get('/v1/music/cursor?take=101', bearer())).body).toEqual(legacy(400, 'Take number has exceeded the limit. Take <= 100'));
    expect((await client.get('/v1/music/offset?skip=0', bearer())).body).toEqual(legacy(400, 'Number of music tracks to be called is missing.'));
    expect((await client.get('/v1/music/cursor?take=5&duration_start=x', bearer())).body).toEqual(legacy(400, 'Invalid duration input.'));
    expect((await client.get('/v1/music/query', bearer())).body).toEqual(legacy(400, 'Invalid Parameter Value'));
    expect((await client.get('/v1/music/query?id=0190c6a0-0000-7000-8000-0000000fffff', bearer())).body).toEqual(legacy(404, 'Requested resource was not found.'));
    expect((await client.get('/v1/music/cursor?take=5')).body).toEqual(legacy(401, 'Authorization undefined.'));
  });

  it('searches by text, image and similarity with the key in X-API-Key', async () => {
    const text = await client.post('/api/music/search/text', { query_text: '잔잔한 카페 음악', limit: 5 }, key());
    expect(text.status).toBe(200);
    expect(text.body.results.map((r: { title: string }) => r.title).slice(0, 2).sort()).toEqual(['Quiet Corner', 'Velvet Lounge']);
    expect(text.body.results.map((r: { title: string }) => r.title)).not.toContain('Neon Pulse');

    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 255, g: 120, b: 20 } } }).png().toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'sunset.png');
    const image = await fetch(`${system.gatewayUrl}/api/music/search/image`, { method: 'POST', headers: { 'x-api-key': apiKey }, body: form });
    expect(image.status).toBe(200);
    expect(((await image.json()) as { moods: Array<{ mood: string }> }).moods[0]!.mood).toMatch(/happy|energetic/);

    const similar = await client.post('/api/music/search/similar', { music_id: songs['Quiet Corner'], limit: 5 }, key());
    expect(similar.body.results[0].title).toBe('Velvet Lounge');
    expect((await client.post('/api/music/search/similar', { music_id: '0190c6a0-0000-7000-8000-0000000fffff' }, key())).body).toEqual(legacy(404, 'Requested resource was not found.'));
  });

  it('the key holder reads its usage per endpoint from identity (calls, success rate, response time)', async () => {
    await eventually(async () => {
      const own = await client.get('/api/v1/api-access/usage', key());
      expect(own.status).toBe(200);
      expect(own.body.items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ endpoint: 'GET /v1/music/cursor', calls: 4, successRate: 0.5 }),
          expect.objectContaining({ endpoint: 'GET /v1/music/offset', calls: 2, successRate: 0.5 }),
          expect.objectContaining({ endpoint: 'GET /v1/music/query', calls: 3, successRate: 0.3333 }),
          expect.objectContaining({ endpoint: 'POST /api/music/search/text', calls: 1, successCount: 1, successRate: 1, avgResponseMs: expect.any(Number), p95ResponseMs: expect.any(Number) }),
          expect.objectContaining({ endpoint: 'POST /api/music/search/image', calls: 1, successRate: 1 }),
          expect.objectContaining({ endpoint: 'POST /api/music/search/similar', calls: 2, successRate: 0.5 }),
        ]),
      );
    }, 10_000);
  });
});
