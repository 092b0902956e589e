import {
  bearer,
  clearPrefix,
  type GatewayUnderTest,
  json,
  signToken,
  startGateway,
  startUpstream,
  type TestUpstream,
  uniquePrefix,
} from './helpers';

/** identity stand-in: login succeeds with password "right", else 401 AUTH_INVALID_CREDENTIALS. */
const startIdentity = async () => {
  const identity = await startUpstream('identity');
  identity.handlers.set('/api/v1/auth/login', (_req, res, body) => {
    const { password } = JSON.parse(body.toString() || '{}') as { password?: string };
    if (password === 'right') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ accessToken: 'a', refreshToken: 'r' }));
      return;
    }
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ success: false, error: { code: 'AUTH_INVALID_CREDENTIALS', message: 'Invalid email or password' } }));
  });
  return identity;
};

const expectRateLimited = async (res: Response) => {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(await json(res)).toEqual({ success: false, error: { code: 'RATE_LIMITED', message: expect.any(String) } });
};

const login = (gateway: GatewayUnderTest, email: string, password: string) =>
  fetch(`${gateway.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

describe('LOGIN rate limit', () => {
  let identity: TestUpstream;
  const gateways: GatewayUnderTest[] = [];

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(async () => {
    for (const g of gateways) {
      await g.stop();
      await clearPrefix(g.prefix);
    }
    await identity.close();
  });

  const gatewayWith = async (env: Record<string, string>) => {
    const g = await startGateway({ identity: identity.url }, env);
    gateways.push(g);
    return g;
  };

  it('counts every attempt per IP and answers 429 RATE_LIMITED with Retry-After over the limit', async () => {
    const gateway = await gatewayWith({ RATE_LIMIT_LOGIN_PER_IP: '5', RATE_LIMIT_LOGIN_PER_EMAIL: '100' });
    for (let i = 0; i < 5; i++) {
      const res = await login(gateway, `user${i}@example.com`, i % 2 ? 'right' : 'wrong');
      expect([200, 401]).toContain(res.status);
    }
    const before = identity.received.length;
    await expectRateLimited(await login(gateway, 'someone@example.com', 'right'));
    expect(identity.received.length).toBe(before); // the refused attempt never reached identity
  });

  it('blocks an IP + email pair after its failed attempts, while other emails still log in', async () => {
    const gateway = await gatewayWith({ RATE_LIMIT_LOGIN_PER_IP: '100', RATE_LIMIT_LOGIN_PER_EMAIL: '3' });
    for (let i = 0; i < 3; i++) expect((await login(gateway, 'victim@example.com', `guess${i}`)).status).toBe(401);
    // even the right password is refused now (no oracle for the attacker), and emails compare case-insensitively
    await expectRateLimited(await login(gateway, 'Victim@Example.com', 'right'));
    expect((await login(gateway, 'other@example.com', 'right')).status).toBe(200);
  });

  it('does not count successful logins against the email, and a success clears earlier failures', async () => {
    const gateway = await gatewayWith({ RATE_LIMIT_LOGIN_PER_IP: '100', RATE_LIMIT_LOGIN_PER_EMAIL: '3' });
    for (let i = 0; i < 5; i++) expect((await login(gateway, 'busy@example.com', 'right')).status).toBe(200);
    expect((await login(gateway, 'busy@example.com', 'typo')).status).toBe(401);
    expect((await login(gateway, 'busy@example.com', 'typo')).status).toBe(401);
    expect((await login(gateway, 'busy@example.com', 'right')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login(gateway, 'busy@example.com', 'typo')).status).toBe(401);
    await expectRateLimited(await login(gateway, 'busy@example.com', 'right'));
  });

  it('forwards the login body to identity byte for byte', async () => {
    const gateway = await gatewayWith({});
    const body = JSON.stringify({ email: 'exact@example.com', password: 'right' });
    const res = await fetch(`${gateway.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(200);
    const last = identity.received.at(-1)!;
    expect(last.body).toBe(body);
    expect(last.headers['content-length']).toBe(String(Buffer.byteLength(body)));
  });

  it('refuses a login body above 16 KB with 413', async () => {
    const gateway = await gatewayWith({});
    const res = await login(gateway, 'big@example.com', 'x'.repeat(20_000));
    expect(res.status).toBe(413);
    expect(await json(res)).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });
});

describe('per-principal groups', () => {
  let organization: TestUpstream;
  let gateway: GatewayUnderTest;

  beforeAll(async () => {
    organization = await startUpstream('organization');
    gateway = await startGateway(
      { organization: organization.url },
      { RATE_LIMIT_STORE_PROVISION: '2', RATE_LIMIT_BULK_PROVISION: '1', RATE_LIMIT_UPLOAD_FILES: '2' },
    );
  });

  afterAll(async () => {
    await gateway.stop();
    await organization.close();
    await clearPrefix(gateway.prefix);
  });

  const post = (path: string, token?: string) =>
    fetch(`${gateway.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? bearer(token) : {}) },
      body: '{"name":"store"}',
    });

  it('STORE_PROVISION: store creation and manager issue share one counter per account; over it → 429', async () => {
    const hqManager = signToken({ sub: 'hq-manager-1', role: 'HQ_MANAGER', hqId: 'hq-1' });
    expect((await post('/api/v1/hq/stores', hqManager)).status).toBe(200);
    expect((await post('/api/v1/hq/stores/s-1/managers', hqManager)).status).toBe(200);
    await expectRateLimited(await post('/api/v1/hq/stores', hqManager));
    await expectRateLimited(await post('/api/v1/hq/stores/s-2/managers', hqManager));
    // reads are not in the group
    expect((await fetch(`${gateway.url}/api/v1/hq/stores`, { headers: bearer(hqManager) })).status).toBe(200);
  });

  it('STORE_PROVISION counts per account: another HQ manager is not affected', async () => {
    const first = signToken({ sub: 'hq-manager-2', role: 'HQ_MANAGER', hqId: 'hq-2' });
    const second = signToken({ sub: 'hq-manager-3', role: 'HQ_MANAGER', hqId: 'hq-3' });
    await post('/api/v1/hq/stores', first);
    await post('/api/v1/hq/stores', first);
    await expectRateLimited(await post('/api/v1/hq/stores', first));
    expect((await post('/api/v1/hq/stores', second)).status).toBe(200);
  });

  it('STORE_PROVISION covers both operator onboarding paths', async () => {
    const operator = signToken({ sub: 'operator-1', role: 'OPERATOR' });
    expect((await post('/api/v1/admin/stores/independent', operator)).status).toBe(200);
    expect((await post('/api/v1/admin/hq/hq-9/stores', operator)).status).toBe(200);
    await expectRateLimited(await post('/api/v1/admin/stores/independent', operator));
  });

  it('BULK_PROVISION is its own group (POST /hq/stores/bulk)', async () => {
    const hqManager = signToken({ sub: 'hq-manager-4', role: 'HQ_MANAGER', hqId: 'hq-4' });
    expect((await post('/api/v1/hq/stores/bulk', hqManager)).status).toBe(200);
    await expectRateLimited(await post('/api/v1/hq/stores/bulk', hqManager));
    expect((await post('/api/v1/hq/stores', hqManager)).status).toBe(200);
  });

  it('upload files are limited per IP before anything else answers', async () => {
    expect((await post('/api/v1/uploads/files')).status).toBe(503);
    expect((await post('/api/v1/uploads/files')).status).toBe(503);
    await expectRateLimited(await post('/api/v1/uploads/files'));
  });
});

describe('rate limits across gateway replicas', () => {
  let organization: TestUpstream;
  let a: GatewayUnderTest;
  let b: GatewayUnderTest;
  const prefix = uniquePrefix();

  beforeAll(async () => {
    organization = await startUpstream('organization');
    const env = { RATE_LIMIT_KEY_PREFIX: prefix, RATE_LIMIT_BULK_PROVISION: '3' };
    a = await startGateway({ organization: organization.url }, env);
    b = await startGateway({ organization: organization.url }, env);
  });

  afterAll(async () => {
    await a.stop();
    await b.stop();
    await organization.close();
    await clearPrefix(prefix);
  });

  it('share one counter in Redis: calls through two gateways add up', async () => {
    const token = signToken({ sub: 'hq-manager-shared', role: 'HQ_MANAGER', hqId: 'hq-1' });
    const bulk = (g: GatewayUnderTest) =>
      fetch(`${g.url}/api/v1/hq/stores/bulk`, { method: 'POST', headers: bearer(token), body: 'a,b,c,d,e\n' });
    expect((await bulk(a)).status).toBe(200);
    expect((await bulk(b)).status).toBe(200);
    expect((await bulk(a)).status).toBe(200);
    await expectRateLimited(await bulk(b));
    await expectRateLimited(await bulk(a));
  });
});
