import { sql } from 'drizzle-orm';
import { measureMp3 } from '../src/domain/mp3';
import { announcementBody, startHarness, type Harness } from './support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
});

const create = (body: Record<string, unknown> = {}, token = h.hqToken) => h.api('POST', '/api/v1/hq/announcements', { token, body: announcementBody(body) });
const auditActions = async (targetId: string) =>
  ((await h.service.runtime.db.execute(sql`select action from audit_records where target_id = ${targetId} order by created_at`)).rows as Array<{ action: string }>).map((r) => r.action);

describe('voices', () => {
  it('lists the five voices, each with NORMAL among its presets', async () => {
    const res = await h.api('GET', '/api/v1/hq/tts-voices', { token: h.hqToken });
    expect(res.status).toBe(200);
    expect(res.body.voices.map((v: { voice: string }) => v.voice)).toEqual(['SHEAN', 'WOOSUNG', 'CYRUS', 'AERAN', 'SEUNGA']);
    for (const v of res.body.voices) expect(v.presets.map((p: { preset: string }) => p.preset)).toContain('NORMAL');
    const all = new Set(res.body.voices.flatMap((v: { presets: Array<{ preset: string }> }) => v.presets.map((p) => p.preset)));
    expect(all.size).toBe(6);
  });

  it('names every voice and preset in Korean and English; the single display name stays the Korean one', async () => {
    const res = await h.api('GET', '/api/v1/hq/tts-voices', { token: h.hqToken });
    const shean = res.body.voices.find((v: { voice: string }) => v.voice === 'SHEAN');
    expect(shean).toMatchObject({ voiceDisplayName: '시안 (여성, 밝은)', voiceDisplayNames: { ko: '시안 (여성, 밝은)', en: 'Shean (female, bright)' } });
    expect(shean.presets.find((p: { preset: string }) => p.preset === 'BRIGHT')).toEqual({ preset: 'BRIGHT', presetDisplayName: '밝게', presetDisplayNames: { ko: '밝게', en: 'Bright' } });
    for (const v of res.body.voices) {
      expect(v.voiceDisplayNames.ko).toBe(v.voiceDisplayName);
      expect(v.voiceDisplayNames.en).toMatch(/^[A-Z][a-z]+ \(/);
      for (const p of v.presets) expect([p.presetDisplayNames.ko, /^[A-Z][a-z]+$/.test(p.presetDisplayNames.en)]).toEqual([p.presetDisplayName, true]);
    }
  });
});

describe('creating an announcement', () => {
  it('synthesizes real MP3 speech, stores it and answers 201 with its measured duration', async () => {
    const res = await create({ tempo: 1.2, tonePreset: 'BRIGHT' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: '오픈 안내', voice: 'SHEAN', tonePreset: 'BRIGHT', tempo: 1.2, activeScheduleCount: 0 });
    expect(res.body.durationSeconds).toBeGreaterThan(0.5);
    const stored = await h.service.context.storage.get(`announcements/${h.hqId}/${res.body.id}.mp3`);
    const info = measureMp3(stored!);
    expect(info?.durationSeconds).toBeCloseTo(res.body.durationSeconds, 2);
    const audio = await fetch(res.body.audioUrl);
    expect(audio.status).toBe(200);
    expect(Buffer.from(await audio.arrayBuffer()).equals(stored!)).toBe(true);
    expect(await auditActions(res.body.id)).toEqual(['HQ_ANNOUNCEMENT_CREATED']);
  });

  it('voices sound different: the same text gives different audio per voice', async () => {
    const a = await create({ voice: 'WOOSUNG', text: 'Welcome to our store' });
    const b = await create({ voice: 'SEUNGA', text: 'Welcome to our store' });
    const fa = await h.service.context.storage.get(`announcements/${h.hqId}/${a.body.id}.mp3`);
    const fb = await h.service.context.storage.get(`announcements/${h.hqId}/${b.body.id}.mp3`);
    expect(fa!.equals(fb!)).toBe(false);
  });

  it.each([
    ['a title over 255 characters', { title: 'x'.repeat(256) }],
    ['blank text', { text: '   ' }],
    ['text over 1000 characters', { text: 'a'.repeat(1001) }],
    ['tempo below 0.5', { tempo: 0.4 }],
    ['tempo above 2.0', { tempo: 2.01 }],
    ['an unknown voice', { voice: 'ROBOT' }],
    ['a preset the voice does not have', { voice: 'WOOSUNG', tonePreset: 'URGENT' }],
    ['a NUL byte in the text', { text: 'hello\u0000world' }],
    ['a lone surrogate in the title', { title: 'bad \ud800 title' }],
    ['a number as text', { text: 42 }],
  ])('%s answers 400 VALIDATION_FAILED', async (_name, body) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('tempo 0.5 and 2.0 are accepted and tonePreset null means NORMAL', async () => {
    const slow = await create({ tempo: 0.5, tonePreset: null });
    const fast = await create({ tempo: 2 });
    expect(slow.status).toBe(201);
    expect(slow.body.tonePreset).toBe('NORMAL');
    expect(fast.status).toBe(201);
    expect(slow.body.durationSeconds).toBeGreaterThan(fast.body.durationSeconds);
  });

  it('a store manager or an operator is refused with 403', async () => {
    const store = await h.api('POST', '/api/v1/hq/announcements', { token: h.storeToken(h.hqId), body: announcementBody() });
    expect(store.status).toBe(403);
    const operator = await h.api('POST', '/api/v1/hq/announcements', { token: h.operatorToken(), body: announcementBody() });
    expect(operator.status).toBe(403);
  });
});

describe('reading, listing and tenant isolation', () => {
  it('another HQ gets 404 TTS_ANNOUNCEMENT_NOT_FOUND on detail, update and delete', async () => {
    const mine = await create();
    const other = h.tokenForHq(crypto.randomUUID());
    for (const [method, body] of [['GET'], ['PUT', announcementBody()], ['DELETE']] as const) {
      const res = await h.api(method, `/api/v1/hq/announcements/${mine.body.id}`, { token: other, body });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('TTS_ANNOUNCEMENT_NOT_FOUND');
    }
    const list = await h.api('GET', '/api/v1/hq/announcements', { token: other });
    expect(list.body.total).toBe(0);
  });

  it('lists newest first with counters, and q filters on title or text case-insensitively', async () => {
    const hq = crypto.randomUUID();
    const token = h.tokenForHq(hq);
    await h.api('POST', '/api/v1/hq/announcements', { token, body: announcementBody({ title: 'Summer SALE', text: 'Big discounts today' }) });
    h.clock.advance(1000);
    await h.api('POST', '/api/v1/hq/announcements', { token, body: announcementBody({ title: 'Closing', text: 'We close soon, sale ends' }) });
    h.clock.advance(1000);
    await h.api('POST', '/api/v1/hq/announcements', { token, body: announcementBody({ title: 'Parking', text: 'Free parking' }) });
    const all = await h.api('GET', '/api/v1/hq/announcements?size=2', { token });
    expect(all.body).toMatchObject({ page: 0, size: 2, total: 3 });
    expect(all.body.items.map((i: { title: string }) => i.title)).toEqual(['Parking', 'Closing']);
    expect(all.body.items[0]).toMatchObject({ dispatchCount: 0, lastDispatchedAt: null, lastDispatchStoreCount: null, activeScheduleCount: 0 });
    const sale = await h.api('GET', '/api/v1/hq/announcements?q=sale', { token });
    expect(sale.body.items.map((i: { title: string }) => i.title)).toEqual(['Closing', 'Summer SALE']);
    const wildcard = await h.api('GET', '/api/v1/hq/announcements?q=%25', { token });
    expect(wildcard.body.total).toBe(0);
    const long = await h.api('GET', `/api/v1/hq/announcements?q=${'a'.repeat(101)}`, { token });
    expect(long.status).toBe(400);
  });

  it('store broadcast drafts never appear in HQ views', async () => {
    const id = crypto.randomUUID();
    const now = new Date();
    await h.service.runtime.db.execute(sql`insert into announcements (id, source, hq_id, store_id, title, text, voice, tone_preset, tempo, audio_key, created_at, updated_at)
      values (${id}, 'STORE_BROADCAST', ${h.hqId}, ${crypto.randomUUID()}, 'draft', 'draft text', 'SHEAN', 'NORMAL', 1, 'x.mp3', ${now}, ${now})`);
    const detail = await h.api('GET', `/api/v1/hq/announcements/${id}`, { token: h.hqToken });
    expect(detail.status).toBe(404);
    const list = await h.api('GET', '/api/v1/hq/announcements?q=draft', { token: h.hqToken });
    expect(list.body.total).toBe(0);
    const dispatch = await h.api('POST', `/api/v1/hq/announcements/${id}/dispatches`, { token: h.hqToken, body: { target: 'ALL' } });
    expect(dispatch.status).toBe(404);
  });

  it('a malformed id answers 400, not 500', async () => {
    const res = await h.api('GET', '/api/v1/hq/announcements/not-a-uuid', { token: h.hqToken });
    expect(res.status).toBe(400);
  });
});

describe('updating an announcement', () => {
  it('a title-only change does not synthesize again; a text change does, into the same file', async () => {
    const created = await create({ text: 'Short.' });
    const key = `announcements/${h.hqId}/${created.body.id}.mp3`;
    const before = await h.service.context.storage.get(key);
    const titleOnly = await h.api('PUT', `/api/v1/hq/announcements/${created.body.id}`, { token: h.hqToken, body: announcementBody({ text: 'Short.', title: 'Renamed' }) });
    expect(titleOnly.status).toBe(200);
    expect(titleOnly.body.title).toBe('Renamed');
    expect(titleOnly.body.durationSeconds).toBe(created.body.durationSeconds);
    expect((await h.service.context.storage.get(key))!.equals(before!)).toBe(true);

    const longer = await h.api('PUT', `/api/v1/hq/announcements/${created.body.id}`, {
      token: h.hqToken,
      body: announcementBody({ title: 'Renamed', text: 'A much longer announcement text that takes several seconds to speak aloud.' }),
    });
    expect(longer.status).toBe(200);
    expect(longer.body.durationSeconds).toBeGreaterThan(created.body.durationSeconds);
    const after = await h.service.context.storage.get(key);
    expect(after!.equals(before!)).toBe(false);
    expect(measureMp3(after!)!.durationSeconds).toBeCloseTo(longer.body.durationSeconds, 2);
  });
});
