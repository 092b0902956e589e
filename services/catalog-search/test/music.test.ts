import NodeID3 from 'node-id3';
import { sql } from 'drizzle-orm';
import { startHarness, type Harness } from './support/harness';
import { mp3Form, sineMp3, taggedMp3 } from './support/mp3';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000200d4e0c1d10000000049454e44ae426082', 'hex');
/** music-metadata is ESM-only: loaded the way the service loads it. */
const parseBuffer = async (bytes: Buffer, fileInfo: { mimeType: string }) => (await import('music-metadata')).parseBuffer(bytes, fileInfo);
/** An ID3v2 header claiming a tag far larger than the file: a damaged tag. */
const DAMAGED_ID3 = Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0x7f, 0x7f, 0x7f, 0x7f]), Buffer.alloc(2000, 0x41)]);

describe('operator music catalog', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ MUSIC_MAX_BYTES: '100000' });
  });
  afterAll(() => h.stop());

  const upload = (bytes: Uint8Array, query = 'title=Morning%20Coffee&durationSeconds=182&musicSource=AI', name = 'morning.mp3') =>
    h.call('POST', `/api/v1/admin/music?${query}`, { token: h.operator, form: mp3Form(bytes, name) });
  const musicCount = async () => Number((await h.service.runtime.db.execute<{ n: string }>(sql`select count(*) as n from music`)).rows[0]!.n);

  describe('uploading', () => {
    it('stores a real MP3 under {prefix}/{id}.mp3 with a rewritten ID3v2.4 tag that two independent readers agree on', async () => {
      const original = await taggedMp3({ title: 'From the client', genre: 'Jazz', trackNumber: '7' });
      const res = await upload(original);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ title: 'Morning Coffee', durationSeconds: 182, musicSource: 'AI', genre: null, moods: [] });
      expect(res.body.audioUrl).toMatch(new RegExp(`/music/${res.body.id}\\.mp3\\?`));

      const stored = (await h.service.ctx.storage.get(`music/${res.body.id}.mp3`))!;
      // Served by the presigned URL as stored.
      expect(Buffer.from(await (await fetch(res.body.audioUrl)).arrayBuffer())).toEqual(stored);
      expect(stored.subarray(0, 4)).toEqual(Buffer.from([0x49, 0x44, 0x33, 0x04])); // "ID3" v2.4
      // No ID3v1 tag appended at the end.
      expect(stored.subarray(stored.length - 128, stored.length - 125).toString('latin1')).not.toBe('TAG');

      // Reader 1: node-id3.
      const id3 = NodeID3.read(stored);
      expect(id3.title).toBe('Morning Coffee');
      expect(id3.artist).toBe('Storecast Test');
      expect(id3.album).toBe('Storecast Test');
      expect(id3.performerInfo).toBe('Storecast Test');
      expect(id3.userDefinedText).toEqual([{ description: 'STORECAST_REWRITTEN_AT', value: '2026-11-23 10:00:00' }]);
      expect(id3.image).toMatchObject({ mime: 'image/png', type: { id: 3 } });
      expect(id3.genre).toBeUndefined();
      expect(id3.trackNumber).toBeUndefined();
      expect(id3.length).toBeUndefined();

      // Reader 2: music-metadata.
      const metadata = await parseBuffer(stored, { mimeType: 'audio/mpeg' });
      const native = metadata.native['ID3v2.4']!;
      expect(native).toBeDefined();
      const ids = native.map((t) => t.id).sort();
      expect(ids).toEqual(['APIC', 'TALB', 'TDRC', 'TIT2', 'TPE1', 'TPE2', 'TXXX:STORECAST_REWRITTEN_AT'].sort());
      expect(metadata.common).toMatchObject({ title: 'Morning Coffee', artist: 'Storecast Test', album: 'Storecast Test', albumartist: 'Storecast Test', date: '2026' });
      expect(metadata.common.picture?.[0]?.format).toBe('image/png');
      expect(metadata.format.codec).toMatch(/MPEG 1 Layer 3/);
    });

    it('records MUSIC_UPLOADED (original name and size, title snapshot) and announces catalog.music.uploaded', async () => {
      const bytes = sineMp3();
      const res = await upload(bytes, 'title=Audited&durationSeconds=61.5&musicSource=TRUST', 'audited.mp3');
      expect(res.status).toBe(201);
      const [audit] = (await h.audits('MUSIC_UPLOADED')).filter((a) => a.target_id === res.body.id);
      expect(audit).toMatchObject({ target_type: 'MUSIC', target_label: 'Audited', actor_role: 'OPERATOR', detail: { originalFileName: 'audited.mp3', sizeBytes: bytes.length } });
      expect((await h.events('catalog.music.uploaded')).map((e) => e.data)).toContainEqual({ musicId: res.body.id, title: 'Audited', musicSource: 'TRUST', durationSeconds: 61.5 });
    });

    it.each([
      ['an empty file', Buffer.alloc(0), undefined],
      ['a file over the limit', Buffer.concat([sineMp3(), Buffer.alloc(100_000)]), undefined],
      ['a missing title', sineMp3(), 'durationSeconds=10&musicSource=AI'],
      ['a blank title', sineMp3(), 'title=%20%20&durationSeconds=10&musicSource=AI'],
      ['a title with a NUL byte', sineMp3(), 'title=a%00b&durationSeconds=10&musicSource=AI'],
      ['a title over 200 characters', sineMp3(), `title=${'x'.repeat(201)}&durationSeconds=10&musicSource=AI`],
      ['a missing musicSource', sineMp3(), 'title=x&durationSeconds=10'],
      ['a wrong musicSource', sineMp3(), 'title=x&durationSeconds=10&musicSource=LICENSED'],
      ['a missing durationSeconds', sineMp3(), 'title=x&musicSource=AI'],
      ['a durationSeconds that is not a number', sineMp3(), 'title=x&durationSeconds=long&musicSource=AI'],
    ])('%s answers 400 MUSIC_INVALID_FIELD and stores nothing', async (_name, bytes, query) => {
      const before = await musicCount();
      const res = await upload(bytes, query);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('MUSIC_INVALID_FIELD');
      expect(await musicCount()).toBe(before);
    });

    it('a request without a file part, or not multipart at all, answers 400 MUSIC_INVALID_FIELD', async () => {
      const form = new FormData();
      form.append('other', 'x');
      expect((await h.call('POST', '/api/v1/admin/music?title=x&durationSeconds=1&musicSource=AI', { token: h.operator, form })).body.error.code).toBe('MUSIC_INVALID_FIELD');
      const json = await h.call('POST', '/api/v1/admin/music?title=x&durationSeconds=1&musicSource=AI', { token: h.operator, body: { file: 'x' } });
      expect(json.status).toBe(400);
      expect(json.body.error.code).toBe('MUSIC_INVALID_FIELD');
    });

    it.each([
      ['a PNG sent as audio/mpeg', PNG],
      ['plain text', Buffer.from('not an mp3 at all '.repeat(50))],
      ['a damaged ID3 tag', DAMAGED_ID3],
      ['an MPEG frame header without audio', sineMp3().subarray(0, 4)],
    ])('%s answers 400 METADATA_PARSE_FAILED and stores nothing', async (_name, bytes) => {
      const before = await musicCount();
      const res = await upload(bytes);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('METADATA_PARSE_FAILED');
      expect(await musicCount()).toBe(before);
    });

    it('needs an operator: no token 401, an HQ manager 403 FORBIDDEN', async () => {
      expect((await h.call('POST', '/api/v1/admin/music?title=x&durationSeconds=1&musicSource=AI', { form: mp3Form(sineMp3()) })).status).toBe(401);
      const hq = h.token('HQ_MANAGER', { hqId: h.organization.addHq({ plan: 'TRUST' }).id });
      const res = await h.call('POST', '/api/v1/admin/music?title=x&durationSeconds=1&musicSource=AI', { token: hq, form: mp3Form(sineMp3()) });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    });
  });

  describe('listing, reading and deleting', () => {
    let ids: Record<string, string>;
    beforeAll(async () => {
      ids = {};
      for (const [title, source] of [['Alpha 100%', 'AI'], ['beta song', 'TRUST'], ['Gamma', 'AI'], ['ALPHA two', 'TRUST']] as const) {
        h.clock.advance(1000);
        ids[title] = (await upload(sineMp3(), `title=${encodeURIComponent(title)}&durationSeconds=30&musicSource=${source}`)).body.id;
      }
    });

    it('lists active music newest first, never with an audio URL, and filters by title (case-insensitive, partial) and musicSource', async () => {
      const all = await h.call('GET', '/api/v1/admin/music?size=100', { token: h.operator });
      expect(all.status).toBe(200);
      expect(all.body.items.slice(0, 4).map((m: { title: string }) => m.title)).toEqual(['ALPHA two', 'Gamma', 'beta song', 'Alpha 100%']);
      expect(all.body.items[0]).not.toHaveProperty('audioUrl');
      const alpha = await h.call('GET', '/api/v1/admin/music?q=alpha', { token: h.operator });
      expect(alpha.body.items.map((m: { title: string }) => m.title)).toEqual(['ALPHA two', 'Alpha 100%']);
      expect(alpha.body.total).toBe(2);
      const trustAlpha = await h.call('GET', '/api/v1/admin/music?q=ALPHA&musicSource=TRUST', { token: h.operator });
      expect(trustAlpha.body.items.map((m: { id: string }) => m.id)).toEqual([ids['ALPHA two']]);
      // % is a character, not a wildcard.
      expect((await h.call('GET', '/api/v1/admin/music?q=100%25', { token: h.operator })).body.items.map((m: { id: string }) => m.id)).toEqual([ids['Alpha 100%']]);
    });

    it('pages are 0-based and sizes are clamped to 1..100', async () => {
      const page = await h.call('GET', '/api/v1/admin/music?q=a&page=1&size=1', { token: h.operator });
      expect(page.body).toMatchObject({ page: 1, size: 1 });
      expect(page.body.items).toHaveLength(1);
      expect((await h.call('GET', '/api/v1/admin/music?size=0', { token: h.operator })).body.size).toBe(1);
      expect((await h.call('GET', '/api/v1/admin/music?size=1000', { token: h.operator })).body.size).toBe(100);
    });

    it('a search text over 100 characters, with a NUL byte, or a wrong musicSource answers 400 VALIDATION_FAILED', async () => {
      for (const query of [`q=${'a'.repeat(101)}`, 'q=a%00b', 'musicSource=JAZZ']) {
        const res = await h.call('GET', `/api/v1/admin/music?${query}`, { token: h.operator });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION_FAILED');
      }
    });

    it('the detail carries a presigned audio URL; a missing music is 404 MUSIC_NOT_FOUND, a malformed id 400', async () => {
      const res = await h.call('GET', `/api/v1/admin/music/${ids.Gamma}`, { token: h.operator });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: ids.Gamma, title: 'Gamma', musicSource: 'AI' });
      expect(res.body.audioUrl).toContain('X-Amz-Expires=900');
      expect((await h.call('GET', '/api/v1/admin/music/0190c6a0-0000-7000-8000-000000000000', { token: h.operator })).body.error.code).toBe('MUSIC_NOT_FOUND');
      expect((await h.call('GET', '/api/v1/admin/music/not-an-id', { token: h.operator })).status).toBe(400);
    });

    it('deleting hides the music (404 afterwards, also for a second delete), keeps its file, audits and announces it', async () => {
      const id = ids['beta song']!;
      expect((await h.call('DELETE', `/api/v1/admin/music/${id}`, { token: h.operator })).status).toBe(204);
      expect((await h.call('GET', `/api/v1/admin/music/${id}`, { token: h.operator })).body.error.code).toBe('MUSIC_NOT_FOUND');
      expect((await h.call('DELETE', `/api/v1/admin/music/${id}`, { token: h.operator })).body.error.code).toBe('MUSIC_NOT_FOUND');
      expect((await h.call('GET', '/api/v1/admin/music?q=beta', { token: h.operator })).body.total).toBe(0);
      expect(await h.service.ctx.storage.exists(`music/${id}.mp3`)).toBe(true);
      expect((await h.audits('MUSIC_DELETED')).filter((a) => a.target_id === id)).toEqual([expect.objectContaining({ target_label: 'beta song', detail: null })]);
      expect((await h.events('catalog.music.deleted')).map((e) => e.data)).toEqual([{ musicId: id }]);
    });
  });

  describe('replacing the file', () => {
    it('overwrites the file of the same id with a rewritten tag, optionally renames, audits and announces', async () => {
      const created = (await upload(sineMp3({ hz: 440 }), 'title=Old%20name&durationSeconds=10&musicSource=AI')).body;
      h.clock.advance(60_000);
      const next = sineMp3({ hz: 880, seconds: 2 });
      const res = await h.call('PUT', `/api/v1/admin/music/${created.id}/file?title=New%20name`, { token: h.operator, form: mp3Form(next, 'new.mp3') });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: created.id, title: 'New name', musicSource: 'AI' });
      const stored = (await h.service.ctx.storage.get(`music/${created.id}.mp3`))!;
      expect(NodeID3.read(stored).title).toBe('New name');
      expect((await parseBuffer(stored, { mimeType: 'audio/mpeg' })).format.duration).toBeGreaterThan(1.9);
      expect((await h.audits('MUSIC_FILE_REPLACED')).filter((a) => a.target_id === created.id)).toEqual([
        expect.objectContaining({ target_label: 'New name', detail: { originalFileName: 'new.mp3', sizeBytes: next.length } }),
      ]);
      expect((await h.events('catalog.music.replaced')).map((e) => e.data)).toContainEqual({ musicId: created.id, title: 'New name' });
      // Without a title the name stays.
      const again = await h.call('PUT', `/api/v1/admin/music/${created.id}/file`, { token: h.operator, form: mp3Form(sineMp3()) });
      expect(again.body.title).toBe('New name');
    });

    it('a missing or deleted music is 404 MUSIC_NOT_FOUND; a file that is not an MP3 400 METADATA_PARSE_FAILED and the old file stays', async () => {
      expect((await h.call('PUT', '/api/v1/admin/music/0190c6a0-0000-7000-8000-000000000000/file', { token: h.operator, form: mp3Form(sineMp3()) })).body.error.code).toBe('MUSIC_NOT_FOUND');
      const created = (await upload(sineMp3())).body;
      const before = await h.service.ctx.storage.get(`music/${created.id}.mp3`);
      const res = await h.call('PUT', `/api/v1/admin/music/${created.id}/file`, { token: h.operator, form: mp3Form(PNG, 'x.png') });
      expect(res.body.error.code).toBe('METADATA_PARSE_FAILED');
      expect(await h.service.ctx.storage.get(`music/${created.id}.mp3`)).toEqual(before);
      const empty = await h.call('PUT', `/api/v1/admin/music/${created.id}/file`, { token: h.operator, form: mp3Form(Buffer.alloc(0)) });
      expect(empty.body.error.code).toBe('MUSIC_INVALID_FIELD');
    });
  });
});
