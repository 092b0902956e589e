import { startHarness, type Harness } from './support/harness';
import { mp3Form, sineMp3 } from './support/mp3';

const MISSING = '0190c6a0-0000-7000-8000-000000000000';

describe('tag options, music tags and libraries', () => {
  let h: Harness;
  let hqToken: string;
  let hqId: string;
  const music: Record<string, string> = {};
  beforeAll(async () => {
    h = await startHarness();
    hqId = h.organization.addHq({ plan: 'TRUST' }).id;
    hqToken = h.token('HQ_MANAGER', { hqId });
    for (const [title, source] of [['ai one', 'AI'], ['ai two', 'AI'], ['trust one', 'TRUST']] as const) {
      h.clock.advance(1000);
      const res = await h.call('POST', `/api/v1/admin/music?title=${encodeURIComponent(title)}&durationSeconds=30&musicSource=${source}`, { token: h.operator, form: mp3Form(sineMp3()) });
      music[title] = res.body.id;
    }
  });
  afterAll(() => h.stop());

  const tag = (body: unknown) => h.call('POST', '/api/v1/admin/tags', { token: h.operator, body });

  describe('tag options', () => {
    it('are created, listed by sortOrder then value with inactive ones, and (type, value) is unique', async () => {
      const calm = await tag({ type: 'MOOD', value: 'Calm', sortOrder: 2 });
      expect(calm.status).toBe(201);
      expect(calm.body).toMatchObject({ type: 'MOOD', value: 'Calm', sortOrder: 2, active: true });
      await tag({ type: 'MOOD', value: 'Bright', sortOrder: 2 });
      await tag({ type: 'GENRE', value: 'Jazz' });
      // The same value under the other type is another option.
      expect((await tag({ type: 'GENRE', value: 'Calm' })).status).toBe(201);
      const duplicate = await tag({ type: 'MOOD', value: 'Calm' });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.error.code).toBe('MUSIC_TAG_OPTION_DUPLICATE');
      const list = await h.call('GET', '/api/v1/admin/tags', { token: h.operator });
      expect(list.body.items.map((o: { type: string; value: string }) => `${o.type}:${o.value}`)).toEqual(['GENRE:Calm', 'GENRE:Jazz', 'MOOD:Bright', 'MOOD:Calm']);
    });

    it('values are 1..50 characters; a wrong type, a NUL byte or a lone surrogate is 400 VALIDATION_FAILED', async () => {
      for (const body of [{ type: 'MOOD', value: '' }, { type: 'MOOD', value: 'x'.repeat(51) }, { type: 'STYLE', value: 'x' }, { type: 'MOOD', value: 'a\u0000b' }, { type: 'MOOD', value: 'a\ud800b' }, { type: 'MOOD', value: 7 }]) {
        const res = await tag(body);
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION_FAILED');
      }
    });

    it('update changes value, sortOrder and active; the type is immutable; a taken value is 409', async () => {
      const option = (await tag({ type: 'MOOD', value: 'Sleepy' })).body;
      const res = await h.call('PATCH', `/api/v1/admin/tags/${option.id}`, { token: h.operator, body: { value: 'Dreamy', sortOrder: -1 } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: option.id, type: 'MOOD', value: 'Dreamy', sortOrder: -1, active: true });
      const typeChange = await h.call('PATCH', `/api/v1/admin/tags/${option.id}`, { token: h.operator, body: { type: 'GENRE' } });
      expect(typeChange.status).toBe(400);
      expect(typeChange.body.error.code).toBe('VALIDATION_FAILED');
      expect((await h.call('PATCH', `/api/v1/admin/tags/${option.id}`, { token: h.operator, body: { value: 'Calm' } })).body.error.code).toBe('MUSIC_TAG_OPTION_DUPLICATE');
      expect((await h.call('PATCH', `/api/v1/admin/tags/${MISSING}`, { token: h.operator, body: { value: 'x' } })).body.error.code).toBe('MUSIC_TAG_OPTION_NOT_FOUND');
    });

    it('delete deactivates, idempotently; the option stays listed as inactive; a missing one is 404', async () => {
      const option = (await tag({ type: 'MOOD', value: 'Gone' })).body;
      expect((await h.call('DELETE', `/api/v1/admin/tags/${option.id}`, { token: h.operator })).status).toBe(204);
      expect((await h.call('DELETE', `/api/v1/admin/tags/${option.id}`, { token: h.operator })).status).toBe(204);
      const listed = (await h.call('GET', '/api/v1/admin/tags', { token: h.operator })).body.items.find((o: { id: string }) => o.id === option.id);
      expect(listed.active).toBe(false);
      expect((await h.call('DELETE', `/api/v1/admin/tags/${MISSING}`, { token: h.operator })).body.error.code).toBe('MUSIC_TAG_OPTION_NOT_FOUND');
    });
  });

  describe('music tags', () => {
    it('sets exactly one genre and the moods; a deactivated option stays on the music it tags', async () => {
      const jazz = (await tag({ type: 'GENRE', value: 'Swing' })).body;
      const happy = (await tag({ type: 'MOOD', value: 'Happy', sortOrder: 1 })).body;
      const warm = (await tag({ type: 'MOOD', value: 'Warm', sortOrder: 0 })).body;
      const id = music['ai one']!;
      const res = await h.call('PUT', `/api/v1/admin/music/${id}/tags`, { token: h.operator, body: { genreId: jazz.id, moodIds: [happy.id, warm.id] } });
      expect(res.status).toBe(200);
      expect(res.body.genre).toEqual({ id: jazz.id, type: 'GENRE', value: 'Swing', active: true });
      expect(res.body.moods.map((m: { value: string }) => m.value)).toEqual(['Warm', 'Happy']);
      await h.call('DELETE', `/api/v1/admin/tags/${happy.id}`, { token: h.operator });
      const detail = await h.call('GET', `/api/v1/admin/music/${id}`, { token: h.operator });
      expect(detail.body.moods).toContainEqual({ id: happy.id, type: 'MOOD', value: 'Happy', active: false });
      // Re-sending the set keeps the deactivated mood it already carries...
      expect((await h.call('PUT', `/api/v1/admin/music/${id}/tags`, { token: h.operator, body: { genreId: jazz.id, moodIds: [happy.id] } })).status).toBe(200);
      // ...but it cannot be put on another music.
      const other = await h.call('PUT', `/api/v1/admin/music/${music['ai two']}/tags`, { token: h.operator, body: { genreId: jazz.id, moodIds: [happy.id] } });
      expect(other.status).toBe(400);
      expect(other.body.error.details).toEqual([expect.objectContaining({ field: 'moodIds.0', code: 'INACTIVE' })]);
      expect((await h.audits('MUSIC_TAGS_UPDATED')).filter((a) => a.target_id === id)).toHaveLength(2);
    });

    it('an option of the wrong type is 400, an unknown option 404 MUSIC_TAG_OPTION_NOT_FOUND, an unknown music 404 MUSIC_NOT_FOUND', async () => {
      const genre = (await tag({ type: 'GENRE', value: 'Lofi' })).body;
      const mood = (await tag({ type: 'MOOD', value: 'Focus' })).body;
      const id = music['ai two']!;
      const swapped = await h.call('PUT', `/api/v1/admin/music/${id}/tags`, { token: h.operator, body: { genreId: mood.id, moodIds: [genre.id] } });
      expect(swapped.status).toBe(400);
      expect(swapped.body.error.details.map((d: { field: string }) => d.field)).toEqual(['genreId', 'moodIds.0']);
      const unknown = await h.call('PUT', `/api/v1/admin/music/${id}/tags`, { token: h.operator, body: { genreId: genre.id, moodIds: [MISSING] } });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toMatchObject({ code: 'MUSIC_TAG_OPTION_NOT_FOUND', fields: { missingTagOptionIds: MISSING } });
      expect((await h.call('PUT', `/api/v1/admin/music/${MISSING}/tags`, { token: h.operator, body: { genreId: genre.id } })).body.error.code).toBe('MUSIC_NOT_FOUND');
      const twice = await h.call('PUT', `/api/v1/admin/music/${id}/tags`, { token: h.operator, body: { genreId: genre.id, moodIds: [mood.id, mood.id] } });
      expect(twice.body.error.code).toBe('VALIDATION_FAILED');
      const missingGenre = await h.call('PUT', `/api/v1/admin/music/${id}/tags`, { token: h.operator, body: { moodIds: [mood.id] } });
      expect(missingGenre.body.error.code).toBe('VALIDATION_FAILED');
    });
  });

  describe('libraries', () => {
    const create = (body: unknown) => h.call('POST', '/api/v1/admin/libraries', { token: h.operator, body });

    it('hold one music type: adding is idempotent and a mismatch rejects the whole request naming the violating music', async () => {
      const lib = (await create({ name: 'Cafe AI', type: 'AI' })).body;
      expect(lib).toMatchObject({ name: 'Cafe AI', type: 'AI', trackCount: 0, playlistCount: 0 });
      const added = await h.call('POST', `/api/v1/admin/libraries/${lib.id}/music`, { token: h.operator, body: { musicIds: [music['ai one'], music['ai two']] } });
      expect(added.body).toEqual({ libraryId: lib.id, addedCount: 2, trackCount: 2 });
      const again = await h.call('POST', `/api/v1/admin/libraries/${lib.id}/music`, { token: h.operator, body: { musicIds: [music['ai one']] } });
      expect(again.body).toEqual({ libraryId: lib.id, addedCount: 0, trackCount: 2 });
      const mismatch = await h.call('POST', `/api/v1/admin/libraries/${lib.id}/music`, { token: h.operator, body: { musicIds: [music['ai one'], music['trust one']] } });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.error).toMatchObject({ code: 'LIBRARY_TYPE_MISMATCH', fields: { violatingMusicIds: music['trust one'] } });
      const missing = await h.call('POST', `/api/v1/admin/libraries/${lib.id}/music`, { token: h.operator, body: { musicIds: [MISSING] } });
      expect(missing.body.error).toMatchObject({ code: 'MUSIC_NOT_FOUND', fields: { missingMusicIds: MISSING } });
      expect((await h.call('GET', `/api/v1/admin/libraries/${lib.id}`, { token: h.operator })).body.trackCount).toBe(2);
    });

    it('take ids in capitals as the same ids (UUIDs are case-insensitive): one music named twice is added once, and the library is found', async () => {
      const lib = (await create({ name: 'Capitals', type: 'AI' })).body;
      const id = music['ai one']!;
      const added = await h.call('POST', `/api/v1/admin/libraries/${lib.id.toUpperCase()}/music`, { token: h.operator, body: { musicIds: [id, id.toUpperCase()] } });
      expect(added.status).toBe(200);
      expect(added.body).toEqual({ libraryId: lib.id, addedCount: 1, trackCount: 1 });
    });

    it('list their music newest assignment first (createdAt = assignment time), without deleted music; removing is idempotent', async () => {
      const lib = (await create({ name: 'Order', type: 'AI' })).body;
      h.clock.advance(1000);
      await h.call('POST', `/api/v1/admin/libraries/${lib.id}/music`, { token: h.operator, body: { musicIds: [music['ai two']] } });
      h.clock.advance(1000);
      await h.call('POST', `/api/v1/admin/libraries/${lib.id}/music`, { token: h.operator, body: { musicIds: [music['ai one']] } });
      const list = await h.call('GET', `/api/v1/admin/libraries/${lib.id}/music`, { token: h.operator });
      expect(list.body.items.map((m: { id: string }) => m.id)).toEqual([music['ai one'], music['ai two']]);
      expect(list.body.items[0].createdAt).toBe(h.clock.now().toISOString());
      const hqView = await h.call('GET', `/api/v1/hq/libraries/${lib.id}/music?size=1`, { token: hqToken });
      expect(hqView.body).toMatchObject({ page: 0, size: 1, total: 2 });
      expect((await h.call('DELETE', `/api/v1/admin/libraries/${lib.id}/music/${music['ai one']}`, { token: h.operator })).status).toBe(204);
      expect((await h.call('DELETE', `/api/v1/admin/libraries/${lib.id}/music/${music['ai one']}`, { token: h.operator })).status).toBe(204);
      expect((await h.call('GET', `/api/v1/admin/libraries/${lib.id}/music`, { token: h.operator })).body.total).toBe(1);
    });

    it('are renamed (type immutable), soft-deleted (404 LIBRARY_NOT_FOUND afterwards, also for HQ managers)', async () => {
      const lib = (await create({ name: 'Temp', type: 'TRUST' })).body;
      const renamed = await h.call('PATCH', `/api/v1/admin/libraries/${lib.id}`, { token: h.operator, body: { name: 'Renamed' } });
      expect(renamed.body).toMatchObject({ name: 'Renamed', type: 'TRUST' });
      expect((await h.call('PATCH', `/api/v1/admin/libraries/${lib.id}`, { token: h.operator, body: { name: 'x', type: 'AI' } })).body.error.code).toBe('VALIDATION_FAILED');
      expect((await h.call('DELETE', `/api/v1/admin/libraries/${lib.id}`, { token: h.operator })).status).toBe(204);
      expect((await h.call('DELETE', `/api/v1/admin/libraries/${lib.id}`, { token: h.operator })).body.error.code).toBe('LIBRARY_NOT_FOUND');
      expect((await h.call('GET', `/api/v1/admin/libraries/${lib.id}`, { token: h.operator })).body.error.code).toBe('LIBRARY_NOT_FOUND');
      expect((await h.call('GET', `/api/v1/hq/libraries/${lib.id}`, { token: hqToken })).body.error.code).toBe('LIBRARY_NOT_FOUND');
      expect((await h.call('GET', `/api/v1/hq/libraries/${lib.id}/music`, { token: hqToken })).body.error.code).toBe('LIBRARY_NOT_FOUND');
      expect((await h.call('POST', `/api/v1/admin/libraries/${lib.id}/music`, { token: h.operator, body: { musicIds: [music['trust one']] } })).body.error.code).toBe('LIBRARY_NOT_FOUND');
    });

    it('HQ managers read every live library by name with a type filter; operators and HQ managers only', async () => {
      await create({ name: 'aaa first', type: 'TRUST' });
      const list = await h.call('GET', '/api/v1/hq/libraries?size=100', { token: hqToken });
      const names = list.body.items.map((l: { name: string }) => l.name);
      expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(names).not.toContain('Renamed');
      const trust = await h.call('GET', '/api/v1/hq/libraries?type=TRUST', { token: hqToken });
      expect(trust.body.items.every((l: { type: string }) => l.type === 'TRUST')).toBe(true);
      expect((await h.call('GET', '/api/v1/hq/libraries?q=CAFE', { token: hqToken })).body.items.map((l: { name: string }) => l.name)).toEqual(['Cafe AI']);
      expect((await h.call('GET', '/api/v1/hq/libraries', { token: h.token('STORE_MANAGER', { storeId: MISSING }) })).status).toBe(403);
      expect((await h.call('GET', '/api/v1/admin/libraries', { token: hqToken })).status).toBe(403);
      const noHq = await h.call('GET', '/api/v1/hq/libraries', { token: h.token('HQ_MANAGER') });
      expect(noHq.body.error.code).toBe('PRINCIPAL_SCOPE_MISMATCH');
    });
  });
});
