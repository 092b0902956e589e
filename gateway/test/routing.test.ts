import http from 'node:http';
import type { ServiceName } from '../src/routes/route-table';
import {
  bearer,
  clearPrefix,
  type Echo,
  type GatewayUnderTest,
  startGatewayWithEveryUpstream,
  json,
  refusedUrl,
  startGateway,
  type TestUpstream,
  tokens,
} from './helpers';

describe('gateway routing', () => {
  let upstreams: Record<ServiceName, TestUpstream>;
  let gateway: GatewayUnderTest;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ gateway, upstreams, stop } = await startGatewayWithEveryUpstream());
  });

  afterAll(async () => stop());

  const call = (method: string, path: string, token?: string, init: RequestInit = {}) =>
    fetch(`${gateway.url}${path}`, {
      method,
      ...init,
      headers: { ...(token ? bearer(token) : {}), ...(init.headers as Record<string, string> | undefined) },
    });

  // [method, path, who calls, service that must answer]
  const cases: Array<[string, string, keyof typeof tokens | null, ServiceName]> = [
    ['POST', '/api/v1/auth/login', null, 'identity'],
    ['POST', '/api/v1/auth/setup/verify', null, 'identity'],
    ['GET', '/api/v1/auth/me', 'store', 'identity'],
    ['GET', '/api/v1/auth/jwks', null, 'identity'],
    ['POST', '/api/v1/api-access/sign-up', null, 'identity'],
    ['GET', '/api/v1/api-access/usage', null, 'identity'],
    ['GET', '/api/v1/terms/active', null, 'legal'],
    ['GET', '/api/v1/privacy-policy/active', null, 'legal'],
    ['POST', '/api/v1/legal/terms/agree', 'hq', 'legal'],
    ['POST', '/api/v1/admin/terms', 'operator', 'legal'],
    ['GET', '/api/v1/admin/privacy-policy/0190', 'operator', 'legal'],
    // most specific wins under /admin/hq: consents → legal, impersonate → identity, default-playlist → catalog
    ['GET', '/api/v1/admin/hq/0190-hq/consents', 'operator', 'legal'],
    ['POST', '/api/v1/admin/hq/0190-hq/impersonate', 'operator', 'identity'],
    ['PUT', '/api/v1/admin/hq/0190-hq/default-playlist', 'operator', 'catalog-search'],
    ['GET', '/api/v1/admin/hq/0190-hq', 'operator', 'organization'],
    ['POST', '/api/v1/admin/hq/0190-hq/stores', 'operator', 'organization'],
    ['GET', '/api/v1/admin/hq/admin-list', 'operator', 'organization'],
    ['POST', '/api/v1/admin/accounts/acc-1/resend-setup', 'operator', 'identity'],
    ['GET', '/api/v1/admin/operators', 'operator', 'identity'],
    ['GET', '/api/v1/admin/email-templates', 'operator', 'identity'],
    ['GET', '/api/v1/admin/api-clients', 'operator', 'identity'],
    ['POST', '/api/v1/admin/stores/independent', 'operator', 'organization'],
    ['GET', '/api/v1/admin/music', 'operator', 'catalog-search'],
    ['GET', '/api/v1/admin/tags', 'operator', 'catalog-search'],
    ['GET', '/api/v1/admin/libraries/l1', 'operator', 'catalog-search'],
    ['GET', '/api/v1/admin/playlists', 'operator', 'catalog-search'],
    ['GET', '/api/v1/admin/tickets', 'operator', 'support'],
    ['GET', '/api/v1/admin/stats', 'operator', 'support'],
    ['GET', '/api/v1/admin/playback-logs/export', 'operator', 'playback'],
    ['GET', '/api/v1/admin/playback-status', 'operator', 'playback'],
    ['GET', '/api/v1/hq/me', 'hq', 'organization'],
    ['PATCH', '/api/v1/hq/me/ducking', 'hq', 'organization'],
    ['POST', '/api/v1/hq/stores/bulk', 'hq', 'organization'],
    ['GET', '/api/v1/hq/playlists/p1', 'hq', 'catalog-search'],
    ['GET', '/api/v1/hq/libraries/l1/music', 'hq', 'catalog-search'],
    ['POST', '/api/v1/hq/announcements', 'hq', 'announcement-dispatch'],
    ['GET', '/api/v1/hq/tts-voices', 'hq', 'announcement-dispatch'],
    ['PUT', '/api/v1/hq/commercials/c1/file', 'hq', 'announcement-dispatch'],
    // under /hq/dashboard each sub-path has its own owner
    ['GET', '/api/v1/hq/dashboard/undelivered-today/stores', 'hq', 'announcement-dispatch'],
    ['GET', '/api/v1/hq/dashboard/playback-status', 'hq', 'playback'],
    ['GET', '/api/v1/hq/playback-logs/export', 'hq', 'playback'],
    ['GET', '/api/v1/hq/playback/summary', 'hq', 'playback'],
    ['GET', '/api/v1/hq/store-tickets', 'hq', 'support'],
    ['GET', '/api/v1/hq/store-support/unread-signal', 'hq', 'support'],
    ['GET', '/api/v1/hq/tickets', 'hq', 'support'],
    ['GET', '/api/v1/store/me', 'store', 'organization'],
    ['POST', '/api/v1/store/devices', 'store', 'organization'],
    // under /store/announcements: stream-ticket → sse-fanout, the rest → announcement-dispatch
    ['POST', '/api/v1/store/announcements/stream-ticket', 'store', 'sse-fanout'],
    ['GET', '/api/v1/store/announcements/pending', 'store', 'announcement-dispatch'],
    ['POST', '/api/v1/store/announcements/d1/ack', 'store', 'announcement-dispatch'],
    ['POST', '/api/v1/store/playback/report', 'store', 'playback'],
    ['GET', '/api/v1/store/queue', 'store', 'playback'],
    ['POST', '/api/v1/store/broadcasts/preview', 'store', 'announcement-dispatch'],
    ['GET', '/api/v1/store/broadcast-templates', 'store', 'announcement-dispatch'],
    ['GET', '/api/v1/store/scheduled-broadcasts', 'store', 'announcement-dispatch'],
    ['GET', '/api/v1/store/slot-occupancy', 'store', 'announcement-dispatch'],
    ['GET', '/api/v1/store/tickets', 'store', 'support'],
    ['GET', '/api/v1/store/support/unread-signal', 'store', 'support'],
  ];

  it.each(cases)('%s %s is routed to the service that owns it', async (method, path, who, service) => {
    const res = await call(method, path, who ? tokens[who]() : undefined, method === 'GET' ? {} : { body: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
    const echo = await json<Echo>(res);
    expect(echo.service).toBe(service);
    expect(echo.method).toBe(method);
    expect(echo.url).toBe(path);
  });

  it('keeps the query string and forwards the body bytes unchanged', async () => {
    const body = JSON.stringify({ name: '강남점', note: 'x'.repeat(5000) });
    const res = await call('POST', '/api/v1/hq/stores?dryRun=true&q=%EA%B0%95', tokens.hq(), {
      body,
      headers: { 'content-type': 'application/json' },
    });
    const echo = await json<Echo>(res);
    expect(echo.url).toBe('/api/v1/hq/stores?dryRun=true&q=%EA%B0%95');
    expect(echo.body).toBe(body);
    expect(echo.headers['content-type']).toBe('application/json');
  });

  it('forwards Authorization unchanged, a generated X-Request-Id, and X-Forwarded-For', async () => {
    const token = tokens.hq();
    const res = await call('GET', '/api/v1/hq/me', token);
    const echo = await json<Echo>(res);
    expect(echo.headers.authorization).toBe(`Bearer ${token}`);
    expect(echo.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-request-id')).toBe(echo.headers['x-request-id']);
    expect(echo.headers['x-forwarded-for']).toMatch(/127\.0\.0\.1$/);
    expect(echo.headers['x-forwarded-host']).toBe(new URL(gateway.url).host);
  });

  it("keeps the caller's X-Request-Id and traceparent", async () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const res = await call('GET', '/api/v1/terms/active', undefined, {
      headers: { 'x-request-id': 'req-abc-123', traceparent },
    });
    const echo = await json<Echo>(res);
    expect(echo.headers['x-request-id']).toBe('req-abc-123');
    expect(res.headers.get('x-request-id')).toBe('req-abc-123');
    // Without the OpenTelemetry SDK (tests) the header passes as is; with it, the gateway's span continues the trace.
    expect(String(echo.headers.traceparent)).toContain('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it('does not let a client choose its forwarded address or the API-client identity headers', async () => {
    const res = await call('GET', '/api/v1/terms/active', undefined, {
      headers: { 'x-forwarded-for': '6.6.6.6', 'x-storecast-api-client-id': 'spoofed' },
    });
    const echo = await json<Echo>(res);
    expect(echo.headers['x-forwarded-for']).not.toContain('6.6.6.6');
    expect(echo.headers['x-storecast-api-client-id']).toBeUndefined();
  });

  it('reuses upstream connections (keep-alive) instead of opening one per request', async () => {
    const before = upstreams.support.connections();
    for (let i = 0; i < 30; i++) {
      const res = await call('GET', '/api/v1/store/tickets', tokens.store());
      await res.arrayBuffer();
    }
    expect(upstreams.support.connections() - before).toBeLessThanOrEqual(2);
  });

  it('answers 404 NOT_FOUND in the platform envelope for a path no route matches', async () => {
    // ('/' is the web app's now: test/web-serving.test.ts.)
    for (const path of ['/api/v1/nope', '/api/v1/hq/storesx', '/api/v1/admin', '/api/v1/hq/dashboard/other', '/nope']) {
      const res = await call('GET', path, tokens.operator());
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, error: { code: 'NOT_FOUND', message: expect.any(String) } });
    }
  });

  it('refuses dot segments instead of routing them (404), so no upstream resolves a path differently', async () => {
    // fetch would normalize the dot segments itself; a raw request sends them as they are.
    const before = upstreams.legal.received.length;
    for (const path of ['/api/v1/terms/active/%2e%2e/%2e%2e/admin/terms', '/api/v1/terms/active/../../admin/terms']) {
      const status = await new Promise<number>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port: gateway.port, path }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        }).on('error', reject);
      });
      expect(status).toBe(404);
    }
    expect(upstreams.legal.received.length).toBe(before);
  });

  it('answers the health endpoints itself', async () => {
    expect((await call('GET', '/healthz')).status).toBe(200);
    const ready = await call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok', checks: { redis: 'ok' } });
  });
});

describe('gateway with upstreams missing', () => {
  let gateway: GatewayUnderTest;

  beforeAll(async () => {
    // legal is down (connection refused), organization is not configured at all
    gateway = await startGateway({ legal: await refusedUrl() });
  });

  afterAll(async () => {
    await gateway.stop();
    await clearPrefix(gateway.prefix);
  });

  it('answers 503 SERVICE_UNAVAILABLE when the upstream refuses connections', async () => {
    const res = await fetch(`${gateway.url}/api/v1/terms/active`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      success: false,
      error: { code: 'SERVICE_UNAVAILABLE', message: 'The legal service is unavailable' },
    });
  });

  it('answers 503 SERVICE_UNAVAILABLE when the upstream is not configured', async () => {
    const res = await fetch(`${gateway.url}/api/v1/hq/me`, { headers: bearer(tokens.hq()) });
    expect(res.status).toBe(503);
    expect(await json(res)).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
  });

  it('answers 503 UPLOAD_NOT_CONFIGURED on the upload endpoints without UPLOAD_TICKET_SECRET, after the credential check', async () => {
    const noToken = await fetch(`${gateway.url}/api/v1/uploads/tickets`, { method: 'POST' });
    expect(noToken.status).toBe(401);
    const tickets = await fetch(`${gateway.url}/api/v1/uploads/tickets`, { method: 'POST', headers: bearer(tokens.hq()) });
    expect(tickets.status).toBe(503);
    expect(await json(tickets)).toMatchObject({ error: { code: 'UPLOAD_NOT_CONFIGURED' } });
    const files = await fetch(`${gateway.url}/api/v1/uploads/files`, { method: 'POST', headers: { 'x-upload-ticket': 't' } });
    expect(files.status).toBe(503);
  });

  it('stays up and keeps answering after upstream failures', async () => {
    await Promise.all(Array.from({ length: 20 }, () => fetch(`${gateway.url}/api/v1/terms/active`)));
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
  });
});
