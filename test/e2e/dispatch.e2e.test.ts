import { eventually, startTestS3, type TestS3 } from '@storecast/service-kit/testing';
import { api, type RunningSystem, startSystem } from './system';
import { linkTokenFrom } from './mail';

/**
 * Issue 13 "Done means": an HQ creates an announcement (real local speech synthesis, audio in S3),
 * dispatches it to two stores now and to one later; the store player polls pending, acks PLAYED,
 * HQ history shows it with its actor; the scheduled one turns PENDING at its time (the minute
 * scheduler runs every second here) and reaches its store.
 */
describe('announcements and dispatch, end to end through the gateway', () => {
  let system: RunningSystem;
  let s3: TestS3;
  let client: ReturnType<typeof api>;
  let hqToken: string;
  let storeToken: string;
  let operatorToken: string;
  const hqManager = { email: 'park.hq@e2e.storecast.test', tempPassword: 'Temp-pass-123', name: 'Park HQ' };
  const storeManagerEmail = 'choi.store@e2e.storecast.test';
  const storeIds: string[] = [];
  let announcementId: string;
  let nowDispatchIds: string[];
  let laterDispatchId: string;

  beforeAll(async () => {
    s3 = await startTestS3();
    system = await startSystem({ env: { ...s3.env, SCHEDULER_INTERVAL_MS: '1000' } });
    client = api(system.gatewayUrl);
    const operator = (await client.post('/api/v1/auth/login', system.operator)).body.accessToken;
    operatorToken = operator;
    for (const kind of ['terms', 'privacy-policy']) {
      expect((await client.post(`/api/v1/admin/${kind}`, { version: 'v1', content: `# ${kind} v1` }, { token: operator })).status).toBe(200);
    }
    const hq = await client.post('/api/v1/admin/hq', { hq: { name: 'Bakery Chain', businessNumber: '123-45-67890', plan: 'TRUST', billingAnchorDay: 10, llmMaxPerHour: 3 }, manager: hqManager }, { token: operator });
    expect(hq.status).toBe(201);
    const login = await client.post('/api/v1/auth/login', { email: hqManager.email, password: hqManager.tempPassword });
    const changed = await client.post('/api/v1/auth/change-password', { currentPassword: hqManager.tempPassword, newPassword: 'Changed-pass-456' }, { token: login.body.accessToken });
    hqToken = changed.body.accessToken;
    for (const [name, email] of [['Jamsil', storeManagerEmail], ['Mapo', undefined], ['Suwon', undefined]] as const) {
      const res = await client.post('/api/v1/hq/stores', { name, ...(email ? { managerEmail: email } : {}) }, { token: hqToken });
      expect(res.status).toBe(201);
      storeIds.push(res.body.store.id);
    }
    const token = await linkTokenFrom(system.mailDir, storeManagerEmail, 'ACCOUNT_SETUP');
    expect((await client.post('/api/v1/auth/setup/complete', { token, newPassword: 'Store-pass-321', termsVersion: 'v1', privacyPolicyVersion: 'v1' })).status).toBe(204);
    storeToken = (await client.post('/api/v1/auth/login', { email: storeManagerEmail, password: 'Store-pass-321' })).body.accessToken;
  });
  afterAll(async () => {
    await system?.stop();
    await s3?.close();
  });

  it('the operator smoke test synthesizes with the local engine through the gateway', async () => {
    const res = await client.post('/api/v1/admin/tts/smoke-test', { text: 'Storecast smoke test', voice: 'CYRUS' }, { token: operatorToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ provider: 'local', voice: 'CYRUS', contentType: 'audio/mpeg' });
    expect(res.body.durationSeconds).toBeGreaterThan(0.5);
  });

  it('the HQ manager creates an announcement: synthesized speech stored and playable', async () => {
    const voices = await client.get('/api/v1/hq/tts-voices', { token: hqToken });
    expect(voices.status).toBe(200);
    const res = await client.post('/api/v1/hq/announcements', { title: '마감 안내', text: '잠시 후 매장 영업을 마감합니다. 감사합니다.', voice: 'WOOSUNG', tonePreset: 'CALM' }, { token: hqToken });
    expect(res.status).toBe(201);
    expect(res.body.durationSeconds).toBeGreaterThan(1);
    announcementId = res.body.id;
    const audio = await fetch(res.body.audioUrl);
    expect(audio.status).toBe(200);
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('dispatches to two stores now and to one later', async () => {
    const now = await client.post(`/api/v1/hq/announcements/${announcementId}/dispatches`, { target: 'STORES', storeIds: storeIds.slice(0, 2) }, { token: hqToken });
    expect(now.status).toBe(201);
    expect(now.body).toMatchObject({ status: 'PENDING', storeCount: 2 });
    nowDispatchIds = now.body.dispatchIds;
    const later = await client.post(
      `/api/v1/hq/announcements/${announcementId}/dispatches`,
      { target: 'STORES', storeIds: [storeIds[2]], scheduledAt: new Date(Date.now() + 2500).toISOString() },
      { token: hqToken },
    );
    expect(later.status).toBe(201);
    expect(later.body.status).toBe('SCHEDULED');
    laterDispatchId = later.body.dispatchIds[0];
  });

  it('the store player polls pending, acks PLAYED, and the HQ history shows it with the actor', async () => {
    const pending = await client.get('/api/v1/store/announcements/pending', { token: storeToken });
    expect(pending.status).toBe(200);
    expect(pending.body.items).toHaveLength(1);
    const [item] = pending.body.items;
    expect(item).toMatchObject({ announcementId, title: '마감 안내', isEmergency: false });
    expect(nowDispatchIds).toContain(item.dispatchId);
    expect((await fetch(item.audioUrl)).status).toBe(200);

    const ack = await fetch(`${system.gatewayUrl}/api/v1/store/announcements/${item.dispatchId}/ack`, { method: 'POST', headers: { authorization: `Bearer ${storeToken}` } });
    expect(ack.status).toBe(204);
    const again = await client.post(`/api/v1/store/announcements/${item.dispatchId}/ack`, { outcome: 'SKIPPED' }, { token: storeToken });
    expect(again.status).toBe(404);
    expect((await client.get('/api/v1/store/announcements/pending', { token: storeToken })).body.items).toEqual([]);

    const history = await client.get(`/api/v1/hq/announcements/${announcementId}/dispatches`, { token: hqToken });
    expect(history.status).toBe(200);
    expect(history.body.total).toBe(3);
    const played = history.body.items.find((i: { dispatchId: string }) => i.dispatchId === item.dispatchId);
    expect(played).toMatchObject({ status: 'PLAYED', storeName: 'Jamsil', actorEmail: hqManager.email, actorRole: 'HQ_MANAGER' });
    expect(played.playedAt).toEqual(expect.any(String));
  });

  it('the scheduled dispatch turns PENDING at its time and shows in the undelivered-today dashboard', async () => {
    await eventually(async () => {
      const history = await client.get(`/api/v1/hq/announcements/${announcementId}/dispatches?status=PENDING`, { token: hqToken });
      expect(history.body.items.map((i: { dispatchId: string }) => i.dispatchId)).toContain(laterDispatchId);
    }, 15_000, 250);
    const dashboard = await client.get('/api/v1/hq/dashboard/undelivered-today/stores', { token: hqToken });
    expect(dashboard.status).toBe(200);
    expect(dashboard.body.items.map((i: { storeName: string }) => i.storeName)).toEqual(['Mapo', 'Suwon']);
  });
});
