import { sql } from 'drizzle-orm';
import { newId } from '@storecast/service-kit';
import { localSpeech } from '../src/adapters/local-speech';
import { ttsFailed, ttsNotConfigured } from '../src/app/tts-errors';
import type { SpeechSynthesizer } from '../src/app/ports';
import { slotOf } from '../src/domain/broadcast-rules';
import { kstDate, kstDateWindow } from '../src/domain/kst';
import { announcementBody, fileForm, sampleMp3, sampleMp4, sampleWav, sampleWebm, startHarness, T0, type Harness } from './support/harness';

/** Local speech, switchable to "not configured" (503) or "failed" (502). */
let ttsMode: 'ok' | 'none' | 'fail' = 'ok';
const local = localSpeech({ espeakBin: 'espeak-ng', lameBin: 'lame', timeoutMs: 30_000 });
const tts: SpeechSynthesizer = {
  provider: 'local',
  synthesize: (req) => (ttsMode === 'none' ? Promise.reject(ttsNotConfigured()) : ttsMode === 'fail' ? Promise.reject(ttsFailed()) : local.synthesize(req)),
};

let h: Harness;
let hqAnnouncementId: string;

beforeAll(async () => {
  h = await startHarness({ deps: { tts } });
  hqAnnouncementId = (await h.api('POST', '/api/v1/hq/announcements', { token: h.hqToken, body: announcementBody() })).body.id;
});
afterAll(async () => {
  await h.stop();
});
afterEach(() => {
  ttsMode = 'ok';
});

/** A store of the HQ with its manager's token. */
const newStore = (region: string | null = null) => {
  const store = h.peers.addStore(h.hqId, { region });
  return { id: store.id, token: h.storeToken(store.id) };
};
const preview = (token: string, body: unknown = { text: '주차장 이용 안내 드립니다.', voice: 'AERAN' }) => h.api('POST', '/api/v1/store/broadcasts/preview', { token, body });
const send = (token: string, announcementId: string, body?: unknown) => h.api('POST', `/api/v1/store/broadcasts/${announcementId}/send`, { token, body });
const record = (token: string, bytes: Uint8Array, query = 'durationSeconds=5', type = 'audio/webm') =>
  h.api('POST', `/api/v1/store/broadcasts/recording?${query}`, { token, form: fileForm(bytes, 'rec.bin', type) });
const hqReserve = (storeIds: string[], scheduledAt: Date) =>
  h.api('POST', `/api/v1/hq/announcements/${hqAnnouncementId}/dispatches`, { token: h.hqToken, body: { target: 'STORES', storeIds, scheduledAt: scheduledAt.toISOString() } });
const pendingIds = async (token: string) =>
  ((await h.api('GET', '/api/v1/store/announcements/pending', { token })).body.items as Array<{ dispatchId: string }>).map((i) => i.dispatchId);
const draftCount = async () =>
  ((await h.service.runtime.db.execute(sql`select count(*)::int as n from announcements where source = 'STORE_BROADCAST'`)).rows[0] as { n: number }).n;

describe('preview', () => {
  it('synthesizes a draft of the store (tone NORMAL, tempo 1.0), playable, kept for 24 hours and not dispatched', async () => {
    const s = newStore();
    const res = await preview(s.token, { text: '주차장 이용 안내 드립니다.', voice: 'AERAN', isEmergency: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ isEmergency: true, audioUrl: expect.any(String) });
    expect(res.body.durationSeconds).toBeGreaterThan(0.5);
    const audio = await fetch(res.body.audioUrl);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    const row = (await h.service.runtime.db.execute(sql`select * from announcements where id = ${res.body.announcementId}`)).rows[0] as Record<string, unknown>;
    expect(row).toMatchObject({ source: 'STORE_BROADCAST', store_id: s.id, hq_id: h.hqId, tone_preset: 'NORMAL', tempo: 1, broadcast_kind: 'TTS', title: '주차장 이용 안내 드립니다.' });
    expect(new Date(row.expires_at as string).getTime() - new Date(row.created_at as string).getTime()).toBe(24 * 3600_000);
    expect(((await h.service.runtime.db.execute(sql`select count(*)::int as n from dispatches where announcement_id = ${res.body.announcementId}`)).rows[0] as { n: number }).n).toBe(0);
  });

  it('isEmergency absent or null is false', async () => {
    const s = newStore();
    expect((await preview(s.token)).body.isEmergency).toBe(false);
    expect((await preview(s.token, { text: '안내', voice: 'SHEAN', isEmergency: null })).body.isEmergency).toBe(false);
  });

  it('a draft never appears in HQ views: list, detail, update, delete, dispatch and history answer as if it did not exist', async () => {
    const s = newStore();
    const draftId = (await preview(s.token)).body.announcementId as string;
    const list = await h.api('GET', '/api/v1/hq/announcements?size=100', { token: h.hqToken });
    expect(list.body.items.map((i: { id: string }) => i.id)).not.toContain(draftId);
    const path = `/api/v1/hq/announcements/${draftId}`;
    expect((await h.api('GET', path, { token: h.hqToken })).body.error.code).toBe('TTS_ANNOUNCEMENT_NOT_FOUND');
    expect((await h.api('PUT', path, { token: h.hqToken, body: announcementBody() })).status).toBe(404);
    expect((await h.api('DELETE', path, { token: h.hqToken })).status).toBe(404);
    expect((await h.api('POST', `${path}/dispatches`, { token: h.hqToken, body: { target: 'ALL' } })).status).toBe(404);
    expect((await h.api('GET', `${path}/dispatches`, { token: h.hqToken })).status).toBe(404);
  });

  it.each([
    ['an empty text', { text: '', voice: 'SHEAN' }],
    ['a blank text', { text: '   ', voice: 'SHEAN' }],
    ['a text over 200 characters', { text: '가'.repeat(201), voice: 'SHEAN' }],
    ['a missing voice', { text: '안내' }],
    ['an unknown voice', { text: '안내', voice: 'ROBOT' }],
    ['a text with a control character', { text: 'a\u0007b', voice: 'SHEAN' }],
    ['a text that is a number', { text: 42, voice: 'SHEAN' }],
    ['isEmergency as a string', { text: '안내', voice: 'SHEAN', isEmergency: 'yes' }],
  ])('%s answers 400 VALIDATION_FAILED and creates no draft', async (_name, body) => {
    const before = await draftCount();
    const res = await preview(newStore().token, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(await draftCount()).toBe(before);
  });

  it('200 characters are accepted; NUL bytes and lone surrogates are refused with 400, never 500', async () => {
    const s = newStore();
    expect((await preview(s.token, { text: '가'.repeat(200), voice: 'SHEAN' })).status).toBe(201);
    expect((await h.api.unchecked('POST', '/api/v1/store/broadcasts/preview', { token: s.token, body: { text: 'a\u0000b', voice: 'SHEAN' } })).status).toBe(400);
    const surrogate = await h.api.unchecked('POST', '/api/v1/store/broadcasts/preview', { token: s.token, raw: { contentType: 'application/json', data: '{"text":"a\\ud800b","voice":"SHEAN"}' } });
    expect(surrogate.status).toBe(400);
  });

  it('synthesis not configured answers 503 TTS_TOKEN_NOT_CONFIGURED, failed synthesis 502 TTS_SYNTHESIS_FAILED; no draft either way', async () => {
    const s = newStore();
    const before = await draftCount();
    ttsMode = 'none';
    const none = await preview(s.token);
    expect([none.status, none.body.error.code]).toEqual([503, 'TTS_TOKEN_NOT_CONFIGURED']);
    ttsMode = 'fail';
    const fail = await preview(s.token);
    expect([fail.status, fail.body.error.code]).toEqual([502, 'TTS_SYNTHESIS_FAILED']);
    expect(await draftCount()).toBe(before);
  });

  it('an HQ manager is refused (403) and no token is 401', async () => {
    expect((await preview(h.hqToken)).status).toBe(403);
    expect((await h.api('POST', '/api/v1/store/broadcasts/preview', { body: { text: '안내', voice: 'SHEAN' } })).status).toBe(401);
  });
});

describe('recording', () => {
  it.each([
    ['WebM', sampleWebm(), 'audio/webm', 'webm'],
    ['MP4 audio (M4A)', sampleMp4('M4A '), 'audio/mp4', 'm4a'],
    ['MP4 (Safari, brand mp42)', sampleMp4('mp42'), 'audio/mp4', 'm4a'],
    ['MPEG audio', sampleMp3(2), 'audio/mpeg', 'mp3'],
  ])('%s is stored as uploaded under its sniffed type', async (_name, bytes, mime, ext) => {
    const s = newStore();
    // The declared type is not what decides: everything is sent as application/octet-stream.
    const res = await record(s.token, bytes, 'durationSeconds=2.5&isEmergency=true', 'application/octet-stream');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ durationSeconds: 2.5, isEmergency: true });
    const row = (await h.service.runtime.db.execute(sql`select * from announcements where id = ${res.body.announcementId}`)).rows[0] as Record<string, unknown>;
    expect(row).toMatchObject({ source: 'STORE_BROADCAST', broadcast_kind: 'RECORDING', audio_content_type: mime, audio_key: `broadcasts/${s.id}/${res.body.announcementId}.${ext}` });
    expect(Buffer.compare((await h.service.context.storage.get(row.audio_key as string))!, Buffer.from(bytes))).toBe(0);
    const audio = await fetch(res.body.audioUrl);
    expect(audio.headers.get('content-type')).toBe(mime);
  });

  it.each([
    ['WAV', sampleWav(), 'audio/webm'],
    ['Ogg', Buffer.concat([Buffer.from('OggS'), Buffer.alloc(500, 2)]), 'audio/webm'],
    ['a PNG declared as audio/mpeg', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 3)]), 'audio/mpeg'],
    ['text', Buffer.from('hello '.repeat(100)), 'audio/mp4'],
  ])('%s answers 400 RECORDING_UNSUPPORTED_FORMAT and creates no draft', async (_name, bytes, declared) => {
    const before = await draftCount();
    const res = await record(newStore().token, bytes, 'durationSeconds=5', declared);
    expect([res.status, res.body.error.code]).toEqual([400, 'RECORDING_UNSUPPORTED_FORMAT']);
    expect(await draftCount()).toBe(before);
  });

  it.each([
    ['an empty file', Buffer.alloc(0), 'durationSeconds=5'],
    ['durationSeconds 0.5', sampleWebm(), 'durationSeconds=0.5'],
    ['durationSeconds 31', sampleWebm(), 'durationSeconds=31'],
    ['a missing durationSeconds', sampleWebm(), ''],
    ['durationSeconds not a number', sampleWebm(), 'durationSeconds=long'],
    ['isEmergency not a boolean', sampleWebm(), 'durationSeconds=5&isEmergency=maybe'],
    ['an MP3 measured at 33 s declared as 20', sampleMp3(33), 'durationSeconds=20'],
  ])('%s answers 400 RECORDING_INVALID_FIELD and creates no draft', async (_name, bytes, query) => {
    const before = await draftCount();
    const res = await record(newStore().token, bytes, query);
    expect([res.status, res.body.error.code]).toEqual([400, 'RECORDING_INVALID_FIELD']);
    expect(await draftCount()).toBe(before);
  });

  it('exactly 1 and 30 seconds are accepted', async () => {
    const s = newStore();
    expect((await record(s.token, sampleWebm(), 'durationSeconds=1')).status).toBe(201);
    expect((await record(s.token, sampleWebm(), 'durationSeconds=30')).status).toBe(201);
  });

  it('a body that is not multipart, or without a file part, answers 400 RECORDING_INVALID_FIELD', async () => {
    const s = newStore();
    const json = await h.api('POST', '/api/v1/store/broadcasts/recording?durationSeconds=5', { token: s.token, body: { file: 'x' } });
    expect([json.status, json.body.error.code]).toEqual([400, 'RECORDING_INVALID_FIELD']);
    const form = new FormData();
    form.append('other', 'x');
    const noFile = await h.api('POST', '/api/v1/store/broadcasts/recording?durationSeconds=5', { token: s.token, form });
    expect([noFile.status, noFile.body.error.code]).toEqual([400, 'RECORDING_INVALID_FIELD']);
  });
});

describe('recording size limit', () => {
  let small: Harness;
  beforeAll(async () => {
    small = await startHarness({ env: { RECORDING_MAX_BYTES: '3000' } });
  });
  afterAll(async () => {
    await small.stop();
  });

  it('a recording over the limit answers 400 RECORDING_INVALID_FIELD; one of exactly the limit is accepted', async () => {
    const token = small.storeToken(small.peers.addStore(small.hqId).id);
    const over = await small.api('POST', '/api/v1/store/broadcasts/recording?durationSeconds=5', { token, form: fileForm(Buffer.concat([sampleWebm(), Buffer.alloc(1000)])) });
    expect([over.status, over.body.error.code]).toEqual([400, 'RECORDING_INVALID_FIELD']);
    const exact = Buffer.concat([sampleWebm(), Buffer.alloc(3000 - sampleWebm().length)]);
    expect((await small.api('POST', '/api/v1/store/broadcasts/recording?durationSeconds=5', { token, form: fileForm(exact) })).status).toBe(201);
  });
});

describe('send now', () => {
  it('dispatches to the own store only: PENDING, playAt issue + 2 s, one pending event, returned by the pending list at once', async () => {
    const s = newStore();
    const other = newStore();
    const draftId = (await preview(s.token)).body.announcementId as string;
    const res = await send(s.token, draftId);
    expect(res.status).toBe(201);
    const row = await h.dispatchRow(res.body.dispatchId);
    expect(row).toMatchObject({ store_id: s.id, hq_id: null, target: 'STORE', status: 'PENDING', is_emergency: false, device_id: null });
    expect(new Date(row.play_at as string).getTime()).toBe(h.clock.now().getTime() + 2000);
    const events = (await h.outbox('dispatch.dispatch.pending')).filter((e) => e.payload.dispatchId === res.body.dispatchId);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({ storeId: s.id, hqId: null, announcementId: draftId, isEmergency: false, deviceId: null });
    expect(await pendingIds(s.token)).toEqual([res.body.dispatchId]);
    expect(await pendingIds(other.token)).toEqual([]);
  });

  it('isEmergency absent or null keeps the draft\'s value; a value overrides it for that send only', async () => {
    const s = newStore();
    const draftId = (await preview(s.token, { text: '긴급 안내', voice: 'SHEAN', isEmergency: true })).body.announcementId as string;
    const kept = await send(s.token, draftId);
    const keptNull = await send(s.token, draftId, { isEmergency: null });
    const overridden = await send(s.token, draftId, { isEmergency: false });
    expect((await h.dispatchRow(kept.body.dispatchId)).is_emergency).toBe(true);
    expect((await h.dispatchRow(keptNull.body.dispatchId)).is_emergency).toBe(true);
    expect((await h.dispatchRow(overridden.body.dispatchId)).is_emergency).toBe(false);
  });

  it('deviceId addresses one active device; an unknown, malformed, revoked or foreign device means all devices', async () => {
    const s = newStore();
    const device = h.peers.addDevice(s.id);
    const revoked = h.peers.addDevice(s.id, { revoked: true });
    const foreign = h.peers.addDevice(newStore().id);
    const draftId = (await preview(s.token)).body.announcementId as string;
    const toDevice = await send(s.token, draftId, { deviceId: device.id });
    expect((await h.dispatchRow(toDevice.body.dispatchId)).device_id).toBe(device.id);
    for (const deviceId of [revoked.id, foreign.id, newId(), 'not-a-device']) {
      const res = await send(s.token, draftId, { deviceId });
      expect((await h.dispatchRow(res.body.dispatchId)).device_id).toBeNull();
    }
  });

  it('an emergency broadcast stays in the pending window behind a backlog larger than it', async () => {
    const s = newStore();
    const ordinary = await send(s.token, (await preview(s.token)).body.announcementId);
    // A backlog of 250 older ordinary rows (more than one read answers).
    const now = h.clock.now();
    const rows = Array.from({ length: 250 }, () => newId());
    await h.service.runtime.db.execute(sql`insert into dispatches (id, batch_id, announcement_id, store_id, target, status, due_at, play_at, created_at, pending_at)
      select t.id, t.id, ${hqAnnouncementId}, ${s.id}, 'STORES', 'PENDING', ${new Date(now.getTime() - 60_000)}, null, ${new Date(now.getTime() - 60_000)}, ${now}
      from unnest(${sql.param(rows)}::uuid[]) as t(id)`);
    h.clock.advance(1000);
    const emergencyDraft = (await preview(s.token, { text: '화재 경보', voice: 'SEUNGA', isEmergency: true })).body.announcementId;
    const emergency = await send(s.token, emergencyDraft);
    const res = await h.api('GET', '/api/v1/store/announcements/pending', { token: s.token });
    const ids = (res.body.items as Array<{ dispatchId: string; isEmergency: boolean }>).map((i) => i.dispatchId);
    expect(ids).toHaveLength(200);
    expect(ids.at(-1)).toBe(emergency.body.dispatchId);
    expect(res.body.items.at(-1).isEmergency).toBe(true);
    expect(ids).not.toContain(ordinary.body.dispatchId);
  });
});

describe('drafts: ownership and lifetime', () => {
  it('another store\'s draft, an HQ announcement or an unknown id answers 404 TTS_ANNOUNCEMENT_NOT_FOUND', async () => {
    const s = newStore();
    const foreignDraft = (await preview(newStore().token)).body.announcementId;
    for (const id of [foreignDraft, hqAnnouncementId, newId()]) {
      const res = await send(s.token, id);
      expect([res.status, res.body.error.code]).toEqual([404, 'TTS_ANNOUNCEMENT_NOT_FOUND']);
    }
  });

  it('a draft can be sent until 24 hours after it was made, and no longer', async () => {
    const s = newStore();
    const draftId = (await preview(s.token)).body.announcementId;
    h.clock.advance(24 * 3600_000 - 1);
    expect((await send(s.token, draftId)).status).toBe(201);
    h.clock.advance(1);
    const expired = await send(s.token, draftId);
    expect([expired.status, expired.body.error.code]).toEqual([404, 'TTS_ANNOUNCEMENT_NOT_FOUND']);
  });

  it('the purge removes expired drafts that were never sent, with their audio; sent ones and live ones stay; replicas never purge twice', async () => {
    await h.service.purge.runNow(); // drafts earlier tests left to expire
    const s = newStore();
    const unsent = (await preview(s.token)).body.announcementId as string;
    const sent = (await record(s.token, sampleWebm())).body.announcementId as string;
    await send(s.token, sent);
    h.clock.advance(12 * 3600_000);
    const live = (await preview(s.token)).body.announcementId as string;
    const keyOf = async (id: string) => ((await h.service.runtime.db.execute(sql`select audio_key from announcements where id = ${id}`)).rows[0] as { audio_key: string } | undefined)?.audio_key;
    const unsentKey = (await keyOf(unsent))!;
    expect(await h.service.context.storage.exists(unsentKey)).toBe(true);

    expect(await h.service.purge.runNow()).toMatchObject({ drafts: 0 });
    h.clock.advance(12 * 3600_000);
    const replica = await h.startReplica();
    const [a, b] = await Promise.all([h.service.purge.runNow(), replica.purge.runNow()]);
    expect(a.drafts + b.drafts).toBe(1);
    expect(await keyOf(unsent)).toBeUndefined();
    expect(await h.service.context.storage.exists(unsentKey)).toBe(false);
    expect(await keyOf(sent)).toBeDefined();
    expect(await keyOf(live)).toBeDefined();
    expect(await h.service.context.storage.exists((await keyOf(sent))!)).toBe(true);
    expect((await h.service.purge.runNow()).drafts).toBe(0);
  });
});

describe('send later: reservations and slots', () => {
  it('scheduledAt in the future makes a SCHEDULED reservation the scheduler makes PENDING at its minute', async () => {
    const s = newStore();
    const draftId = (await preview(s.token)).body.announcementId;
    const when = new Date(h.clock.now().getTime() + 3 * 3600_000);
    const res = await send(s.token, draftId, { scheduledAt: when.toISOString() });
    expect(res.status).toBe(201);
    expect(await h.dispatchRow(res.body.dispatchId)).toMatchObject({ status: 'SCHEDULED', hq_id: null, target: 'STORE' });
    expect((await h.outbox('dispatch.dispatch.pending')).some((e) => e.payload.dispatchId === res.body.dispatchId)).toBe(false);
    h.clock.set(when);
    await h.service.scheduler.tick();
    expect((await h.dispatchRow(res.body.dispatchId)).status).toBe('PENDING');
    expect((await h.outbox('dispatch.dispatch.pending')).filter((e) => e.payload.dispatchId === res.body.dispatchId)).toHaveLength(1);
    expect(await pendingIds(s.token)).toContain(res.body.dispatchId);
  });

  it('deviceId is ignored for a scheduled send', async () => {
    const s = newStore();
    const device = h.peers.addDevice(s.id);
    const res = await send(s.token, (await preview(s.token)).body.announcementId, { scheduledAt: new Date(h.clock.now().getTime() + 3600_000).toISOString(), deviceId: device.id });
    expect((await h.dispatchRow(res.body.dispatchId)).device_id).toBeNull();
  });

  it('a past or present time answers 400 BROADCAST_SCHEDULED_AT_PAST, beyond one year 400 BROADCAST_SCHEDULED_AT_TOO_FAR; exactly one year is accepted', async () => {
    const s = newStore();
    const draftId = (await preview(s.token)).body.announcementId;
    const now = h.clock.now();
    for (const t of [now, new Date(now.getTime() - 1000)]) {
      const res = await send(s.token, draftId, { scheduledAt: t.toISOString() });
      expect([res.status, res.body.error.code]).toEqual([400, 'BROADCAST_SCHEDULED_AT_PAST']);
    }
    const year = new Date(now);
    year.setUTCFullYear(year.getUTCFullYear() + 1);
    const tooFar = await send(s.token, draftId, { scheduledAt: new Date(year.getTime() + 1).toISOString() });
    expect([tooFar.status, tooFar.body.error.code]).toEqual([400, 'BROADCAST_SCHEDULED_AT_TOO_FAR']);
    expect((await send(s.token, draftId, { scheduledAt: year.toISOString() })).status).toBe(201);
    const malformed = await send(s.token, draftId, { scheduledAt: 'tomorrow' });
    expect([malformed.status, malformed.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('the 5-minute slot of an HQ reservation of the store answers 409 DISPATCH_SLOT_OCCUPIED; other slots and other stores are free', async () => {
    const s = newStore();
    const elsewhere = newStore();
    const hqAt = new Date(slotOf(new Date(h.clock.now().getTime() + 2 * 3600_000)).getTime() + 120_000); // 2 minutes into its slot
    expect((await hqReserve([s.id], hqAt)).status).toBe(201);
    const draftId = (await preview(s.token)).body.announcementId;
    for (const t of [hqAt, new Date(hqAt.getTime() - 120_000), new Date(hqAt.getTime() + 179_999)]) {
      const res = await send(s.token, draftId, { scheduledAt: t.toISOString() });
      expect([res.status, res.body.error.code]).toEqual([409, 'DISPATCH_SLOT_OCCUPIED']);
    }
    expect((await send(s.token, draftId, { scheduledAt: new Date(hqAt.getTime() + 180_000).toISOString() })).status).toBe(201);
    const otherDraft = (await preview(elsewhere.token)).body.announcementId;
    expect((await send(elsewhere.token, otherDraft, { scheduledAt: hqAt.toISOString() })).status).toBe(201);
  });

  it('store reservations may share an instant, and a canceled HQ reservation frees its slot', async () => {
    const s = newStore();
    const when = new Date(h.clock.now().getTime() + 5 * 3600_000);
    const draftId = (await preview(s.token)).body.announcementId;
    expect((await send(s.token, draftId, { scheduledAt: when.toISOString() })).status).toBe(201);
    expect((await send(s.token, draftId, { scheduledAt: when.toISOString() })).status).toBe(201);
    const hq = await hqReserve([s.id], new Date(when.getTime() + 3600_000));
    expect((await send(s.token, draftId, { scheduledAt: new Date(when.getTime() + 3600_000).toISOString() })).status).toBe(409);
    expect((await h.api('POST', `/api/v1/hq/dispatches/${hq.body.dispatchIds[0]}/cancel`, { token: h.hqToken })).status).toBe(204);
    expect((await send(s.token, draftId, { scheduledAt: new Date(when.getTime() + 3600_000).toISOString() })).status).toBe(201);
  });

  it('occurrences of the HQ\'s recurring schedules that target the store occupy their slots before they are materialized', async () => {
    const s = newStore('JEJU');
    const draftId = (await preview(s.token)).body.announcementId;
    const today = h.clock.now();
    const schedule = await h.api('POST', `/api/v1/hq/announcements/${hqAnnouncementId}/schedules`, {
      token: h.hqToken,
      body: { target: 'REGION', region: 'JEJU', frequency: 'DAILY', times: ['21:30'], startDate: '2026-03-01', endDate: '2026-12-31' },
    });
    expect(schedule.status).toBe(201);
    // 21:30 KST = 12:30 UTC, days ahead: not materialized (60-minute horizon).
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 3, 12, 30));
    const res = await send(s.token, draftId, { scheduledAt: day.toISOString() });
    expect([res.status, res.body.error.code]).toEqual([409, 'DISPATCH_SLOT_OCCUPIED']);
    const other = newStore('SEOUL');
    expect((await send(other.token, (await preview(other.token)).body.announcementId, { scheduledAt: day.toISOString() })).status).toBe(201);
    await h.api('POST', `/api/v1/hq/dispatch-schedules/${schedule.body.id}/cancel`, { token: h.hqToken });
    expect((await send(s.token, draftId, { scheduledAt: day.toISOString() })).status).toBe(201);
  });

  it('slot occupancy lists the KST date\'s 5-minute UTC slots of HQ reservations only, ascending, without the store\'s own', async () => {
    const s = newStore();
    // A KST date two days ahead, and instants relative to its start (00:00 KST = 15:00 UTC the day before).
    const date = kstDate(new Date(h.clock.now().getTime() + 2 * 24 * 3600_000));
    const { start, end } = kstDateWindow(date)!;
    const plus = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    for (const t of [plus(12 * 60 + 7), start, plus(12 * 60 + 9), new Date(end.getTime() - 60_000)]) expect((await hqReserve([s.id], t)).status).toBe(201);
    await hqReserve([s.id], end); // the next KST day
    await hqReserve([newStore().id], plus(14 * 60)); // another store
    await send(s.token, (await preview(s.token)).body.announcementId, { scheduledAt: plus(15 * 60).toISOString() }); // its own
    const res = await h.api('GET', `/api/v1/store/slot-occupancy?date=${date}`, { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ date, occupiedSlots: [start.toISOString(), plus(12 * 60 + 5).toISOString(), new Date(end.getTime() - 5 * 60_000).toISOString()] });
    const later = kstDate(new Date(h.clock.now().getTime() + 20 * 24 * 3600_000));
    expect((await h.api('GET', `/api/v1/store/slot-occupancy?date=${later}`, { token: s.token })).body.occupiedSlots).toEqual([]);
  });

  it.each([['missing', ''], ['not a date', '?date=tomorrow'], ['an impossible date', '?date=2026-02-30'], ['another format', '?date=20260311']])(
    'slot occupancy with a %s date answers 400',
    async (_name, query) => {
      const res = await h.api('GET', `/api/v1/store/slot-occupancy${query}`, { token: newStore().token });
      expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    },
  );
});

describe('the store\'s reservation list and cancel', () => {
  it('lists only its own SCHEDULED broadcasts in scheduled time order, paged (size 1..50, default 20)', async () => {
    const s = newStore();
    const draftId = (await preview(s.token, { text: '세일 안내', voice: 'CYRUS', isEmergency: true })).body.announcementId;
    const base = h.clock.now().getTime() + 24 * 3600_000;
    const later = await send(s.token, draftId, { scheduledAt: new Date(base + 7200_000).toISOString() });
    const sooner = await send(s.token, draftId, { scheduledAt: new Date(base).toISOString(), isEmergency: false });
    await send(s.token, draftId); // immediate: PENDING, not listed
    await hqReserve([s.id], new Date(base + 3600_000)); // HQ's: not listed
    const res = await h.api('GET', '/api/v1/store/scheduled-broadcasts', { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 0, size: 20, total: 2 });
    expect(res.body.items.map((i: { dispatchId: string }) => i.dispatchId)).toEqual([sooner.body.dispatchId, later.body.dispatchId]);
    expect(res.body.items[0]).toEqual({
      dispatchId: sooner.body.dispatchId,
      announcementTitle: '세일 안내',
      audioUrl: expect.any(String),
      scheduledAt: new Date(base).toISOString(),
      isEmergency: false,
      createdAt: h.clock.now().toISOString(),
    });
    expect(res.body.items[1].isEmergency).toBe(true);
    expect((await h.api('GET', '/api/v1/store/scheduled-broadcasts?size=500', { token: s.token })).body.size).toBe(50);
    expect((await h.api('GET', '/api/v1/store/scheduled-broadcasts?size=0', { token: s.token })).body.size).toBe(1);
    const second = await h.api('GET', '/api/v1/store/scheduled-broadcasts?size=1&page=1', { token: s.token });
    expect(second.body.items.map((i: { dispatchId: string }) => i.dispatchId)).toEqual([later.body.dispatchId]);
  });

  it('cancel: its own reservation becomes CANCELED with audit STORE_DISPATCH_CANCELED, leaves the list, never turns PENDING', async () => {
    const s = newStore();
    const when = new Date(h.clock.now().getTime() + 3600_000);
    const res = await send(s.token, (await preview(s.token)).body.announcementId, { scheduledAt: when.toISOString() });
    const cancel = await h.api('POST', `/api/v1/store/scheduled-broadcasts/${res.body.dispatchId}/cancel`, { token: s.token });
    expect(cancel.status).toBe(204);
    expect(await h.dispatchRow(res.body.dispatchId)).toMatchObject({ status: 'CANCELED' });
    const audit = (await h.service.runtime.db.execute(sql`select * from audit_records where target_id = ${res.body.dispatchId}`)).rows as Array<Record<string, unknown>>;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'STORE_DISPATCH_CANCELED', actor_role: 'STORE_MANAGER', store_id: s.id, hq_id: h.hqId, target_type: 'DISPATCH' });
    expect((await h.api('GET', '/api/v1/store/scheduled-broadcasts', { token: s.token })).body.total).toBe(0);
    h.clock.set(new Date(when.getTime() + 1000));
    await h.service.scheduler.tick();
    expect((await h.dispatchRow(res.body.dispatchId)).status).toBe('CANCELED');
    const again = await h.api('POST', `/api/v1/store/scheduled-broadcasts/${res.body.dispatchId}/cancel`, { token: s.token });
    expect([again.status, again.body.error.code]).toEqual([404, 'DISPATCH_NOT_FOUND']);
  });

  it('another store\'s reservation, an HQ reservation of the store, an immediate send and an unknown id are 404 DISPATCH_NOT_FOUND, unchanged', async () => {
    const s = newStore();
    const other = newStore();
    const when = new Date(h.clock.now().getTime() + 3600_000);
    const foreign = await send(other.token, (await preview(other.token)).body.announcementId, { scheduledAt: when.toISOString() });
    const hq = await hqReserve([s.id], new Date(when.getTime() + 600_000));
    const now = await send(s.token, (await preview(s.token)).body.announcementId);
    for (const id of [foreign.body.dispatchId, hq.body.dispatchIds[0], now.body.dispatchId, newId()]) {
      const res = await h.api('POST', `/api/v1/store/scheduled-broadcasts/${id}/cancel`, { token: s.token });
      expect([res.status, res.body.error.code]).toEqual([404, 'DISPATCH_NOT_FOUND']);
    }
    expect((await h.dispatchRow(foreign.body.dispatchId)).status).toBe('SCHEDULED');
    expect((await h.dispatchRow(hq.body.dispatchIds[0])).status).toBe('SCHEDULED');
    expect((await h.dispatchRow(now.body.dispatchId)).status).toBe('PENDING');
    expect((await h.api('POST', '/api/v1/store/scheduled-broadcasts/not-a-uuid/cancel', { token: s.token })).status).toBe(400);
  });

  it('an HQ manager cannot cancel a store reservation through HQ cancel (store rows are not HQ dispatches)', async () => {
    const s = newStore();
    const res = await send(s.token, (await preview(s.token)).body.announcementId, { scheduledAt: new Date(h.clock.now().getTime() + 3600_000).toISOString() });
    expect((await h.api('POST', `/api/v1/hq/dispatches/${res.body.dispatchId}/cancel`, { token: h.hqToken })).status).toBe(404);
    expect((await h.dispatchRow(res.body.dispatchId)).status).toBe('SCHEDULED');
  });
});

it('T0 is the harness start (a sanity anchor for the dates above)', () => {
  expect(T0.toISOString()).toBe('2026-03-10T00:00:00.000Z');
});
