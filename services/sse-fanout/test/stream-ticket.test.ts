import { ConfigError, newId, TicketSigner } from '@storecast/service-kit';
import type { TestEnv } from '@storecast/service-kit/testing';
import { loadSseFanoutConfig } from '../src/config';
import { createTestEnv, eventPublisher, pendingEvent, PUBLIC_BASE_URL, SECRET, startFanout, type Fanout } from './support/harness';
import { openSse } from './support/sse-client';

const TICKET_PATH = '/api/v1/store/announcements/stream-ticket';
const STREAM_PATH = '/api/v1/store/announcements/stream';

describe('stream tickets', () => {
  let env: TestEnv;
  let fanout: Fanout;
  const storeId = newId();
  const storeToken = () => env.sign({ role: 'STORE_MANAGER', storeId, hqId: newId() });

  beforeAll(async () => {
    env = await createTestEnv('sse-fanout');
    fanout = await startFanout(env);
  });
  afterAll(async () => {
    await fanout?.service.stop();
    await env.cleanup();
  });

  const refused = async (ticket: string | undefined) => {
    const query = ticket === undefined ? '' : `?ticket=${encodeURIComponent(ticket)}`;
    const res = await fanout.client('GET', `${STREAM_PATH}${query}`);
    return res;
  };

  it('a store manager gets a 60-second ticket and the complete stream URL on the public base URL', async () => {
    const res = await fanout.client('POST', TICKET_PATH, { token: storeToken() });
    expect(res.status).toBe(200);
    expect(res.body.expiresInSeconds).toBe(60);
    const url = new URL(res.body.streamUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_BASE_URL}${STREAM_PATH}`);
    expect(url.searchParams.get('ticket')).toBe(res.body.ticket);
  });

  it('the streamUrl keeps a path prefix of the public base URL', async () => {
    const prefixed = await startFanout(env, { extra: { PUBLIC_BASE_URL: 'https://edge.storecast.test/storecast/' } });
    try {
      const res = await prefixed.client('POST', TICKET_PATH, { token: storeToken() });
      expect(res.body.streamUrl).toBe(`https://edge.storecast.test/storecast${STREAM_PATH}?ticket=${encodeURIComponent(res.body.ticket)}`);
    } finally {
      await prefixed.service.stop();
    }
  });

  it('the ticket lifetime follows STREAM_TICKET_TTL_SECONDS', async () => {
    const short = await startFanout(env, { extra: { STREAM_TICKET_TTL_SECONDS: '15' } });
    try {
      const res = await short.client('POST', TICKET_PATH, { token: storeToken() });
      expect(res.body.expiresInSeconds).toBe(15);
    } finally {
      await short.service.stop();
    }
  });

  it('other roles are refused with 403 FORBIDDEN, a store token without a store with 403 PRINCIPAL_SCOPE_MISMATCH, no token with 401', async () => {
    const hq = await fanout.client('POST', TICKET_PATH, { token: env.sign({ role: 'HQ_MANAGER', hqId: newId() }) });
    expect(hq.status).toBe(403);
    expect(hq.body.error.code).toBe('FORBIDDEN');
    const storeless = await fanout.client('POST', TICKET_PATH, { token: env.sign({ role: 'STORE_MANAGER' }) });
    expect(storeless.status).toBe(403);
    expect(storeless.body.error.code).toBe('PRINCIPAL_SCOPE_MISMATCH');
    const anonymous = await fanout.client('POST', TICKET_PATH);
    expect(anonymous.status).toBe(401);
  });

  it('a store manager who must still change the password gets no ticket', async () => {
    const res = await fanout.client('POST', TICKET_PATH, { token: env.sign({ role: 'STORE_MANAGER', storeId, passwordMustChange: true }) });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('a missing, forged or malformed ticket answers 401 AUTH_TOKEN_INVALID', async () => {
    const valid = await fanout.ticket(storeId);
    const [payload, signature] = valid.split('.');
    const forged = new TicketSigner('another-secret-of-at-least-32-characters!!', fanout.clock).issue('stream', { sub: newId(), role: 'STORE_MANAGER', storeId }, 60).ticket;
    const tampered = `${Buffer.from(JSON.stringify({ sub: 'x', role: 'STORE_MANAGER', storeId: newId(), kind: 'stream', exp: 9e15, jti: 'x' })).toString('base64url')}.${signature}`;
    for (const ticket of [undefined, '', 'nonsense', forged, tampered, `${payload}.${signature}.extra`, 'x'.repeat(10_000)]) {
      const res = await refused(ticket);
      expect({ ticket: ticket?.slice(0, 20), status: res.status, code: res.body?.error?.code }).toEqual({ ticket: ticket?.slice(0, 20), status: 401, code: 'AUTH_TOKEN_INVALID' });
    }
  });

  it('an upload ticket signed with the same secret does not open a stream', async () => {
    const upload = new TicketSigner(SECRET, fanout.clock).issue('upload', { sub: newId(), role: 'STORE_MANAGER', storeId, purpose: 'TICKET_ATTACHMENT_STORE' }, 600).ticket;
    const res = await refused(upload);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('AUTH_TOKEN_INVALID');
  });

  it('a stream ticket signed for a role other than store manager does not open a stream', async () => {
    const hqTicket = new TicketSigner(SECRET, fanout.clock).issue('stream', { sub: newId(), role: 'HQ_MANAGER', hqId: newId() }, 60).ticket;
    expect((await refused(hqTicket)).status).toBe(401);
  });

  it('a ticket is accepted until its 60 seconds are over, then refused with 401', async () => {
    const early = await fanout.ticket(storeId);
    const late = await fanout.ticket(storeId);
    fanout.clock.advance(59_999);
    const stream = await fanout.connect(early);
    expect((await stream.nextEvent()).event).toBe('connected');
    stream.close();
    fanout.clock.advance(1);
    const res = await refused(late);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('AUTH_TOKEN_INVALID');
  });

  it('the ticket is checked once: an open stream outlives it and keeps delivering', async () => {
    const store = newId();
    const stream = await fanout.connect(await fanout.ticket(store));
    await stream.nextEvent();
    fanout.clock.advance(10 * 60_000);
    const publisher = await eventPublisher(env);
    try {
      const event = pendingEvent(store);
      await publisher.publish('dispatch.dispatch.pending', event);
      expect(await stream.nextEvent()).toMatchObject({ event: 'announcement', data: { dispatchId: event.dispatchId } });
    } finally {
      stream.close();
      await publisher.close();
    }
  });

  it('hostile query values answer 4xx, never 500', async () => {
    const nul = await fanout.client('GET', `${STREAM_PATH}?ticket=%00`);
    expect(nul.status).toBe(400);
    const twice = await fanout.client('GET', `${STREAM_PATH}?ticket=a&ticket=b`);
    expect(twice.status).toBe(400);
    const surrogate = await fanout.client('POST', `${TICKET_PATH}?deviceId=%ED%A0%80`, { token: storeToken() });
    expect(surrogate.status).toBeLessThan(500);
    const long = await fanout.client('POST', `${TICKET_PATH}?deviceId=${'d'.repeat(5000)}`, { token: storeToken() });
    expect(long.status).toBe(400);
  });

  it('a deviceId that is not a device id gives a store-level ticket', async () => {
    const res = await fanout.client('POST', `${TICKET_PATH}?deviceId=not-a-device`, { token: storeToken() });
    expect(res.status).toBe(200);
    const stream = await openSse(res.body.streamUrl.replace(PUBLIC_BASE_URL, fanout.service.httpUrl), fanout.service.api.routes);
    expect((await stream.nextEvent()).data).toMatchObject({ storeId, deviceId: null });
    stream.close();
  });
});

describe('stream ticket configuration', () => {
  const base = { NODE_ENV: 'production', AMQP_URL: 'amqp://mq', JWKS_URL: 'http://identity/jwks' };

  it('production refuses to start without STREAM_TICKET_SECRET and PUBLIC_BASE_URL', () => {
    expect(() => loadSseFanoutConfig(base)).toThrow(ConfigError);
    expect(() => loadSseFanoutConfig(base)).toThrow(/STREAM_TICKET_SECRET[\s\S]*PUBLIC_BASE_URL|PUBLIC_BASE_URL[\s\S]*STREAM_TICKET_SECRET/);
    expect(() => loadSseFanoutConfig({ ...base, STREAM_TICKET_SECRET: 'short', PUBLIC_BASE_URL: 'https://api.example.com' })).toThrow(/STREAM_TICKET_SECRET/);
    const config = loadSseFanoutConfig({ ...base, STREAM_TICKET_SECRET: SECRET, PUBLIC_BASE_URL: 'https://api.example.com' });
    expect(config).toMatchObject({ STREAM_TICKET_SECRET: SECRET, STREAM_TICKET_SECRET_GENERATED: false, PUBLIC_BASE_URL: 'https://api.example.com' });
  });

  it('development generates a secret and uses the launcher\'s gateway URL, then localhost:8080', () => {
    const dev = loadSseFanoutConfig({ NODE_ENV: 'development', GATEWAY_HTTP_URL: 'http://127.0.0.1:18080' });
    expect(dev.STREAM_TICKET_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(dev.STREAM_TICKET_SECRET_GENERATED).toBe(true);
    expect(dev.PUBLIC_BASE_URL).toBe('http://127.0.0.1:18080');
    expect(loadSseFanoutConfig({ NODE_ENV: 'development' }).PUBLIC_BASE_URL).toBe('http://localhost:8080');
  });

  it('the stream timings default to the spec: 25 s keep-alive, 30 minutes at most', () => {
    expect(loadSseFanoutConfig({ NODE_ENV: 'test' })).toMatchObject({ SSE_KEEPALIVE_SECONDS: 25, SSE_MAX_CONNECTION_SECONDS: 1800, STREAM_TICKET_TTL_SECONDS: 60 });
  });

  it('the per-turn budgets default to 16 timers and 512 writes, take other values and refuse 0', () => {
    expect(loadSseFanoutConfig({ NODE_ENV: 'test' })).toMatchObject({ SSE_TIMERS_PER_TURN: 16, SSE_WRITES_PER_TURN: 512 });
    expect(loadSseFanoutConfig({ NODE_ENV: 'test', SSE_TIMERS_PER_TURN: '4', SSE_WRITES_PER_TURN: '64' })).toMatchObject({ SSE_TIMERS_PER_TURN: 4, SSE_WRITES_PER_TURN: 64 });
    expect(() => loadSseFanoutConfig({ NODE_ENV: 'test', SSE_TIMERS_PER_TURN: '0' })).toThrow(/SSE_TIMERS_PER_TURN/);
    expect(() => loadSseFanoutConfig({ NODE_ENV: 'test', SSE_WRITES_PER_TURN: 'many' })).toThrow(/SSE_WRITES_PER_TURN/);
  });
});
