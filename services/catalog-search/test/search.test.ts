import { startHarness, type Harness } from './support/harness';
import { generateCatalog, seedCatalog, type SeededTrack } from '../eval/catalog-seed';
import { drawImage } from '../eval/images';

const legacy = (statusCode: number, message: string) => ({ message, error: 'Bad Request', statusCode });

describe('search API (text, image, similar) over a seeded catalog of 324 tagged tracks', () => {
  let h: Harness;
  let tracks: SeededTrack[];
  let byId: Map<string, SeededTrack>;

  beforeAll(async () => {
    h = await startHarness({ SEARCH_IMAGE_MAX_BYTES: '20000' });
    tracks = generateCatalog(324);
    byId = new Map(tracks.map((t) => [t.id, t]));
    await seedCatalog(h.service.ctx.pool, tracks);
  });
  afterAll(() => h.stop());

  const text = (query_text: string, limit = 10) => h.call('POST', '/api/music/search/text', { body: { query_text, limit } });
  const moodsOf = (res: { body: { results: Array<{ track: { id: string } }> } }) => res.body.results.map((r) => byId.get(r.track.id)!.moods);
  const CALM = ['calm', 'cozy'];
  const LOUD = ['energetic', 'tense'];
  const lastIndex = (rows: string[][], want: string[]) => Math.max(-1, ...rows.map((m, i) => (m.some((x) => want.includes(x)) ? i : -1)));
  const firstIndex = (rows: string[][], want: string[]) => {
    const i = rows.findIndex((m) => m.some((x) => want.includes(x)));
    return i < 0 ? Infinity : i;
  };

  describe('text', () => {
    it.each(['잔잔한 카페 음악', 'calm piano for a rainy morning'])('"%s" ranks calm/acoustic tracks above energetic ones', async (q) => {
      const res = await text(q, 30);
      expect(res.status).toBe(200);
      const rows = moodsOf(res);
      expect(rows.slice(0, 10).every((m) => m.some((x) => CALM.includes(x) || x === 'melancholic'))).toBe(true);
      expect(rows.slice(0, 10).some((m) => m.some((x) => LOUD.includes(x)))).toBe(false);
      expect(lastIndex(rows, ['calm'])).toBeLessThan(firstIndex(rows, LOUD));
    });

    it('explains the score: the Korean word, the tag it matched and its weight; the interpretation lists the concepts', async () => {
      const res = await text('잔잔한 카페 음악');
      expect(res.body.interpretation.concepts).toEqual(expect.arrayContaining([expect.objectContaining({ concept: 'calm', weight: 1, terms: expect.arrayContaining(['잔잔한']) })]));
      const top = res.body.results[0];
      expect(top.score).toBeGreaterThan(0.8);
      expect(top.matched).toEqual(expect.arrayContaining([expect.objectContaining({ term: expect.stringContaining('잔잔한'), field: 'mood' })]));
      expect(res.body.results.map((r: { score: number }) => r.score)).toEqual([...res.body.results.map((r: { score: number }) => r.score)].sort((a, b) => b - a));
    });

    it('an operator\'s own Korean tag (잔잔함) is the same concept as "Calm"', async () => {
      const res = await text('calm', 50);
      expect(res.body.results.some((r: { matched: Array<{ value: string }> }) => r.matched.some((m) => m.value === '잔잔함'))).toBe(true);
    });

    it.each(['background music, not too loud', '시끄럽지 않은 음악', '너무 신나지 않은 편안한 음악'])('a negation ("%s") keeps energetic tracks out of the top 10', async (q) => {
      const rows = moodsOf(await text(q));
      expect(rows).toHaveLength(10);
      expect(rows.some((m) => m.some((x) => LOUD.includes(x)))).toBe(false);
    });

    it('an energetic request ranks energetic tracks first', async () => {
      const rows = moodsOf(await text('신나는 운동 음악'));
      expect(rows.every((m) => m.includes('energetic'))).toBe(true);
    });

    it('a title word the lexicon does not know is found by full text and trigrams (typo included)', async () => {
      const title = tracks.find((t) => t.title.includes('Ipanema'))!;
      const exact = await text('Ipanema');
      expect(exact.body.results[0].title).toContain('Ipanema');
      expect(exact.body.results[0].matched).toEqual([expect.objectContaining({ field: 'title', term: 'ipanema' })]);
      const typo = await text('Ipanemma');
      expect(typo.body.results.map((r: { title: string }) => r.title)).toContain(title.title);
    });

    it('re-tagging a track through the operator API moves it in the ranking at once (its tag signature follows)', async () => {
      const track = tracks.find((t) => t.genre === 'ambient' && !t.moods.includes('energetic'))!;
      const tags = (await h.call('GET', '/api/v1/admin/tags', { token: h.operator })).body.items as Array<{ id: string; type: string; value: string }>;
      const id = (type: string, value: string) => tags.find((t) => t.type === type && t.value === value)!.id;
      const before = await text('energetic ambient', 50);
      expect(before.body.results.map((r: { track: { id: string } }) => r.track.id)).not.toContain(track.id);
      const put = await h.call('PUT', `/api/v1/admin/music/${track.id}/tags`, { token: h.operator, body: { genreId: id('GENRE', 'Ambient'), moodIds: [id('MOOD', 'Energetic')] } });
      expect(put.status).toBe(200);
      const after = await text('energetic ambient', 50);
      expect(after.body.results[0].track.id).toBe(track.id);
      expect(after.body.results[0].score).toBe(1);
    });

    it('answers an empty list when nothing matches', async () => {
      expect((await text('zzqx wvvk')).body).toMatchObject({ results: [], total: 0 });
    });

    it.each([
      ['query_text missing', { limit: 5 }, 'query_text is required: a description of 1 to 500 characters.'],
      ['query_text blank', { query_text: '   ' }, 'query_text is required: a description of 1 to 500 characters.'],
      ['query_text too long', { query_text: 'x'.repeat(501) }, 'query_text is required: a description of 1 to 500 characters.'],
      ['query_text not a string', { query_text: 42 }, 'query_text is required: a description of 1 to 500 characters.'],
      ['query_text with a NUL byte', { query_text: 'calm\u0000' }, 'query_text is required: a description of 1 to 500 characters.'],
      ['limit 0', { query_text: 'calm', limit: 0 }, 'limit must be an integer from 1 to 50.'],
      ['limit 51', { query_text: 'calm', limit: 51 }, 'limit must be an integer from 1 to 50.'],
      ['limit a string', { query_text: 'calm', limit: '5' }, 'limit must be an integer from 1 to 50.'],
      ['a JSON array', ['calm'], 'The body must be a JSON object.'],
    ])('%s → 400', async (_name, body, message) => {
      const res = await h.call('POST', '/api/music/search/text', { body });
      expect(res.body).toEqual(legacy(400, message));
    });

    it('a body that is not JSON answers 400 in the legacy shape', async () => {
      const res = await h.call.unchecked('POST', '/api/music/search/text', { raw: { contentType: 'application/json', data: '{"query_text": ' } });
      expect(res.body).toEqual(legacy(400, 'The body must be a JSON object.'));
    });

    it('limit defaults to 10', async () => {
      expect((await h.call('POST', '/api/music/search/text', { body: { query_text: 'jazz' } })).body.results).toHaveLength(10);
    });
  });

  describe('image', () => {
    const image = async (bytes: Uint8Array, limit?: string, name = 'x.png') => {
      const form = new FormData();
      form.append('image', new Blob([bytes], { type: 'image/png' }), name);
      if (limit !== undefined) form.append('limit', limit);
      return h.call('POST', '/api/music/search/image', { form });
    };

    it('a warm bright image ranks happy/energetic moods and tracks first', async () => {
      const res = await image(new Uint8Array(await drawImage({ kind: 'solid', rgb: [255, 170, 40] })), '10');
      expect(res.status).toBe(200);
      expect(res.body.features.brightness).toBeGreaterThan(0.6);
      expect(res.body.features.warmth).toBeGreaterThan(0.5);
      expect(['happy', 'energetic']).toContain(res.body.moods[0].mood);
      expect(moodsOf(res).every((m) => m.includes('happy') || m.includes('energetic'))).toBe(true);
      expect(res.body.results[0].matched[0]).toMatchObject({ field: 'mood' });
    });

    it('a dark cool image ranks melancholic tracks first', async () => {
      const res = await image(new Uint8Array(await drawImage({ kind: 'solid', rgb: [20, 30, 70] })));
      expect(res.body.moods[0].mood).toBe('melancholic');
      expect(moodsOf(res)[0]).toContain('melancholic');
    });

    it('refuses a missing part, a file that is not an image, a large file and a bad limit with clear messages', async () => {
      const form = new FormData();
      form.append('limit', '3');
      expect((await h.call('POST', '/api/music/search/image', { form })).body).toEqual(legacy(400, 'image is required: a JPEG, PNG or WebP file in the multipart part "image".'));
      expect((await image(new TextEncoder().encode('just some text, not a picture'))).body).toEqual(legacy(400, 'The file is not a supported image (JPEG, PNG or WebP).'));
      const png = await drawImage({ kind: 'solid', rgb: [1, 2, 3] });
      const truncated = new Uint8Array(png.subarray(0, 40));
      expect((await image(truncated)).body).toEqual(legacy(400, 'The file is not a supported image (JPEG, PNG or WebP).'));
      expect((await image(new Uint8Array(Buffer.concat([png, Buffer.alloc(20_000)])))).body).toEqual(legacy(400, 'The image is larger than 20000 bytes.'));
      expect((await image(new Uint8Array(png), '99')).body).toEqual(legacy(400, 'limit must be an integer from 1 to 50.'));
      const json = await h.call('POST', '/api/music/search/image', { body: { image: 'abc' } });
      expect(json.body).toEqual(legacy(400, 'image is required: a JPEG, PNG or WebP file in the multipart part "image".'));
    });
  });

  describe('similar', () => {
    const similar = (body: unknown) => h.call('POST', '/api/music/search/similar', { body });

    it('ranks tracks of the same genre sharing moods first, never the seed itself, and explains genre, moods and duration', async () => {
      const seed = tracks[0]!;
      const res = await similar({ music_id: seed.id, limit: 20 });
      expect(res.status).toBe(200);
      const ids = res.body.results.map((r: { track: { id: string } }) => r.track.id);
      expect(ids).not.toContain(seed.id);
      const top = byId.get(ids[0])!;
      expect(top.genre).toBe(seed.genre);
      expect(top.moods.some((m) => seed.moods.includes(m))).toBe(true);
      expect(res.body.results[0].matched.map((m: { field: string }) => m.field)).toEqual(expect.arrayContaining(['genre', 'mood', 'duration']));
      expect(res.body.total).toBeGreaterThan(20);
    });

    it.each([
      ['an unknown id', { music_id: '0190c6a0-0000-7000-8000-0000000fffff' }, 404, 'Requested resource was not found.'],
      ['a missing music_id', { limit: 3 }, 400, 'music_id must be the id (UUID) of a track.'],
      ['a music_id that is not a UUID', { music_id: 'abc' }, 400, 'music_id must be the id (UUID) of a track.'],
      ['limit over 50', { music_id: '0190c6a0-0000-7000-8000-0000000fffff', limit: 500 }, 400, 'limit must be an integer from 1 to 50.'],
    ])('%s → %d', async (_name, body, status, message) => {
      const res = await similar(body);
      expect(res.status).toBe(status);
      expect(res.body).toEqual(legacy(status, message));
    });
  });

  it('publishes the three operations with their request and response schemas in OpenAPI', async () => {
    const doc = (await h.call('GET', '/openapi.json')).body;
    expect(doc.paths['/api/music/search/text'].post.operationId).toBe('searchMusicByText');
    expect(doc.paths['/api/music/search/image'].post.operationId).toBe('searchMusicByImage');
    expect(doc.paths['/api/music/search/similar'].post.operationId).toBe('searchSimilarMusic');
    expect(doc.paths['/api/music/search/image'].post.requestBody.content['multipart/form-data']).toBeDefined();
    expect(doc.paths['/api/music/search/similar'].post.responses['404'].content['application/json'].schema.$ref).toBe('#/components/schemas/LegacyError');
    expect(doc.components.schemas.TextSearchResponse).toBeDefined();
  });
});
