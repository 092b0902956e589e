import { sineMp3, png, startTestS3, type TestS3 } from '@storecast/service-kit/testing';
import { linkTokenFrom } from './mail';
import { api, startSystem, type RunningSystem } from './system';

/**
 * Issue 11 "Upload tickets": large files go to POST /api/v1/uploads/files with a short-lived
 * ticket instead of the session. The operator creates and replaces a song that way; a store
 * manager attaches a screenshot to its own support ticket. Every service real, through the
 * gateway only; the gateway and the services share the run's UPLOAD_TICKET_SECRET (system.ts).
 */
describe('upload tickets, end to end through the gateway', () => {
  let s3: TestS3;
  let system: RunningSystem;
  let client: ReturnType<typeof api>;
  let operatorToken: string;
  let storeToken: string;
  let musicId: string;

  const ticket = async (token: string, purpose: string, targetId?: string) => {
    const res = await client.post('/api/v1/uploads/tickets', { purpose, targetId }, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ticket: expect.any(String), uploadUrl: `${system.gatewayUrl}/api/v1/uploads/files`, expiresInSeconds: 600 });
    return res.body as { ticket: string; uploadUrl: string };
  };
  const sendFile = (to: { ticket: string; uploadUrl: string }, file: Blob, name: string, query = '') => {
    const form = new FormData();
    form.append('file', file, name);
    // No Authorization: the ticket is the only credential.
    return fetch(`${to.uploadUrl}${query}`, { method: 'POST', headers: { 'x-upload-ticket': to.ticket }, body: form });
  };

  beforeAll(async () => {
    s3 = await startTestS3();
    system = await startSystem({ env: s3.env });
    client = api(system.gatewayUrl);
    operatorToken = (await client.post('/api/v1/auth/login', system.operator)).body.accessToken;

    const hqManager = { email: 'han.hq@uploads.e2e.storecast.test', tempPassword: 'Temp-pass-123', name: 'Han HQ' };
    const onboard = await client.post(
      '/api/v1/admin/hq',
      { hq: { name: 'Upload Chain', plan: 'AI', billingAnchorDay: 5, llmMaxPerHour: 2 }, manager: hqManager },
      { token: operatorToken },
    );
    expect(onboard.status).toBe(201);
    const first = await client.post('/api/v1/auth/login', { email: hqManager.email, password: hqManager.tempPassword });
    const hqToken = (
      await client.post('/api/v1/auth/change-password', { currentPassword: hqManager.tempPassword, newPassword: 'Changed-pass-456' }, { token: first.body.accessToken })
    ).body.accessToken;
    const storeManagerEmail = 'yoon.store@uploads.e2e.storecast.test';
    expect((await client.post('/api/v1/hq/stores', { name: 'Seongsu', managerEmail: storeManagerEmail }, { token: hqToken })).status).toBe(201);
    const setup = await linkTokenFrom(system.mailDir, storeManagerEmail, 'ACCOUNT_SETUP');
    expect((await client.post('/api/v1/auth/setup/complete', { token: setup, newPassword: 'Store-pass-321' })).status).toBe(204);
    storeToken = (await client.post('/api/v1/auth/login', { email: storeManagerEmail, password: 'Store-pass-321' })).body.accessToken;
  });
  afterAll(async () => {
    await system?.stop();
    await s3?.close();
  });

  it('the operator uploads a real MP3 with a MUSIC_CREATE ticket: the same 201 MusicResponse as the multipart endpoint', async () => {
    const to = await ticket(operatorToken, 'MUSIC_CREATE');
    const res = await sendFile(to, new Blob([sineMp3({ hz: 440 })], { type: 'audio/mpeg' }), 'ticketed.mp3', '?title=Ticketed%20song&durationSeconds=1&musicSource=AI');
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; title: string; musicSource: string; audioUrl: string };
    expect(body).toMatchObject({ title: 'Ticketed song', musicSource: 'AI' });
    const audio = await fetch(body.audioUrl);
    expect(Buffer.from(await audio.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from('ID3\u0004', 'latin1'));
    musicId = body.id;
    expect((await client.get(`/api/v1/admin/music/${musicId}`, { token: operatorToken })).body.title).toBe('Ticketed song');
  });

  it('then replaces its file with a MUSIC_REPLACE ticket for that music (same id, no new music)', async () => {
    const to = await ticket(operatorToken, 'MUSIC_REPLACE', musicId);
    const res = await sendFile(to, new Blob([sineMp3({ hz: 880 })], { type: 'audio/mpeg' }), 'replaced.mp3', '?title=Replaced%20song');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: musicId, title: 'Replaced song' });

    expect((await client.get('/api/v1/admin/music', { token: operatorToken })).body.total).toBe(1);
  });

  it('a store manager attaches a PNG to its own support ticket with a TICKET_ATTACHMENT_STORE ticket', async () => {
    const created = await client.post('/api/v1/store/tickets', { title: 'Speaker crackles', body: 'Since this morning', category: 'PLAYBACK' }, { token: storeToken });
    expect(created.status).toBe(201);
    const to = await ticket(storeToken, 'TICKET_ATTACHMENT_STORE', created.body.id);
    const res = await sendFile(to, new Blob([new Uint8Array(png())], { type: 'image/png' }), 'screen.png');
    expect(res.status).toBe(201);
    const attachment = (await res.json()) as { contentType: string; downloadUrl: string };
    expect(attachment.contentType).toBe('image/png');
    expect(Buffer.from(await (await fetch(attachment.downloadUrl)).arrayBuffer()).equals(png())).toBe(true);
    const detail = await client.get(`/api/v1/store/tickets/${created.body.id}`, { token: storeToken });
    expect(detail.body.attachments).toEqual([expect.objectContaining({ fileName: 'screen.png' })]);
  });

  it('roles keep their purposes, and a forged ticket never reaches a service', async () => {
    const refused = await client.post('/api/v1/uploads/tickets', { purpose: 'MUSIC_CREATE' }, { token: storeToken });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('UPLOAD_PURPOSE_FORBIDDEN');
    const forged = await sendFile({ ticket: 'eyJzdWIiOiJ4In0.c2lnbmF0dXJl', uploadUrl: `${system.gatewayUrl}/api/v1/uploads/files` }, new Blob([png()]), 'x.png');
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('UPLOAD_TICKET_INVALID');
  });
});
