import { png, startTestS3, type TestS3 } from '@storecast/service-kit/testing';
import { linkTokenFrom } from './mail';
import { api, startSystem, type RunningSystem } from './system';

/**
 * Issue 17 "Done means": a store files a ticket with a screenshot, its HQ handles it (reply, in
 * progress), an operator works it (internal note, reply, resolved), the store reads the replies,
 * never the note, and closes it. Everything through the gateway, every service real.
 */
describe('support tickets, store → HQ → operator, end to end through the gateway', () => {
  let system: RunningSystem;
  let s3: TestS3;
  let client: ReturnType<typeof api>;
  let operatorToken: string;
  let operatorId: string;
  let hqId: string;
  let hqToken: string;
  let storeId: string;
  let storeToken: string;
  let ticketId: string;
  const SECRET = 'internal-e2e-note-5b1c';
  const storeManagerEmail = 'park.store@support.e2e.storecast.test';

  beforeAll(async () => {
    s3 = await startTestS3();
    system = await startSystem({ env: s3.env });
    client = api(system.gatewayUrl);
    const login = await client.post('/api/v1/auth/login', system.operator);
    operatorToken = login.body.accessToken;
    operatorId = login.body.accountId;

    const hqManager = { email: 'choi.hq@support.e2e.storecast.test', tempPassword: 'Temp-pass-123', name: 'Choi HQ' };
    const onboard = await client.post(
      '/api/v1/admin/hq',
      { hq: { name: 'Tea Chain', plan: 'AI', billingAnchorDay: 5, llmMaxPerHour: 2 }, manager: hqManager },
      { token: operatorToken },
    );
    expect(onboard.status).toBe(201);
    hqId = onboard.body.hqId;
    const first = await client.post('/api/v1/auth/login', { email: hqManager.email, password: hqManager.tempPassword });
    const changed = await client.post(
      '/api/v1/auth/change-password',
      { currentPassword: hqManager.tempPassword, newPassword: 'Changed-pass-456' },
      { token: first.body.accessToken },
    );
    hqToken = changed.body.accessToken;

    const store = await client.post('/api/v1/hq/stores', { name: 'Jongno', managerEmail: storeManagerEmail }, { token: hqToken });
    expect(store.status).toBe(201);
    storeId = store.body.store.id;
    const token = await linkTokenFrom(system.mailDir, storeManagerEmail, 'ACCOUNT_SETUP');
    expect((await client.post('/api/v1/auth/setup/complete', { token, newPassword: 'Store-pass-321' })).status).toBe(204);
    storeToken = (await client.post('/api/v1/auth/login', { email: storeManagerEmail, password: 'Store-pass-321' })).body.accessToken;
  });
  afterAll(async () => {
    await system?.stop();
    await s3?.close();
  });

  it('the store files a ticket and attaches a screenshot', async () => {
    const created = await client.post('/api/v1/store/tickets', { title: 'No music since noon', body: 'The player shows an error', category: 'PLAYBACK' }, { token: storeToken });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'OPEN', comments: [], attachments: [] });
    ticketId = created.body.id;

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'error.png');
    const res = await fetch(`${system.gatewayUrl}/api/v1/store/tickets/${ticketId}/attachments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${storeToken}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const attachment = (await res.json()) as { contentType: string; downloadUrl: string };
    expect(attachment.contentType).toBe('image/png');
    const file = await fetch(attachment.downloadUrl);
    expect(Buffer.from(await file.arrayBuffer()).equals(png())).toBe(true);
  });

  it('the HQ sees the ticket among its stores\' tickets, replies and takes it in progress', async () => {
    const signal = await client.get('/api/v1/hq/store-support/unread-signal', { token: hqToken });
    expect(signal.body.openOrInProgressCount).toBe(1);
    const list = await client.get('/api/v1/hq/store-tickets', { token: hqToken });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([expect.objectContaining({ id: ticketId, storeId, storeName: 'Jongno', priority: 'NORMAL' })]);
    const reply = await client.post(`/api/v1/hq/store-tickets/${ticketId}/comments`, { body: 'HQ is checking the player' }, { token: hqToken });
    expect(reply.status).toBe(201);
    expect(reply.body.authorRole).toBe('HQ_MANAGER');
    const moved = await client.patch(`/api/v1/hq/store-tickets/${ticketId}/status`, { status: 'IN_PROGRESS' }, { token: hqToken });
    expect(moved.status).toBe(200);
    expect(moved.body.status).toBe('IN_PROGRESS');
  });

  it('the operator finds it with its source names, assigns it, notes internally, replies and resolves it', async () => {
    const list = await client.get(`/api/v1/admin/tickets?hqId=${hqId}`, { token: operatorToken });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      expect.objectContaining({ id: ticketId, hqName: 'Tea Chain', storeName: 'Jongno', sourceName: 'Jongno', status: 'IN_PROGRESS', commentCount: 1 }),
    ]);
    const assigned = await client.patch(`/api/v1/admin/tickets/${ticketId}/assignee`, { assigneeOperatorId: operatorId }, { token: operatorToken });
    expect(assigned.status).toBe(200);
    expect(assigned.body.assigneeOperatorId).toBe(operatorId);
    expect(assigned.body.assigneeName).toEqual(expect.any(String));
    expect((await client.post(`/api/v1/admin/tickets/${ticketId}/comments`, { kind: 'INTERNAL', body: SECRET }, { token: operatorToken })).status).toBe(201);
    expect((await client.post(`/api/v1/admin/tickets/${ticketId}/comments`, { kind: 'REPLY', body: 'Player updated, please retry' }, { token: operatorToken })).status).toBe(201);
    const resolved = await client.patch(`/api/v1/admin/tickets/${ticketId}/status`, { status: 'RESOLVED' }, { token: operatorToken });
    expect(resolved.body.status).toBe('RESOLVED');
    expect(resolved.body.comments.map((c: { kind: string }) => c.kind)).toEqual(['REPLY', 'INTERNAL', 'REPLY']);
  });

  it('the store reads the HQ and operator replies, never the internal note, and closes the ticket', async () => {
    const signal = await client.get('/api/v1/store/support/unread-signal', { token: storeToken });
    expect(signal.body.latestOperatorReplyAt).toEqual(expect.any(String));
    const res = await fetch(`${system.gatewayUrl}/api/v1/store/tickets/${ticketId}`, { headers: { authorization: `Bearer ${storeToken}` } });
    const text = await res.text();
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('INTERNAL');
    const detail = JSON.parse(text) as { comments: Array<{ authorRole: string; body: string }>; attachments: unknown[] };
    expect(detail.comments.map((c) => [c.authorRole, c.body])).toEqual([
      ['HQ_MANAGER', 'HQ is checking the player'],
      ['OPERATOR', 'Player updated, please retry'],
    ]);
    expect(detail.attachments).toHaveLength(1);
    const hqView = await fetch(`${system.gatewayUrl}/api/v1/hq/store-tickets/${ticketId}`, { headers: { authorization: `Bearer ${hqToken}` } });
    expect(await hqView.text()).not.toContain(SECRET);

    const closed = await client.patch(`/api/v1/store/tickets/${ticketId}/close`, undefined, { token: storeToken });
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('CLOSED');
    const again = await client.patch(`/api/v1/store/tickets/${ticketId}/close`, undefined, { token: storeToken });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('TICKET_INVALID_STATUS_TRANSITION');
  });

  it('another HQ cannot see the ticket (404 TICKET_NOT_FOUND), and the store cannot use operator paths', async () => {
    const other = await client.post(
      '/api/v1/admin/hq',
      { hq: { name: 'Other Chain', plan: 'AI', billingAnchorDay: 1, llmMaxPerHour: 1 }, manager: { email: 'other.hq@support.e2e.storecast.test', tempPassword: 'Temp-pass-123', name: 'O' } },
      { token: operatorToken },
    );
    expect(other.status).toBe(201);
    const first = await client.post('/api/v1/auth/login', { email: 'other.hq@support.e2e.storecast.test', password: 'Temp-pass-123' });
    const otherToken = (
      await client.post('/api/v1/auth/change-password', { currentPassword: 'Temp-pass-123', newPassword: 'Changed-pass-456' }, { token: first.body.accessToken })
    ).body.accessToken;
    const foreign = await client.get(`/api/v1/hq/store-tickets/${ticketId}`, { token: otherToken });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('TICKET_NOT_FOUND');
    const admin = await client.get('/api/v1/admin/tickets', { token: storeToken });
    expect(admin.status).toBe(403);
  });
});
