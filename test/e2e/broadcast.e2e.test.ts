import { startTestS3, type TestS3 } from '@storecast/service-kit/testing';
import { api, type RunningSystem, startSystem } from './system';
import { linkTokenFrom } from './mail';

const SLOT_MS = 5 * 60 * 1000;
/** The KST date (YYYY-MM-DD) of an instant. */
const kstDate = (at: Date) => new Date(at.getTime() + 9 * 3600_000).toISOString().slice(0, 10);

/**
 * Issue 14 "Done means": a store previews a broadcast, schedules it at a free slot, is refused on
 * a slot an HQ reservation occupies, cancels its reservation, and sends an immediate emergency
 * broadcast that the same store's pending list returns at once (real local speech, audio in S3,
 * everything through the gateway).
 */
describe('store broadcasts, end to end through the gateway', () => {
  let system: RunningSystem;
  let s3: TestS3;
  let client: ReturnType<typeof api>;
  let hqToken: string;
  let storeToken: string;
  let storeId: string;
  const hqManager = { email: 'kim.hq@e2e.storecast.test', tempPassword: 'Temp-pass-123', name: 'Kim HQ' };
  const storeManagerEmail = 'lee.store@e2e.storecast.test';
  /** An HQ reservation for the store two days ahead, 2 minutes into its 5-minute slot. */
  const hqAt = new Date(Math.floor((Date.now() + 2 * 24 * 3600_000) / SLOT_MS) * SLOT_MS + 120_000);
  const hqSlot = new Date(hqAt.getTime() - 120_000);
  let draftId: string;
  let reservationId: string;

  beforeAll(async () => {
    s3 = await startTestS3();
    system = await startSystem({ env: { ...s3.env } });
    client = api(system.gatewayUrl);
    const operator = (await client.post('/api/v1/auth/login', system.operator)).body.accessToken;
    for (const kind of ['terms', 'privacy-policy']) {
      expect((await client.post(`/api/v1/admin/${kind}`, { version: 'v1', content: `# ${kind} v1` }, { token: operator })).status).toBe(200);
    }
    const hq = await client.post('/api/v1/admin/hq', { hq: { name: 'Cafe Chain', businessNumber: '234-56-78901', plan: 'AI', billingAnchorDay: 5, llmMaxPerHour: 3 }, manager: hqManager }, { token: operator });
    expect(hq.status).toBe(201);
    const login = await client.post('/api/v1/auth/login', { email: hqManager.email, password: hqManager.tempPassword });
    hqToken = (await client.post('/api/v1/auth/change-password', { currentPassword: hqManager.tempPassword, newPassword: 'Changed-pass-456' }, { token: login.body.accessToken })).body.accessToken;
    const store = await client.post('/api/v1/hq/stores', { name: 'Gangnam', managerEmail: storeManagerEmail }, { token: hqToken });
    expect(store.status).toBe(201);
    storeId = store.body.store.id;
    const token = await linkTokenFrom(system.mailDir, storeManagerEmail, 'ACCOUNT_SETUP');
    expect((await client.post('/api/v1/auth/setup/complete', { token, newPassword: 'Store-pass-321', termsVersion: 'v1', privacyPolicyVersion: 'v1' })).status).toBe(204);
    storeToken = (await client.post('/api/v1/auth/login', { email: storeManagerEmail, password: 'Store-pass-321' })).body.accessToken;

    // The HQ reserves an announcement for the store: its slot is taken for the store's own broadcasts.
    const announcement = await client.post('/api/v1/hq/announcements', { title: '점심 할인', text: '점심 시간 할인 행사를 안내합니다.', voice: 'SEUNGA' }, { token: hqToken });
    expect(announcement.status).toBe(201);
    const reserved = await client.post(`/api/v1/hq/announcements/${announcement.body.id}/dispatches`, { target: 'STORES', storeIds: [storeId], scheduledAt: hqAt.toISOString() }, { token: hqToken });
    expect(reserved.status).toBe(201);
  });
  afterAll(async () => {
    await system?.stop();
    await s3?.close();
  });

  it('the store previews a broadcast: synthesized draft with playable audio', async () => {
    const res = await client.post('/api/v1/store/broadcasts/preview', { text: '잠시 후 매장 청소가 있습니다.', voice: 'AERAN' }, { token: storeToken });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ isEmergency: false });
    expect(res.body.durationSeconds).toBeGreaterThan(0.5);
    expect((await fetch(res.body.audioUrl)).status).toBe(200);
    draftId = res.body.announcementId;
    // A store draft never shows among the HQ's announcements.
    const hqList = await client.get('/api/v1/hq/announcements', { token: hqToken });
    expect(hqList.body.items.map((i: { id: string }) => i.id)).not.toContain(draftId);
  });

  it('slot occupancy shows the HQ reservation\'s slot; the store schedules at a free slot', async () => {
    const occupancy = await client.get(`/api/v1/store/slot-occupancy?date=${kstDate(hqAt)}`, { token: storeToken });
    expect(occupancy.status).toBe(200);
    expect(occupancy.body.occupiedSlots).toEqual([hqSlot.toISOString()]);
    const free = new Date(hqSlot.getTime() + 60 * 60_000);
    const res = await client.post(`/api/v1/store/broadcasts/${draftId}/send`, { scheduledAt: free.toISOString() }, { token: storeToken });
    expect(res.status).toBe(201);
    reservationId = res.body.dispatchId;
    const list = await client.get('/api/v1/store/scheduled-broadcasts', { token: storeToken });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([expect.objectContaining({ dispatchId: reservationId, scheduledAt: free.toISOString(), announcementTitle: '잠시 후 매장 청소가 있습니다.' })]);
  });

  it('a send into the HQ-occupied slot is refused with 409 DISPATCH_SLOT_OCCUPIED', async () => {
    const res = await client.post(`/api/v1/store/broadcasts/${draftId}/send`, { scheduledAt: hqAt.toISOString() }, { token: storeToken });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('DISPATCH_SLOT_OCCUPIED');
  });

  it('the store cancels its reservation', async () => {
    const res = await client.post(`/api/v1/store/scheduled-broadcasts/${reservationId}/cancel`, undefined, { token: storeToken });
    expect(res.status).toBe(204);
    expect((await client.get('/api/v1/store/scheduled-broadcasts', { token: storeToken })).body.total).toBe(0);
  });

  it('an immediate emergency broadcast is in the same store\'s pending list at once', async () => {
    const res = await client.post(`/api/v1/store/broadcasts/${draftId}/send`, { isEmergency: true }, { token: storeToken });
    expect(res.status).toBe(201);
    const pending = await client.get('/api/v1/store/announcements/pending', { token: storeToken });
    expect(pending.status).toBe(200);
    expect(pending.body.items).toEqual([expect.objectContaining({ dispatchId: res.body.dispatchId, announcementId: draftId, isEmergency: true })]);
    expect((await fetch(pending.body.items[0].audioUrl)).status).toBe(200);
  });
});
