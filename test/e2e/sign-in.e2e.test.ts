import { ManualClock } from '@storecast/service-kit';
import { api, type RunningSystem, startSystem } from './system';

// Issue 2 "Done means": the operator's session through the gateway, against the real services.
describe('signing in through the gateway', () => {
  let system: RunningSystem;
  let client: ReturnType<typeof api>;
  // Every process reads this clock: the test moves it past grace periods instead of waiting.
  const clock = new ManualClock();

  beforeAll(async () => {
    system = await startSystem({ env: { REFRESH_GRACE_SECONDS: '1', RATE_LIMIT_LOGIN_PER_EMAIL: '5' }, clock });
    client = api(system.gatewayUrl);
  });
  afterAll(async () => system?.stop());

  const signIn = async () => {
    const res = await client.post('/api/v1/auth/login', system.operator);
    expect(res.status).toBe(200);
    return res.body as { accessToken: string; refreshToken: string; accountId: string };
  };

  it('the seeded operator signs in and gets an AuthResponse', async () => {
    const res = await client.post('/api/v1/auth/login', system.operator);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      accessExpiresInSeconds: 1800,
      role: 'OPERATOR',
      passwordMustChange: false,
    });
    expect(typeof res.body.accessToken).toBe('string');
    expect(typeof res.body.refreshToken).toBe('string');
    expect(new Date(res.body.refreshExpiresAt).getTime()).toBeGreaterThan(Date.now() + 13 * 24 * 3600 * 1000);
  });

  it('reads its own MeResponse with legal flags false for an operator', async () => {
    const session = await signIn();
    const me = await client.get('/api/v1/auth/me', { token: session.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: session.accountId,
      email: system.operator.email,
      role: 'OPERATOR',
      passwordMustChange: false,
      termsRequiresAgreement: false,
      privacyRequiresAgreement: false,
    });
    expect(me.body).not.toHaveProperty('hqId');
    expect(me.body).not.toHaveProperty('hqName');
  });

  it('refreshing rotates the pair; the old refresh token is refused once its grace period has passed', async () => {
    const session = await signIn();
    const refreshed = await client.post('/api/v1/auth/refresh', { refreshToken: session.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refreshToken).not.toBe(session.refreshToken);
    const me = await client.get('/api/v1/auth/me', { token: refreshed.body.accessToken });
    expect(me.status).toBe(200);

    clock.advance(1001); // the grace period (shortened to 1 s for this run, inclusive) has passed
    const reused = await client.post('/api/v1/auth/refresh', { refreshToken: session.refreshToken });
    expect(reused.status).toBe(401);
    expect(reused.body.error.code).toBe('AUTH_REFRESH_REVOKED');
  });

  it('after logout the refresh token is refused', async () => {
    const session = await signIn();
    const out = await client.post('/api/v1/auth/logout', { refreshToken: session.refreshToken }, { token: session.accessToken });
    expect([200, 204]).toContain(out.status);
    const refresh = await client.post('/api/v1/auth/refresh', { refreshToken: session.refreshToken });
    expect(refresh.status).toBe(401);
  });

  it('without a token a protected path answers 401 AUTH_TOKEN_INVALID', async () => {
    const res = await client.get('/api/v1/auth/me');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: { code: 'AUTH_TOKEN_INVALID' } });
    const admin = await client.get('/api/v1/admin/hq');
    expect(admin.status).toBe(401);
  });

  it('an operator on an HQ or store path gets 403 FORBIDDEN from the role gate', async () => {
    const session = await signIn();
    for (const path of ['/api/v1/hq/me', '/api/v1/store/me']) {
      const res = await client.get(path, { token: session.accessToken });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
  });

  it('an unknown path answers 404 NOT_FOUND in the envelope', async () => {
    const res = await client.get('/api/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
  });

  it('wrong passwords and unknown emails get the same 401, and repeated failures get 429 with Retry-After', async () => {
    const unknown = await client.post('/api/v1/auth/login', { email: 'nobody@e2e.storecast.test', password: 'whatever-123' });
    const wrong = await client.post('/api/v1/auth/login', { email: system.operator.email, password: 'wrong-password' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body.error.message).toBe(wrong.body.error.message);

    let limited;
    for (let i = 0; i < 10 && !limited; i++) {
      const res = await client.post('/api/v1/auth/login', { email: 'target@e2e.storecast.test', password: `guess-${i}-xx` });
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(401);
    }
    expect(limited).toBeDefined();
    expect(limited!.body).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
