import { sql } from 'drizzle-orm';
import { localSpeech } from '../src/adapters/local-speech';
import { announcementBody, sampleMp3, startHarness, startVendorDouble, type Harness } from './support/harness';

const count = async (h: Harness) => {
  const rows = await h.service.runtime.db.execute(sql`select count(*)::int as n from announcements`);
  return (rows.rows[0] as { n: number }).n;
};

describe('speech synthesis through a vendor', () => {
  const mp3 = sampleMp3();
  let failing = false;
  let vendor: Awaited<ReturnType<typeof startVendorDouble>>;
  let h: Harness;
  beforeAll(async () => {
    vendor = await startVendorDouble(() => (failing ? { status: 500, body: Buffer.from('boom') } : { status: 200, body: mp3 }));
    h = await startHarness({ env: { TTS_PROVIDER: 'vendor', TTS_VENDOR_URL: vendor.url, TTS_VENDOR_TOKEN: 'vendor-secret' } });
  });
  afterAll(async () => {
    await h.stop();
    await vendor.close();
  });

  it('creates the announcement from the vendor\'s MP3 with the duration measured here, sending the token and the voice', async () => {
    const res = await h.api('POST', '/api/v1/hq/announcements', { token: h.hqToken, body: announcementBody({ voice: 'CYRUS', tonePreset: 'URGENT', tempo: 1.5 }) });
    expect(res.status).toBe(201);
    expect(res.body.durationSeconds).toBeGreaterThan(0.95);
    expect(res.body.durationSeconds).toBeLessThan(1.1);
    expect(vendor.received.at(-1)).toEqual({ auth: 'Bearer vendor-secret', body: { text: announcementBody().text, voice: 'CYRUS', tonePreset: 'URGENT', tempo: 1.5 } });
  });

  it('a failing vendor answers 502 TTS_SYNTHESIS_FAILED and creates nothing; an update keeps the old audio', async () => {
    const created = await h.api('POST', '/api/v1/hq/announcements', { token: h.hqToken, body: announcementBody() });
    const before = await count(h);
    failing = true;
    try {
      const res = await h.api('POST', '/api/v1/hq/announcements', { token: h.hqToken, body: announcementBody() });
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('TTS_SYNTHESIS_FAILED');
      expect(await count(h)).toBe(before);
      const update = await h.api('PUT', `/api/v1/hq/announcements/${created.body.id}`, { token: h.hqToken, body: announcementBody({ text: 'changed text' }) });
      expect(update.status).toBe(502);
      const detail = await h.api('GET', `/api/v1/hq/announcements/${created.body.id}`, { token: h.hqToken });
      expect(detail.body.text).toBe(announcementBody().text);
      const smoke = await h.api('POST', '/api/v1/admin/tts/smoke-test', { token: h.operatorToken() });
      expect(smoke.status).toBe(502);
    } finally {
      failing = false;
    }
  });

  it('the operator smoke test answers the provider and the measured duration; HQ managers are refused', async () => {
    const res = await h.api('POST', '/api/v1/admin/tts/smoke-test', { token: h.operatorToken(), body: { text: 'Test', voice: 'AERAN' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ provider: 'vendor', voice: 'AERAN', text: 'Test', contentType: 'audio/mpeg', bytes: mp3.length });
    expect((await h.api('POST', '/api/v1/admin/tts/smoke-test', { token: h.hqToken })).status).toBe(403);
  });
});

describe('speech synthesis not configured', () => {
  it.each([
    ['provider none', { TTS_PROVIDER: 'none' }],
    ['a vendor without token', { TTS_PROVIDER: 'vendor', TTS_VENDOR_URL: 'http://127.0.0.1:9/never' }],
    ['the local engine not installed', { TTS_PROVIDER: 'local', ESPEAK_BIN: '/nonexistent/espeak-ng' }],
  ])('%s: creating answers 503 TTS_TOKEN_NOT_CONFIGURED and creates nothing; so does the smoke test', async (_name, env) => {
    const h = await startHarness({ env });
    try {
      const res = await h.api('POST', '/api/v1/hq/announcements', { token: h.hqToken, body: announcementBody() });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('TTS_TOKEN_NOT_CONFIGURED');
      expect(await count(h)).toBe(0);
      const smoke = await h.api('POST', '/api/v1/admin/tts/smoke-test', { token: h.operatorToken() });
      expect(smoke.status).toBe(503);
      expect(smoke.body.error.code).toBe('TTS_TOKEN_NOT_CONFIGURED');
    } finally {
      await h.stop();
    }
  });
});

describe('the local engine', () => {
  it('speaks Korean and English text into MP3 whose duration grows with the text and shrinks with the tempo', async () => {
    const tts = localSpeech({ espeakBin: 'espeak-ng', lameBin: 'lame', timeoutMs: 20_000 });
    const short = await tts.synthesize({ text: '안녕하세요', voice: 'SHEAN', tonePreset: 'NORMAL', tempo: 1 });
    const long = await tts.synthesize({ text: '안녕하세요. 오늘 매장은 밤 열 시까지 영업합니다. 감사합니다.', voice: 'SHEAN', tonePreset: 'NORMAL', tempo: 1 });
    const fast = await tts.synthesize({ text: '안녕하세요. 오늘 매장은 밤 열 시까지 영업합니다. 감사합니다.', voice: 'SHEAN', tonePreset: 'NORMAL', tempo: 2 });
    const english = await tts.synthesize({ text: 'Welcome to Storecast.', voice: 'WOOSUNG', tonePreset: 'CALM', tempo: 1 });
    expect(short.audio.subarray(0, 3).toString('latin1')).not.toBe('RIF');
    expect(long.durationSeconds).toBeGreaterThan(short.durationSeconds);
    expect(fast.durationSeconds).toBeLessThan(long.durationSeconds);
    expect(english.durationSeconds).toBeGreaterThan(0.5);
  });
});

describe('object storage unavailable', () => {
  it('creating answers 503 SERVICE_UNAVAILABLE and creates nothing', async () => {
    const h = await startHarness({ env: { S3_ENDPOINT: 'http://127.0.0.1:9' } });
    try {
      const res = await h.api('POST', '/api/v1/hq/announcements', { token: h.hqToken, body: announcementBody() });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(await count(h)).toBe(0);
    } finally {
      await h.stop();
    }
  });
});
