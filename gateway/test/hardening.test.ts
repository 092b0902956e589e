import { RedisTokenRevocations } from '@storecast/service-kit';
import { testInfra } from '@storecast/service-kit/testing';
import { bearer, clearPrefix, type GatewayUnderTest, signToken, startGateway, startUpstream, type TestUpstream } from './helpers';

describe('gateway hardening', () => {
  let identity: TestUpstream;
  let organization: TestUpstream;
  const gateways: GatewayUnderTest[] = [];
  beforeAll(async () => {
    identity = await startUpstream('identity');
    organization = await startUpstream('organization');
  });
  afterAll(async () => {
    for (const g of gateways) {
      await g.stop();
      await clearPrefix(g.prefix);
    }
    await identity.close();
    await organization.close();
  });
  const gateway = async (env: Record<string, string> = {}) => {
    const g = await startGateway({ identity: identity.url, organization: organization.url }, env);
    gateways.push(g);
    return g;
  };
  const post = (g: GatewayUnderTest, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${g.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('every response carries nosniff and helmet’s headers; token responses carry Cache-Control: no-store', async () => {
    const g = await gateway();
    expect((await fetch(`${g.url}/healthz`)).headers.get('x-content-type-options')).toBe('nosniff');
    // A proxied answer, a refusal the gateway makes itself (401 without a token), the app's 404 and docs.
    const answers = [
      await post(g, '/api/v1/auth/login', { email: 'a@b.c', password: 'x' }),
      await fetch(`${g.url}/api/v1/hq/me`),
      await fetch(`${g.url}/api/v1/nowhere`),
      await fetch(`${g.url}/v3/api-docs`),
    ];
    expect(answers[1]!.status).toBe(401);
    for (const res of answers) {
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('strict-transport-security')).toContain('max-age=');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
    for (const path of ['/api/v1/auth/login', '/api/v1/auth/refresh', '/api/v1/auth/impersonate-exchange']) {
      expect((await post(g, path, {})).headers.get('cache-control')).toBe('no-store');
    }
  });

  it('password-reset requests are limited per IP and per email (ACCOUNT_MAIL), before identity sends anything', async () => {
    const g = await gateway({ RATE_LIMIT_ACCOUNT_MAIL: '3' });
    const before = identity.received.length;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await post(g, '/api/v1/auth/password-reset/request', { email: 'Victim@Example.com' }, { 'x-forwarded-for': `10.0.0.${i}` })).status);
    // TRUST_PROXY is off: every request is the same IP, and the same mailbox.
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(identity.received.length - before).toBe(3);
  });

  it('one mailbox is protected across many IPs (per-email counter), behind a trusted proxy', async () => {
    const g = await gateway({ RATE_LIMIT_ACCOUNT_MAIL: '2', TRUST_PROXY: '1' });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(g, '/api/v1/auth/password-reset/request', { email: 'victim@example.com' }, { 'x-forwarded-for': `10.0.1.${i}` })).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
    const other = await post(g, '/api/v1/auth/password-reset/request', { email: 'someone-else@example.com' }, { 'x-forwarded-for': '10.0.1.9' });
    expect(other.status).toBe(200);
  });

  it('behind one proxy (TRUST_PROXY=1) two clients are limited separately', async () => {
    const g = await gateway({ RATE_LIMIT_LOGIN_PER_IP: '2', TRUST_PROXY: '1' });
    const login = (ip: string) => post(g, '/api/v1/auth/login', { email: `${ip}@x.test`, password: 'p' }, { 'x-forwarded-for': ip });
    expect([(await login('203.0.113.1')).status, (await login('203.0.113.1')).status, (await login('203.0.113.1')).status]).toEqual([200, 200, 429]);
    expect((await login('203.0.113.2')).status).toBe(200);
  });

  it('an access token older than its account’s revocation mark answers 401 at the gateway', async () => {
    const g = await gateway();
    const accountId = '0190c6a0-0000-7000-8000-0000000000aa';
    const token = signToken({ role: 'OPERATOR', sub: accountId });
    expect((await fetch(`${g.url}/api/v1/admin/operators`, { headers: bearer(token) })).status).toBe(200);
    const marks = new RedisTokenRevocations(testInfra().redisUrl);
    try {
      await marks.revokeBefore(accountId, new Date(Date.now() + 2000), 60);
      const res = await fetch(`${g.url}/api/v1/admin/operators`, { headers: bearer(token) });
      expect(res.status).toBe(401);
    } finally {
      await marks.close();
    }
  });
});
