import { sql } from 'drizzle-orm';
import { createCommercialClient } from '@storecast/proto';
import { callUnary, newId, TicketSigner, type UploadPurpose } from '@storecast/service-kit';
import { fileForm, sampleMp3, sampleWebm, startHarness, type Harness } from './support/harness';

const SECRET = 'dispatch-upload-ticket-secret-0123456789';
const DAY = 24 * 3600_000;

let h: Harness;
let signer: TicketSigner;
let client: ReturnType<typeof createCommercialClient>;
const mp3 = sampleMp3(2);

beforeAll(async () => {
  h = await startHarness({ env: { UPLOAD_TICKET_SECRET: SECRET, COMMERCIAL_MAX_BYTES: String(mp3.length + 1000) } });
  signer = new TicketSigner(SECRET, h.clock);
  client = createCommercialClient(`127.0.0.1:${h.service.grpcPort}`);
});
afterAll(async () => {
  client.close();
  await h.stop();
});

const register = (token: string | undefined, bytes: Uint8Array = mp3, query = 'title=Spring%20sale&durationSeconds=30', headers?: Record<string, string>) =>
  h.api('POST', `/api/v1/hq/commercials?${query}`, { token, form: fileForm(bytes, 'spring.mp3', 'audio/mpeg'), headers });
const replace = (token: string | undefined, id: string, bytes: Uint8Array = mp3, query = 'durationSeconds=45', headers?: Record<string, string>) =>
  h.api('PUT', `/api/v1/hq/commercials/${id}/file?${query}`, { token, form: fileForm(bytes, 'new.mp3', 'audio/mpeg'), headers });
const patch = (token: string, id: string, body: unknown) => h.api('PATCH', `/api/v1/hq/commercials/${id}`, { token, body });
const audits = async (targetId: string) =>
  (await h.service.runtime.db.execute(sql`select * from audit_records where target_id = ${targetId} order by created_at, id`)).rows as Array<Record<string, unknown>>;
const rowCount = async () => ((await h.service.runtime.db.execute(sql`select count(*)::int as n from commercial_songs`)).rows[0] as { n: number }).n;
const newHq = () => {
  const hqId = newId();
  return { hqId, token: h.tokenForHq(hqId) };
};

describe('register', () => {
  it('stores the MP3 as uploaded and answers 201 with the song; audit HQ_COMMERCIAL_CREATED', async () => {
    const res = await register(h.hqToken);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      title: 'Spring sale',
      audioUrl: expect.any(String),
      durationSeconds: 30,
      isActive: true,
      createdAt: h.clock.now().toISOString(),
      updatedAt: h.clock.now().toISOString(),
    });
    const audio = await fetch(res.body.audioUrl);
    expect(Buffer.compare(Buffer.from(await audio.arrayBuffer()), mp3)).toBe(0);
    expect(await audits(res.body.id)).toEqual([
      expect.objectContaining({ action: 'HQ_COMMERCIAL_CREATED', actor_role: 'HQ_MANAGER', actor_account_id: h.hqAccountId, hq_id: h.hqId, target_label: 'Spring sale' }),
    ]);
  });

  it.each([
    ['an empty file', Buffer.alloc(0), undefined, 'FILE_EMPTY'],
    ['a file over the limit', Buffer.concat([mp3, Buffer.alloc(2000)]), undefined, 'FILE_TOO_LARGE'],
    ['a WebM file', sampleWebm(), undefined, 'FILE_NOT_MP3'],
    ['text declared as audio/mpeg', Buffer.from('not an mp3 '.repeat(100)), undefined, 'FILE_NOT_MP3'],
    ['an ID3 tag over garbage', Buffer.concat([Buffer.from('ID3'), Buffer.from([4, 0, 0, 0, 0, 0, 10]), Buffer.alloc(10), Buffer.from('garbage '.repeat(50))]), undefined, 'FILE_NOT_MP3'],
    ['a missing title', mp3, 'durationSeconds=30', 'title'],
    ['a blank title', mp3, 'title=%20&durationSeconds=30', 'title'],
    ['a title over 200 characters', mp3, `title=${'t'.repeat(201)}&durationSeconds=30`, 'title'],
    ['durationSeconds 0', mp3, 'title=x&durationSeconds=0', 'durationSeconds'],
    ['durationSeconds 3601', mp3, 'title=x&durationSeconds=3601', 'durationSeconds'],
    ['a fractional durationSeconds', mp3, 'title=x&durationSeconds=1.5', 'durationSeconds'],
    ['a missing durationSeconds', mp3, 'title=x', 'durationSeconds'],
  ])('%s answers 400 VALIDATION_FAILED (%s) and stores nothing', async (_name, bytes, query, detail) => {
    const before = await rowCount();
    const res = await register(h.hqToken, bytes, query);
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(JSON.stringify(res.body.error.details)).toContain(detail);
    expect(await rowCount()).toBe(before);
  });

  it('durations 1 and 3600 and a 200-character title are accepted; a NUL byte in the title is 400, never 500', async () => {
    expect((await register(h.hqToken, mp3, 'title=x&durationSeconds=1')).status).toBe(201);
    expect((await register(h.hqToken, mp3, `title=${'t'.repeat(200)}&durationSeconds=3600`)).status).toBe(201);
    expect((await h.api.unchecked('POST', '/api/v1/hq/commercials?title=a%00b&durationSeconds=3', { token: h.hqToken, form: fileForm(mp3) })).status).toBe(400);
  });

  it('needs an HQ manager: a store manager is 403, no credentials 401', async () => {
    expect((await register(h.storeToken(newId()))).status).toBe(403);
    expect((await register(undefined)).status).toBe(401);
  });
});

describe('list, update, delete', () => {
  let hq: { hqId: string; token: string };
  let ids: string[];
  beforeAll(async () => {
    hq = newHq();
    ids = [];
    for (const title of ['A', 'B', 'C']) {
      h.clock.advance(1000);
      ids.push((await register(hq.token, mp3, `title=${title}&durationSeconds=10`)).body.id);
    }
  });

  it('lists the HQ\'s songs newest first, paged, never another HQ\'s', async () => {
    const res = await h.api('GET', '/api/v1/hq/commercials?size=2', { token: hq.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 0, size: 2, total: 3 });
    expect(res.body.items.map((i: { title: string }) => i.title)).toEqual(['C', 'B']);
    expect((await h.api('GET', '/api/v1/hq/commercials', { token: newHq().token })).body.total).toBe(0);
  });

  it('PATCH changes title and isActive; null or absent fields stay; both null (or an empty body) is a 200 no-op', async () => {
    const id = ids[0]!;
    h.clock.advance(1000);
    const res = await patch(hq.token, id, { title: 'A renamed', isActive: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'A renamed', isActive: true, updatedAt: h.clock.now().toISOString() });
    const off = await patch(hq.token, id, { isActive: false });
    expect(off.body).toMatchObject({ title: 'A renamed', isActive: false });
    h.clock.advance(1000);
    const noop = await patch(hq.token, id, { title: null, isActive: null });
    expect(noop.status).toBe(200);
    // Unchanged (the presigned audioUrl is signed anew on every answer).
    expect({ ...noop.body, audioUrl: undefined }).toEqual({ ...off.body, audioUrl: undefined });
    expect((await patch(hq.token, id, {})).status).toBe(200);
    expect((await h.api('PATCH', `/api/v1/hq/commercials/${id}`, { token: hq.token })).status).toBe(200);
    expect((await audits(id)).map((a) => a.action)).toEqual(['HQ_COMMERCIAL_CREATED', 'HQ_COMMERCIAL_UPDATED', 'HQ_COMMERCIAL_UPDATED']);
    await patch(hq.token, id, { isActive: true });
  });

  it.each([
    ['a blank title', { title: ' ' }],
    ['a title over 200 characters', { title: 't'.repeat(201) }],
    ['isActive as a string', { isActive: 'false' }],
  ])('PATCH with %s answers 400 VALIDATION_FAILED', async (_name, body) => {
    const res = await patch(hq.token, ids[1]!, body);
    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('another HQ\'s song is 404 COMMERCIAL_SONG_NOT_FOUND on PATCH, file replace and delete, and stays unchanged', async () => {
    const other = newHq();
    const id = ids[1]!;
    for (const res of [await patch(other.token, id, { title: 'stolen' }), await replace(other.token, id), await h.api('DELETE', `/api/v1/hq/commercials/${id}`, { token: other.token })]) {
      expect([res.status, res.body.error.code]).toEqual([404, 'COMMERCIAL_SONG_NOT_FOUND']);
    }
    const row = (await h.service.runtime.db.execute(sql`select title, deleted_at from commercial_songs where id = ${id}`)).rows[0];
    expect(row).toEqual({ title: 'B', deleted_at: null });
  });

  it('replace overwrites the file under the same id with its duration (and title when given); audit HQ_COMMERCIAL_FILE_REPLACED', async () => {
    const id = ids[2]!;
    const before = (await h.service.runtime.db.execute(sql`select audio_key from commercial_songs where id = ${id}`)).rows[0] as { audio_key: string };
    const next = sampleMp3(1.5);
    const res = await replace(hq.token, id, next, 'durationSeconds=2&title=C%20v2');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, title: 'C v2', durationSeconds: 2 });
    const after = (await h.service.runtime.db.execute(sql`select audio_key, size_bytes from commercial_songs where id = ${id}`)).rows[0] as { audio_key: string; size_bytes: number };
    expect(after).toEqual({ audio_key: before.audio_key, size_bytes: next.length });
    expect(Buffer.compare((await h.service.context.storage.get(after.audio_key))!, next)).toBe(0);
    expect((await audits(id)).map((a) => a.action)).toEqual(['HQ_COMMERCIAL_CREATED', 'HQ_COMMERCIAL_FILE_REPLACED']);
    const bad = await replace(hq.token, id, sampleWebm());
    expect([bad.status, bad.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(Buffer.compare((await h.service.context.storage.get(after.audio_key))!, next)).toBe(0);
    expect((await replace(hq.token, newId())).status).toBe(404);
  });

  it('delete is soft: 204, gone from the list and every route, a second delete is 404', async () => {
    const extra = (await register(hq.token, mp3, 'title=Temp&durationSeconds=5')).body.id;
    expect((await h.api('DELETE', `/api/v1/hq/commercials/${extra}`, { token: hq.token })).status).toBe(204);
    expect((await h.api('GET', '/api/v1/hq/commercials', { token: hq.token })).body.items.map((i: { id: string }) => i.id)).not.toContain(extra);
    expect((await h.api('DELETE', `/api/v1/hq/commercials/${extra}`, { token: hq.token })).status).toBe(404);
    expect((await patch(hq.token, extra, { title: 'x' })).status).toBe(404);
    const row = (await h.service.runtime.db.execute(sql`select deleted_at from commercial_songs where id = ${extra}`)).rows[0] as { deleted_at: string | null };
    expect(row.deleted_at).not.toBeNull();
  });
});

describe('gRPC CommercialService.ListActiveCommercialSongs', () => {
  it('answers the HQ\'s active, non-deleted songs in ascending id with playable URLs; none for an unknown or malformed HQ', async () => {
    const hq = newHq();
    const created: string[] = [];
    for (const title of ['one', 'two', 'three', 'four']) created.push((await register(hq.token, mp3, `title=${title}&durationSeconds=15`)).body.id);
    await patch(hq.token, created[1]!, { isActive: false });
    await h.api('DELETE', `/api/v1/hq/commercials/${created[2]}`, { token: hq.token });
    await register(newHq().token); // another HQ's
    const res = await callUnary(client, 'listActiveCommercialSongs', { hqId: hq.hqId });
    const expected = [created[0]!, created[3]!].sort();
    expect(res.songs.map((s) => s.id)).toEqual(expected);
    expect(res.songs[0]).toMatchObject({ durationSeconds: 15, audioUrl: expect.stringContaining('http') });
    expect((await fetch(res.songs[0]!.audioUrl)).status).toBe(200);
    expect((await callUnary(client, 'listActiveCommercialSongs', { hqId: newId() })).songs).toEqual([]);
    expect((await callUnary(client, 'listActiveCommercialSongs', { hqId: 'not-a-uuid' })).songs).toEqual([]);
  });
});

describe('purge for good', () => {
  it('90 days after the soft delete: file and row removed, dispatch.commercial.purged emitted once, even with two replicas at once', async () => {
    const hq = newHq();
    const gone = (await register(hq.token, mp3, 'title=Old&durationSeconds=5')).body.id;
    const kept = (await register(hq.token, mp3, 'title=Kept&durationSeconds=5')).body.id;
    const key = ((await h.service.runtime.db.execute(sql`select audio_key from commercial_songs where id = ${gone}`)).rows[0] as { audio_key: string }).audio_key;
    await h.api('DELETE', `/api/v1/hq/commercials/${gone}`, { token: hq.token });
    h.clock.advance(90 * DAY - 1);
    await h.service.purge.runNow();
    expect(await h.service.context.storage.exists(key)).toBe(true);
    h.clock.advance(1);
    const replica = await h.startReplica();
    const [a, b] = await Promise.all([h.service.purge.runNow(), replica.purge.runNow()]);
    // Songs other tests deleted go too; each is purged by exactly one replica (one event each).
    expect(a.commercials + b.commercials).toBeGreaterThanOrEqual(1);
    expect(await h.service.context.storage.exists(key)).toBe(false);
    expect((await h.service.runtime.db.execute(sql`select id from commercial_songs where id in (${gone}, ${kept})`)).rows).toEqual([{ id: kept }]);
    const events = (await h.outbox('dispatch.commercial.purged')).filter((e) => e.payload.commercialId === gone);
    expect(events.map((e) => e.payload)).toEqual([{ commercialId: gone, hqId: hq.hqId }]);
    const all = (await h.outbox('dispatch.commercial.purged')).map((e) => e.payload.commercialId);
    expect(new Set(all).size).toBe(all.length);
    expect((await h.service.purge.runNow()).commercials).toBe(0);
  });
});

describe('upload tickets (gateway POST /api/v1/uploads/files forwards them here)', () => {
  const hqAccount = newId();
  const ticket = (purpose: UploadPurpose, hqId: string, targetId?: string, ttl = 600) =>
    signer.issue('upload', { sub: hqAccount, role: 'HQ_MANAGER', hqId, purpose, targetId }, ttl).ticket;
  const withTicket = (t: string) => ({ 'x-upload-ticket': t });

  it('a COMMERCIAL_CREATE ticket registers for the ticket\'s HQ, audited as its account', async () => {
    const hq = newHq();
    const res = await register(undefined, mp3, 'title=Ticketed&durationSeconds=9', withTicket(ticket('COMMERCIAL_CREATE', hq.hqId)));
    expect(res.status).toBe(201);
    const row = (await h.service.runtime.db.execute(sql`select hq_id from commercial_songs where id = ${res.body.id}`)).rows[0];
    expect(row).toEqual({ hq_id: hq.hqId });
    expect((await audits(res.body.id))[0]).toMatchObject({ action: 'HQ_COMMERCIAL_CREATED', actor_account_id: hqAccount, actor_role: 'HQ_MANAGER' });
  });

  it('a COMMERCIAL_REPLACE ticket replaces its own song only; a create ticket, another purpose, a foreign target or an expired ticket is 401 UPLOAD_TICKET_INVALID', async () => {
    const hq = newHq();
    const id = (await register(hq.token)).body.id;
    const other = (await register(hq.token)).body.id;
    expect((await replace(undefined, id, mp3, 'durationSeconds=7', withTicket(ticket('COMMERCIAL_REPLACE', hq.hqId, id)))).status).toBe(200);
    const expired = ticket('COMMERCIAL_REPLACE', hq.hqId, id, 1);
    h.clock.advance(2000);
    for (const t of [ticket('COMMERCIAL_REPLACE', hq.hqId, other), ticket('COMMERCIAL_CREATE', hq.hqId), ticket('MUSIC_REPLACE', hq.hqId, id), expired, 'forged.ticket']) {
      const res = await replace(undefined, id, mp3, 'durationSeconds=7', withTicket(t));
      expect([res.status, res.body.error.code]).toEqual([401, 'UPLOAD_TICKET_INVALID']);
    }
    const replaceTicketOnCreate = await register(undefined, mp3, undefined, withTicket(ticket('COMMERCIAL_REPLACE', hq.hqId, id)));
    expect([replaceTicketOnCreate.status, replaceTicketOnCreate.body.error.code]).toEqual([401, 'UPLOAD_TICKET_INVALID']);
  });

  it('a replace ticket of another HQ\'s song cannot reach it (404), and the other routes take no tickets (401)', async () => {
    const owner = newHq();
    const intruder = newHq();
    const id = (await register(owner.token)).body.id;
    const res = await replace(undefined, id, mp3, 'durationSeconds=7', withTicket(ticket('COMMERCIAL_REPLACE', intruder.hqId, id)));
    expect([res.status, res.body.error.code]).toEqual([404, 'COMMERCIAL_SONG_NOT_FOUND']);
    const list = await h.api('GET', '/api/v1/hq/commercials', { headers: withTicket(ticket('COMMERCIAL_CREATE', owner.hqId)) });
    expect(list.status).toBe(401);
  });
});

describe('without an upload ticket secret', () => {
  let plain: Harness;
  beforeAll(async () => {
    plain = await startHarness();
  });
  afterAll(async () => {
    await plain.stop();
  });

  it('a ticket answers 503 UPLOAD_NOT_CONFIGURED; bearer tokens still work', async () => {
    const t = new TicketSigner(SECRET, plain.clock).issue('upload', { sub: newId(), role: 'HQ_MANAGER', hqId: plain.hqId, purpose: 'COMMERCIAL_CREATE' }, 600).ticket;
    const res = await plain.api('POST', '/api/v1/hq/commercials?title=x&durationSeconds=3', { form: fileForm(mp3), headers: { 'x-upload-ticket': t } });
    expect([res.status, res.body.error.code]).toEqual([503, 'UPLOAD_NOT_CONFIGURED']);
    expect((await plain.api('POST', '/api/v1/hq/commercials?title=x&durationSeconds=3', { token: plain.hqToken, form: fileForm(mp3) })).status).toBe(201);
  });
});
