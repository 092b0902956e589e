import http from 'node:http';
import { eventually, startTestS3, type TestS3 } from '@storecast/service-kit/testing';
import { linkTokenFrom } from './mail';
import { api, type RunningSystem, startSystem } from './system';

interface SseMessage {
  event?: string;
  data?: Record<string, unknown>;
  comment?: string;
}

/** A player's EventSource, on raw HTTP: frames in arrival order. */
const openStream = (url: string) =>
  new Promise<{ status: number; contentType?: string; next: () => Promise<SseMessage>; close: () => void; body?: string; ended?: Promise<boolean> }>((resolve, reject) => {
    const req = http.get(url, { headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, next: () => Promise.reject(new Error('refused')), close: () => undefined }));
        return;
      }
      const frames: SseMessage[] = [];
      const waiting: Array<() => void> = [];
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const message: SseMessage = {};
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) message.comment = line.slice(1).trim();
            if (line.startsWith('event: ')) message.event = line.slice(7);
            if (line.startsWith('data: ')) message.data = JSON.parse(line.slice(6)) as Record<string, unknown>;
          }
          frames.push(message);
        }
        waiting.splice(0).forEach((w) => w());
      });
      const ended = new Promise<boolean>((done) => res.once('end', () => done(true)));
      resolve({
        status: 200,
        ended,
        contentType: res.headers['content-type'],
        next: async () => {
          while (frames.length === 0) await new Promise<void>((r) => waiting.push(r));
          return frames.shift()!;
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });

/**
 * Issue 15: a store player's announcement stream through the gateway, fed by real dispatches: an HQ
 * dispatches "now" (announcement-dispatch → outbox → RabbitMQ → sse-fanout) and revokes remotely.
 */
describe('the store announcement stream, end to end through the gateway', () => {
  let s3: TestS3;
  let system: RunningSystem;
  let client: ReturnType<typeof api>;
  let operatorToken: string;
  let hqToken: string;
  let storeToken: string;
  let storeRefreshToken: string;
  let storeId: string;
  let announcementId: string;

  beforeAll(async () => {
    s3 = await startTestS3();
    system = await startSystem({ env: { ...s3.env, SSE_KEEPALIVE_SECONDS: '1' } });
    client = api(system.gatewayUrl);
    const operator = (await client.post('/api/v1/auth/login', system.operator)).body.accessToken as string;
    const hqManager = { email: 'stream.hq@e2e.storecast.test', tempPassword: 'Temp-pass-123', name: 'Stream HQ' };
    const onboard = await client.post(
      '/api/v1/admin/hq',
      { hq: { name: 'Stream Chain', businessNumber: '222-33-44444', plan: 'TRUST', billingAnchorDay: 1, llmMaxPerHour: 3 }, manager: hqManager },
      { token: operator },
    );
    expect(onboard.status).toBe(201);
    const first = await client.post('/api/v1/auth/login', { email: hqManager.email, password: hqManager.tempPassword });
    const changed = await client.post('/api/v1/auth/change-password', { currentPassword: hqManager.tempPassword, newPassword: 'Changed-pass-456' }, { token: first.body.accessToken });
    expect(changed.status).toBe(200);
    hqToken = changed.body.accessToken;
    operatorToken = operator;

    const storeManagerEmail = 'stream.store@e2e.storecast.test';
    const store = await client.post('/api/v1/hq/stores', { name: 'Jamsil', address: 'Seoul Songpa-gu 1', managerName: 'Park', managerEmail: storeManagerEmail }, { token: hqToken });
    expect(store.status).toBe(201);
    storeId = store.body.store.id;
    const setup = await linkTokenFrom(system.mailDir, storeManagerEmail, 'ACCOUNT_SETUP');
    expect((await client.post('/api/v1/auth/setup/complete', { token: setup, newPassword: 'Store-pass-321' })).status).toBe(204);
    const storeSession = await client.post('/api/v1/auth/login', { email: storeManagerEmail, password: 'Store-pass-321' });
    storeToken = storeSession.body.accessToken;
    storeRefreshToken = storeSession.body.refreshToken;

    const announcement = await client.post('/api/v1/hq/announcements', { title: 'Closing soon', text: 'We close in ten minutes.', voice: 'SHEAN' }, { token: hqToken });
    expect(announcement.status).toBe(201);
    announcementId = announcement.body.id;
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
    await s3?.close();
  });

  const streamTicket = async () => {
    const res = await client.post('/api/v1/store/announcements/stream-ticket', undefined, { token: storeToken });
    expect(res.status).toBe(200);
    return res.body as { ticket: string; streamUrl: string; expiresInSeconds: number };
  };

  it('the stream ticket gives an absolute streamUrl on the gateway; an HQ token gets none', async () => {
    const ticket = await streamTicket();
    expect(ticket.expiresInSeconds).toBe(60);
    expect(ticket.streamUrl).toBe(`${system.gatewayUrl}/api/v1/store/announcements/stream?ticket=${encodeURIComponent(ticket.ticket)}`);
    const hq = await client.post('/api/v1/store/announcements/stream-ticket', undefined, { token: hqToken });
    expect(hq.status).toBe(403);
  });

  it('a missing or forged ticket is refused with 401 by the stream behind the gateway', async () => {
    for (const query of ['', '?ticket=forged.ticket']) {
      const refused = await openStream(`${system.gatewayUrl}/api/v1/store/announcements/stream${query}`);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body!)).toMatchObject({ success: false, error: { code: 'AUTH_TOKEN_INVALID' } });
    }
  });

  it('an HQ dispatch now reaches the connected player as announcement, a remote stop as announcement-revoked', async () => {
    const stream = await openStream((await streamTicket()).streamUrl);
    try {
      expect(stream.status).toBe(200);
      expect(stream.contentType).toBe('text/event-stream');
      expect(await stream.next()).toMatchObject({ event: 'connected', data: { storeId, deviceId: null } });

      const dispatch = await client.post(`/api/v1/hq/announcements/${announcementId}/dispatches`, { target: 'STORES', storeIds: [storeId] }, { token: hqToken });
      expect(dispatch.status).toBe(201);
      const dispatchId = dispatch.body.dispatchIds[0] as string;
      const nextEvent = async () => {
        for (;;) {
          const m = await stream.next();
          if (m.event) return m;
        }
      };
      const announced = await nextEvent();
      expect(announced).toMatchObject({ event: 'announcement', data: { dispatchId, announcementId, title: 'Closing soon', isEmergency: false, deviceId: null } });
      expect(String(announced.data!.audioUrl)).toMatch(/^http/);
      // The player reloads the pending list, as the spec says, and finds it there.
      const pending = await client.get('/api/v1/store/announcements/pending', { token: storeToken });
      expect(pending.body.items.map((i: { dispatchId: string }) => i.dispatchId)).toContain(dispatchId);

      const revoke = await client.post(`/api/v1/hq/dispatches/${dispatchId}/revoke`, undefined, { token: hqToken });
      expect(revoke.status).toBeLessThan(300);
      expect(await nextEvent()).toMatchObject({ event: 'announcement-revoked', data: { dispatchId, announcementId } });
    } finally {
      stream.close();
    }
  });

  it('the gateway passes keep-alive comments through one by one as they are written', async () => {
    // SSE_KEEPALIVE_SECONDS is 1 in this system: an unbuffered proxy hands each comment over on its own.
    const stream = await openStream((await streamTicket()).streamUrl);
    try {
      expect((await stream.next()).event).toBe('connected');
      expect(await stream.next()).toEqual({ comment: 'keep-alive' });
      expect(await stream.next()).toEqual({ comment: 'keep-alive' });
    } finally {
      stream.close();
    }
  });

  // Last: the store is suspended here (and reactivated for whatever runs after).
  it('when the operator suspends the store, the connected player is told (stream-ended, STORE_SUSPENDED), the stream ends and its token gets no new ticket until the store is reactivated', async () => {
    const stream = await openStream((await streamTicket()).streamUrl);
    let reactivated = false;
    try {
      expect((await stream.next()).event).toBe('connected');
      // Revocation marks are whole seconds (decision 0007): suspend in a later second than the sign-in.
      await new Promise((r) => setTimeout(r, 1010 - (Date.now() % 1000)));
      const suspend = await client.post(`/api/v1/admin/stores/${storeId}/suspend`, { reason: 'unpaid invoices' }, { token: operatorToken });
      expect(suspend.status).toBe(200);
      // organization's outbox → RabbitMQ → sse-fanout, through the gateway's open response.
      let message: SseMessage;
      do message = await stream.next();
      while (!message.event);
      expect(message).toMatchObject({ event: 'stream-ended', data: { reason: 'STORE_SUSPENDED' } });
      expect(await stream.ended).toBe(true);

      // organization's outbox → RabbitMQ → identity ends the store manager's access token.
      const refused = await eventually(async () => {
        const res = await client.post('/api/v1/store/announcements/stream-ticket', undefined, { token: storeToken });
        expect(res.status).toBe(401);
        return res;
      });
      expect(refused.body.error.code).toBe('AUTH_TOKEN_INVALID');
      const refresh = await client.post('/api/v1/auth/refresh', { refreshToken: storeRefreshToken });
      expect(refresh.status).toBe(403);
      expect(refresh.body.error.code).toBe('AUTH_STORE_SUSPENDED');

      expect((await client.post(`/api/v1/admin/stores/${storeId}/reactivate`, undefined, { token: operatorToken })).status).toBe(200);
      reactivated = true;
      const refreshed = await client.post('/api/v1/auth/refresh', { refreshToken: storeRefreshToken });
      expect(refreshed.status).toBe(200);
      storeToken = refreshed.body.accessToken;
      storeRefreshToken = refreshed.body.refreshToken;
      expect((await streamTicket()).streamUrl).toContain('ticket=');
    } finally {
      stream.close();
      if (!reactivated) await client.post(`/api/v1/admin/stores/${storeId}/reactivate`, undefined, { token: operatorToken });
    }
  });
});
