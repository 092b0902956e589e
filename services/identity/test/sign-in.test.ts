import jwt from 'jsonwebtoken';
import { createPublicKey } from 'node:crypto';
import { newId, TokenVerifier, JWT_AUDIENCE, JWT_ISSUER } from '@storecast/service-kit';
import { OPERATOR, startHarness, type Harness } from './support/harness';

describe('sign-in (POST /api/v1/auth/login)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.stop());

  it('the operator seeded from OPERATOR_EMAIL / OPERATOR_PASSWORD signs in and gets an AuthResponse', async () => {
    const res = await h.http.post('/api/v1/auth/login', { email: OPERATOR.email, password: OPERATOR.password });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      accessToken: expect.any(String),
      accessExpiresInSeconds: 1800,
      refreshToken: expect.any(String),
      refreshExpiresAt: new Date(h.clock.now().getTime() + 14 * 86_400_000).toISOString(),
      accountId: expect.any(String),
      role: 'OPERATOR',
      passwordMustChange: false,
    });
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const res = await h.http.post('/api/v1/auth/login', { email: `  ${OPERATOR.email.toUpperCase()} `, password: OPERATOR.password });
    expect(res.status).toBe(200);
  });

  it('records the last sign-in time', async () => {
    const { accountId } = await h.signIn(OPERATOR.email, OPERATOR.password);
    expect((await h.account(accountId)).lastLoginAt).toEqual(h.clock.now());
  });

  it('a wrong password and an unknown email get the same 401 AUTH_INVALID_CREDENTIALS body', async () => {
    const wrong = await h.http.post('/api/v1/auth/login', { email: OPERATOR.email, password: 'not-the-password' });
    const unknown = await h.http.post('/api/v1/auth/login', { email: 'nobody@identity.test', password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, error: { code: 'AUTH_INVALID_CREDENTIALS', message: 'Email or password is incorrect' } });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('an unknown email still costs a bcrypt compare (against a dummy hash)', async () => {
    const verify = jest.spyOn(h.service.context.hasher, 'verify');
    try {
      await h.http.post('/api/v1/auth/login', { email: 'ghost@identity.test', password: 'whatever-123' });
      expect(verify).toHaveBeenCalledWith('whatever-123', h.service.context.dummyHash);
    } finally {
      verify.mockRestore();
    }
  });

  it('a suspended account with the right password gets 401 AUTH_ACCOUNT_SUSPENDED', async () => {
    const a = await h.createAccount({ role: 'OPERATOR', status: 'SUSPENDED' });
    const res = await h.http.post('/api/v1/auth/login', { email: a.email, password: a.password });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('AUTH_ACCOUNT_SUSPENDED');
  });

  it('a suspended account with a wrong password learns nothing more than AUTH_INVALID_CREDENTIALS', async () => {
    const a = await h.createAccount({ role: 'OPERATOR', status: 'SUSPENDED' });
    const res = await h.http.post('/api/v1/auth/login', { email: a.email, password: 'wrong-password' });
    expect(res.body.error.code).toBe('AUTH_INVALID_CREDENTIALS');
  });

  it('a withdrawn account cannot sign in and looks like an unknown email', async () => {
    const a = await h.createAccount({ role: 'OPERATOR', status: 'WITHDRAWN' });
    const res = await h.http.post('/api/v1/auth/login', { email: a.email, password: a.password });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('AUTH_INVALID_CREDENTIALS');
  });

  it('a malformed body answers 400 VALIDATION_FAILED with one detail per field', async () => {
    const res = await h.http.post('/api/v1/auth/login', { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['email', 'password']);
  });

  describe('blocked by organization data', () => {
    const hqId = newId();
    const storeId = newId();
    beforeEach(() => {
      h.organization.unavailable = false;
      h.organization.setHq({ id: hqId, name: 'Blue Coffee HQ', type: 'FRANCHISE', status: 'ACTIVE' });
      h.organization.setStore({ id: storeId, hqId, status: 'ACTIVE', closedAt: null });
    });

    it('a store manager of a suspended store gets 403 AUTH_STORE_SUSPENDED', async () => {
      const sm = await h.createAccount({ role: 'STORE_MANAGER', hqId, storeId });
      h.organization.setStore({ id: storeId, hqId, status: 'SUSPENDED', closedAt: null });
      const res = await h.http.post('/api/v1/auth/login', { email: sm.email, password: sm.password });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('AUTH_STORE_SUSPENDED');
    });

    it('a store manager of a closed store gets 403 AUTH_STORE_CLOSED', async () => {
      const sm = await h.createAccount({ role: 'STORE_MANAGER', hqId, storeId });
      h.organization.setStore({ id: storeId, hqId, status: 'ACTIVE', closedAt: h.clock.now().toISOString() });
      const res = await h.http.post('/api/v1/auth/login', { email: sm.email, password: sm.password });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('AUTH_STORE_CLOSED');
    });

    it('an HQ manager of a suspended HQ gets 403 AUTH_HQ_SUSPENDED', async () => {
      const hm = await h.createAccount({ role: 'HQ_MANAGER', hqId });
      h.organization.setHq({ id: hqId, name: 'Blue Coffee HQ', type: 'FRANCHISE', status: 'SUSPENDED' });
      const res = await h.http.post('/api/v1/auth/login', { email: hm.email, password: hm.password });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('AUTH_HQ_SUSPENDED');
    });

    it('when organization is unreachable, managers get 503 SERVICE_UNAVAILABLE (never a silent allow); operators sign in', async () => {
      const hm = await h.createAccount({ role: 'HQ_MANAGER', hqId });
      h.organization.unavailable = true;
      const res = await h.http.post('/api/v1/auth/login', { email: hm.email, password: hm.password });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
      const op = await h.http.post('/api/v1/auth/login', { email: OPERATOR.email, password: OPERATOR.password });
      expect(op.status).toBe(200);
    });
  });
});

describe('the access token and the JWKS', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.stop());

  it('GET /api/v1/auth/jwks publishes an RS256 signing key with its kid', async () => {
    const res = await h.http.get('/api/v1/auth/jwks');
    expect(res.status).toBe(200);
    expect(res.body.keys).toHaveLength(1);
    expect(res.body.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String), n: expect.any(String), e: 'AQAB' });
  });

  it('an issued access token verifies against the JWKS (kid header, issuer, audience, claims)', async () => {
    const session = await h.signIn(OPERATOR.email, OPERATOR.password);
    const verifier = new TokenVerifier({ jwksUrl: `${h.url}/api/v1/auth/jwks` });
    const claims = await verifier.verify(session.accessToken);
    expect(claims).toEqual({ sub: session.accountId, role: 'OPERATOR', passwordMustChange: false, hqId: undefined, storeId: undefined, impersonatedBy: undefined });
    const decoded = jwt.decode(session.accessToken, { complete: true })!;
    const jwks = (await h.http.get('/api/v1/auth/jwks')).body;
    expect(decoded.header).toMatchObject({ alg: 'RS256', kid: jwks.keys[0].kid });
    expect(decoded.payload).toMatchObject({ iss: JWT_ISSUER, aud: JWT_AUDIENCE });
    const payload = decoded.payload as jwt.JwtPayload;
    expect(payload.exp! - payload.iat!).toBe(1800);
  });

  it('the JWKS key is the configured JWT_PRIVATE_KEY', async () => {
    const jwks = (await h.http.get('/api/v1/auth/jwks')).body;
    const fromJwks = createPublicKey({ key: jwks.keys[0], format: 'jwk' }).export({ type: 'spki', format: 'pem' });
    expect(fromJwks).toBe(h.keys.publicKeyPem);
  });

  it('a store manager token carries role, hqId and storeId; an HQ manager token no storeId', async () => {
    const hqId = newId();
    const storeId = newId();
    h.organization.setHq({ id: hqId, name: 'HQ', type: 'FRANCHISE', status: 'ACTIVE' });
    h.organization.setStore({ id: storeId, hqId, status: 'ACTIVE', closedAt: null });
    const sm = await h.createAccount({ role: 'STORE_MANAGER', hqId, storeId, passwordMustChange: true });
    const hm = await h.createAccount({ role: 'HQ_MANAGER', hqId, storeId });
    const verifier = new TokenVerifier({ publicKeyPem: h.keys.publicKeyPem });
    const smClaims = await verifier.verify((await h.signIn(sm.email, sm.password)).accessToken);
    expect(smClaims).toMatchObject({ sub: sm.id, role: 'STORE_MANAGER', hqId, storeId, passwordMustChange: true });
    const hmClaims = await verifier.verify((await h.signIn(hm.email, hm.password)).accessToken);
    expect(hmClaims).toMatchObject({ sub: hm.id, role: 'HQ_MANAGER', hqId, storeId: undefined });
  });

  it('the gRPC IdentityService.GetPublicKeys answers the same key', async () => {
    const { createIdentityClient } = await import('@storecast/proto');
    const { unary } = await import('@storecast/service-kit');
    const client = createIdentityClient(`127.0.0.1:${h.service.grpcPort}`);
    try {
      const res = (await unary(client.getPublicKeys.bind(client), {})) as { keys: Array<{ kid: string; alg: string; pem: string }> };
      const jwks = (await h.http.get('/api/v1/auth/jwks')).body;
      expect(res.keys).toEqual([{ kid: jwks.keys[0].kid, alg: 'RS256', pem: h.keys.publicKeyPem }]);
    } finally {
      client.close();
    }
  });
});
