import { OPERATOR, startHarness, type Harness } from './support/harness';

describe('hostile input answers 4xx, never 500', () => {
  let h: Harness;
  let op: { accessToken: string };
  beforeAll(async () => {
    h = await startHarness();
    op = await h.signIn(OPERATOR.email, OPERATOR.password);
  });
  afterAll(async () => h?.stop());

  const LONE_SURROGATE = 'caf\uD800e';

  it.each([
    ['a NUL byte in the email', { email: 'op\u0000@identity.test', password: 'x' }],
    ['a lone surrogate in the password', { email: OPERATOR.email, password: LONE_SURROGATE }],
    ['wrong types', { email: 42, password: { $ne: '' } }],
    ['a 100 000 character password', { email: OPERATOR.email, password: 'p'.repeat(100_000) }],
    ['an array instead of an object', [OPERATOR.email, OPERATOR.password]],
  ])('sign-in with %s answers 400', async (_what, body) => {
    const res = await h.http.post('/api/v1/auth/login', body);
    expect(res.status).toBe(400);
  });

  it('a body that is not JSON answers 400 VALIDATION_FAILED', async () => {
    const res = await fetch(`${h.url}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
  });

  it('a public sign-up with a NUL byte or a lone surrogate answers 400 and stores nothing', async () => {
    for (const organizationName of ['Music\u0000Labs', LONE_SURROGATE]) {
      const res = await h.http.post('/api/v1/api-access/sign-up', { organizationName, contactName: 'Jane', contactEmail: 'jane@example.com' });
      expect(res.status).toBe(400);
    }
    const list = await h.http.get('/api/v1/admin/api-clients', { token: op.accessToken });
    expect(list.body.total).toBe(0);
  });

  it('link tokens with a NUL byte, or far too long, answer 400', async () => {
    expect((await h.http.post('/api/v1/auth/setup/verify', { token: 'abc\u0000def' })).status).toBe(400);
    expect((await h.http.post('/api/v1/auth/password-reset/confirm', { token: 't'.repeat(10_000), newPassword: 'long-enough-1' })).status).toBe(400);
    expect((await h.http.post('/api/v1/auth/impersonate-exchange', { exchangeToken: LONE_SURROGATE })).status).toBe(400);
  });

  it('a NUL byte in a query or a path segment answers 400', async () => {
    expect((await h.http.get('/api/v1/admin/operators?q=%00', { token: op.accessToken })).status).toBe(400);
    expect((await h.http.get('/api/v1/admin/email-templates/%00/preview', { token: op.accessToken })).status).toBe(400);
    expect((await h.http.post('/api/v1/admin/accounts/hq-managers/%00/suspend', { reason: 'x' }, { token: op.accessToken })).status).toBe(400);
  });

  it('a token that is not a JWT, or an Authorization header of another scheme, answers 401', async () => {
    expect((await h.http.get('/api/v1/auth/me', { token: 'not.a.jwt' })).status).toBe(401);
    expect((await h.http.get('/api/v1/auth/me', { headers: { authorization: 'Basic b3A6cHc=' } })).status).toBe(401);
  });
});
