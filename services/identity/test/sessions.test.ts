import { newId, TokenVerifier } from '@storecast/service-kit';
import { OPERATOR, startHarness, type Harness } from './support/harness';

describe('sessions: refresh, logout, change-password, me', () => {
  let h: Harness;
  let verifier: TokenVerifier;
  beforeAll(async () => {
    h = await startHarness();
    verifier = new TokenVerifier({ publicKeyPem: h.keys.publicKeyPem });
  });
  afterAll(async () => h?.stop());
  beforeEach(() => {
    h.legal.unavailable = false;
    h.organization.unavailable = false;
  });

  const refresh = (refreshToken: string) => h.http.post('/api/v1/auth/refresh', { refreshToken });

  describe('POST /api/v1/auth/refresh', () => {
    it('rotates: answers a new pair, and the new refresh token works', async () => {
      const s = await h.signIn(OPERATOR.email, OPERATOR.password);
      const r1 = await refresh(s.refreshToken);
      expect(r1.status).toBe(200);
      expect(r1.body).toMatchObject({ accountId: s.accountId, role: 'OPERATOR', accessExpiresInSeconds: 1800, passwordMustChange: false });
      expect(r1.body.refreshToken).not.toBe(s.refreshToken);
      expect(await verifier.verify(r1.body.accessToken)).toMatchObject({ sub: s.accountId });
      const r2 = await refresh(r1.body.refreshToken);
      expect(r2.status).toBe(200);
    });

    it('a rotated token presented again within 60 s still yields a new pair', async () => {
      const s = await h.signIn(OPERATOR.email, OPERATOR.password);
      expect((await refresh(s.refreshToken)).status).toBe(200);
      h.clock.advance(60_000);
      const again = await refresh(s.refreshToken);
      expect(again.status).toBe(200);
      expect(again.body.refreshToken).not.toBe(s.refreshToken);
    });

    it('a rotated token presented more than 60 s after its rotation answers 401 AUTH_REFRESH_REVOKED', async () => {
      const s = await h.signIn(OPERATOR.email, OPERATOR.password);
      expect((await refresh(s.refreshToken)).status).toBe(200);
      h.clock.advance(60_001);
      const late = await refresh(s.refreshToken);
      expect(late.status).toBe(401);
      expect(late.body.error.code).toBe('AUTH_REFRESH_REVOKED');
    });

    it('an expired refresh token answers 401 AUTH_REFRESH_EXPIRED (14 days)', async () => {
      const s = await h.signIn(OPERATOR.email, OPERATOR.password);
      h.clock.advance(14 * 86_400_000 - 1000);
      // Still valid one second before; rotate it to get one we let expire.
      const r = await refresh(s.refreshToken);
      expect(r.status).toBe(200);
      h.clock.advance(14 * 86_400_000);
      const expired = await refresh(r.body.refreshToken);
      expect(expired.status).toBe(401);
      expect(expired.body.error.code).toBe('AUTH_REFRESH_EXPIRED');
    });

    it('an unknown refresh token answers 401 AUTH_REFRESH_REVOKED', async () => {
      const res = await refresh('never-issued-token');
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('AUTH_REFRESH_REVOKED');
    });

    it('a token of an account suspended since answers 401 AUTH_ACCOUNT_SUSPENDED', async () => {
      const a = await h.createAccount({ role: 'OPERATOR' });
      const s = await h.signIn(a.email, a.password);
      await h.setAccount(a.id, { status: 'SUSPENDED' });
      const res = await refresh(s.refreshToken);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('AUTH_ACCOUNT_SUSPENDED');
    });

    it('a store manager whose store was closed since gets 403 AUTH_STORE_CLOSED on refresh', async () => {
      const hqId = newId();
      const storeId = newId();
      h.organization.setHq({ id: hqId, name: 'HQ', type: 'FRANCHISE', status: 'ACTIVE' });
      h.organization.setStore({ id: storeId, hqId, status: 'ACTIVE', closedAt: null });
      const sm = await h.createAccount({ role: 'STORE_MANAGER', hqId, storeId });
      const s = await h.signIn(sm.email, sm.password);
      h.organization.setStore({ id: storeId, hqId, status: 'ACTIVE', closedAt: h.clock.now().toISOString() });
      const res = await refresh(s.refreshToken);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('AUTH_STORE_CLOSED');
    });

    it('stores refresh tokens only as their SHA-256', async () => {
      const s = await h.signIn(OPERATOR.email, OPERATOR.password);
      const rows = await h.service.context.db.query.refreshTokens.findMany();
      expect(rows.some((r) => r.tokenHash === s.refreshToken)).toBe(false);
      const { hashToken } = await import('@storecast/service-kit');
      expect(rows.some((r) => r.tokenHash === hashToken(s.refreshToken))).toBe(true);
    });
  });

  describe('POST /api/v1/auth/logout', () => {
    it('answers 204 and every refresh token of the account is refused afterwards', async () => {
      const a = await h.createAccount({ role: 'OPERATOR' });
      const s1 = await h.signIn(a.email, a.password);
      const s2 = await h.signIn(a.email, a.password);
      const out = await h.http.post('/api/v1/auth/logout', { refreshToken: s1.refreshToken }, { token: s1.accessToken });
      expect(out.status).toBe(204);
      for (const t of [s1.refreshToken, s2.refreshToken]) {
        const res = await refresh(t);
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('AUTH_REFRESH_REVOKED');
      }
    });

    it('also ends the grace of a just-rotated token', async () => {
      const a = await h.createAccount({ role: 'OPERATOR' });
      const s = await h.signIn(a.email, a.password);
      const rotated = await refresh(s.refreshToken);
      await h.http.post('/api/v1/auth/logout', { refreshToken: rotated.body.refreshToken });
      expect((await refresh(s.refreshToken)).status).toBe(401);
    });

    it('is idempotent: an unknown token answers 204 too', async () => {
      const res = await h.http.post('/api/v1/auth/logout', { refreshToken: 'unknown' });
      expect(res.status).toBe(204);
    });

    it('without a body answers 400 VALIDATION_FAILED', async () => {
      const res = await h.http.post('/api/v1/auth/logout', {});
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].field).toBe('refreshToken');
    });
  });

  describe('POST /api/v1/auth/change-password', () => {
    it('clears passwordMustChange, deletes all refresh tokens and answers a new session with the claim false', async () => {
      const a = await h.createAccount({ role: 'OPERATOR', passwordMustChange: true });
      const s = await h.signIn(a.email, a.password);
      expect(await verifier.verify(s.accessToken)).toMatchObject({ passwordMustChange: true });
      const other = await h.signIn(a.email, a.password);

      const res = await h.http.post('/api/v1/auth/change-password', { currentPassword: a.password, newPassword: 'brand-new-pass-1' }, { token: s.accessToken });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ accountId: a.id, role: 'OPERATOR', passwordMustChange: false, accessExpiresInSeconds: 1800 });
      expect(await verifier.verify(res.body.accessToken)).toMatchObject({ sub: a.id, passwordMustChange: false });

      expect((await h.account(a.id)).passwordMustChange).toBe(false);
      for (const t of [s.refreshToken, other.refreshToken]) expect((await refresh(t)).status).toBe(401);
      expect((await refresh(res.body.refreshToken)).status).toBe(200);
      expect((await h.http.post('/api/v1/auth/login', { email: a.email, password: a.password })).status).toBe(401);
      expect((await h.http.post('/api/v1/auth/login', { email: a.email, password: 'brand-new-pass-1' })).status).toBe(200);
      expect(await h.auditActions(a.id)).toContain('ACCOUNT_PASSWORD_CHANGED');
    });

    it('a wrong current password answers 401 AUTH_INVALID_CREDENTIALS and changes nothing', async () => {
      const a = await h.createAccount({ role: 'OPERATOR', passwordMustChange: true });
      const s = await h.signIn(a.email, a.password);
      const res = await h.http.post('/api/v1/auth/change-password', { currentPassword: 'wrong-one', newPassword: 'brand-new-pass-1' }, { token: s.accessToken });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('AUTH_INVALID_CREDENTIALS');
      expect((await h.account(a.id)).passwordMustChange).toBe(true);
    });

    it('a new password outside 8..100 characters answers 400 VALIDATION_FAILED on newPassword', async () => {
      const a = await h.createAccount({ role: 'OPERATOR' });
      const s = await h.signIn(a.email, a.password);
      for (const newPassword of ['short', 'x'.repeat(101)]) {
        const res = await h.http.post('/api/v1/auth/change-password', { currentPassword: a.password, newPassword }, { token: s.accessToken });
        expect(res.status).toBe(400);
        expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'newPassword' })] });
      }
    });

    it('a store manager changing the password is audited as STORE_PASSWORD_CHANGED', async () => {
      const hqId = newId();
      const storeId = newId();
      h.organization.setHq({ id: hqId, name: 'HQ', type: 'FRANCHISE', status: 'ACTIVE' });
      h.organization.setStore({ id: storeId, hqId, status: 'ACTIVE', closedAt: null });
      const sm = await h.createAccount({ role: 'STORE_MANAGER', hqId, storeId, passwordMustChange: true });
      const s = await h.signIn(sm.email, sm.password);
      const res = await h.http.post('/api/v1/auth/change-password', { currentPassword: sm.password, newPassword: 'store-pass-new-1' }, { token: s.accessToken });
      expect(res.status).toBe(200);
      expect(await h.auditActions(sm.id)).toEqual(['STORE_PASSWORD_CHANGED']);
    });

    it('without a token answers 401 AUTH_TOKEN_INVALID', async () => {
      const res = await h.http.post('/api/v1/auth/change-password', { currentPassword: 'a', newPassword: 'bbbbbbbbb' });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('AUTH_TOKEN_INVALID');
    });
  });

  describe('GET /api/v1/auth/me', () => {
    const hqId = newId();
    const storeId = newId();
    beforeAll(() => {
      h.organization.setHq({ id: hqId, name: 'Blue Coffee HQ', type: 'FRANCHISE', status: 'ACTIVE' });
      h.organization.setStore({ id: storeId, hqId, status: 'ACTIVE', closedAt: null });
    });
    afterEach(() => {
      h.legal.setActiveVersions({ terms: null, privacyPolicy: null });
    });

    it('an operator: no hqId, storeId or hqName; legal flags false without asking legal', async () => {
      const s = await h.signIn(OPERATOR.email, OPERATOR.password);
      h.legal.setActiveVersions({ terms: 'v9' });
      const before = h.legal.calls.length;
      const res = await h.http.get('/api/v1/auth/me', { token: s.accessToken });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: s.accountId,
        email: OPERATOR.email,
        name: 'Operator',
        role: 'OPERATOR',
        passwordMustChange: false,
        termsRequiresAgreement: false,
        privacyRequiresAgreement: false,
      });
      expect(h.legal.calls.length).toBe(before);
    });

    it('an HQ manager: hqId and hqName, legal flags from the legal service', async () => {
      const hm = await h.createAccount({ role: 'HQ_MANAGER', hqId, name: 'Kim' });
      h.legal.setActiveVersions({ terms: 'v2', privacyPolicy: 'p1' });
      h.legal.setAgreed({ hqId }, { terms: 'v1', privacyPolicy: 'p1' });
      const s = await h.signIn(hm.email, hm.password);
      const res = await h.http.get('/api/v1/auth/me', { token: s.accessToken });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: hm.id,
        email: hm.email,
        name: 'Kim',
        role: 'HQ_MANAGER',
        hqId,
        passwordMustChange: false,
        termsRequiresAgreement: true,
        privacyRequiresAgreement: false,
        hqName: 'Blue Coffee HQ',
      });
    });

    it('a store manager: storeId, no hqId and no hqName', async () => {
      const sm = await h.createAccount({ role: 'STORE_MANAGER', hqId, storeId, name: null, passwordMustChange: true });
      h.legal.setActiveVersions({ privacyPolicy: 'p3' });
      const s = await h.signIn(sm.email, sm.password);
      const res = await h.http.get('/api/v1/auth/me', { token: s.accessToken });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: sm.id,
        email: sm.email,
        role: 'STORE_MANAGER',
        storeId,
        passwordMustChange: true,
        termsRequiresAgreement: false,
        privacyRequiresAgreement: true,
      });
    });

    it('when legal is unreachable, a manager gets 503 SERVICE_UNAVAILABLE rather than a guessed flag', async () => {
      const hm = await h.createAccount({ role: 'HQ_MANAGER', hqId });
      const s = await h.signIn(hm.email, hm.password);
      h.legal.unavailable = true;
      const res = await h.http.get('/api/v1/auth/me', { token: s.accessToken });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
    });

    it('when organization is unreachable, hqName is omitted and the rest answers', async () => {
      const hm = await h.createAccount({ role: 'HQ_MANAGER', hqId });
      const s = await h.signIn(hm.email, hm.password);
      h.organization.unavailable = true;
      const res = await h.http.get('/api/v1/auth/me', { token: s.accessToken });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: hm.id, hqId });
      expect(res.body).not.toHaveProperty('hqName');
    });

    it('a token of a since suspended account answers 401 AUTH_ACCOUNT_SUSPENDED', async () => {
      const a = await h.createAccount({ role: 'OPERATOR' });
      const s = await h.signIn(a.email, a.password);
      await h.setAccount(a.id, { status: 'SUSPENDED' });
      const res = await h.http.get('/api/v1/auth/me', { token: s.accessToken });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('AUTH_ACCOUNT_SUSPENDED');
    });

    it('a forged token answers 401 AUTH_TOKEN_INVALID', async () => {
      const res = await h.http.get('/api/v1/auth/me', { token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln' });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('AUTH_TOKEN_INVALID');
    });
  });
});
