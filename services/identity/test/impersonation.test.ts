import { newId, TokenVerifier } from '@storecast/service-kit';
import { OPERATOR, startHarness, type Harness } from './support/harness';

describe('impersonation of an HQ manager by an operator', () => {
  let h: Harness;
  let verifier: TokenVerifier;
  let op: { accessToken: string; accountId: string };
  const franchise = newId();
  const independent = newId();
  const empty = newId();

  beforeAll(async () => {
    h = await startHarness();
    verifier = new TokenVerifier({ publicKeyPem: h.keys.publicKeyPem });
    h.organization.setHq({ id: independent, name: 'Independent stores', type: 'INDEPENDENT', status: 'ACTIVE' });
    h.organization.setHq({ id: empty, name: 'No managers HQ', type: 'FRANCHISE', status: 'ACTIVE' });
    op = await h.signIn(OPERATOR.email, OPERATOR.password);
  });
  afterAll(async () => h?.stop());
  beforeEach(() => {
    h.organization.setHq({ id: franchise, name: 'Blue Coffee HQ', type: 'FRANCHISE', status: 'ACTIVE' });
  });

  let manager: Awaited<ReturnType<Harness['createAccount']>> | undefined;
  const hqManager = async () => {
    manager ??= await h.createAccount({ role: 'HQ_MANAGER', hqId: franchise, passwordMustChange: true, name: 'HQ Kim' });
    return manager;
  };
  const issue = (hqId: string, token = op.accessToken) => h.http.post(`/api/v1/admin/hq/${hqId}/impersonate`, undefined, { token });
  const exchange = (exchangeToken: string) => h.http.post('/api/v1/auth/impersonate-exchange', { exchangeToken });
  const session = async () => {
    await hqManager();
    const issued = await issue(franchise);
    const res = await exchange(issued.body.exchangeToken);
    expect(res.status).toBe(200);
    return res.body;
  };

  describe('issue (POST /api/v1/admin/hq/{id}/impersonate)', () => {
    it('for a FRANCHISE HQ answers a 60 s exchange token, stored hashed, and audits the operator', async () => {
      await hqManager();
      const res = await issue(franchise);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ exchangeToken: expect.any(String), expiresInSeconds: 60 });
      const rows = await h.service.context.db.query.exchangeTokens.findMany();
      expect(rows.some((r) => r.tokenHash === res.body.exchangeToken)).toBe(false);
      const audit = (await h.auditRows(franchise)).find((a) => a.action === 'HQ_IMPERSONATION_ISSUED');
      expect(audit).toMatchObject({ actorAccountId: op.accountId, actorRole: 'OPERATOR', targetType: 'HQ', targetLabel: 'Blue Coffee HQ' });
    });

    it('for the INDEPENDENT HQ answers 403 INDEPENDENT_HQ_IMPERSONATION_FORBIDDEN', async () => {
      await h.createAccount({ role: 'HQ_MANAGER', hqId: independent });
      const res = await issue(independent);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('INDEPENDENT_HQ_IMPERSONATION_FORBIDDEN');
    });

    it('for an unknown HQ answers 404 HQ_NOT_FOUND; for an HQ without an active manager 404 HQ_MANAGER_NOT_FOUND', async () => {
      expect((await issue(newId())).body.error.code).toBe('HQ_NOT_FOUND');
      await h.createAccount({ role: 'HQ_MANAGER', hqId: empty, status: 'SUSPENDED' });
      expect((await issue(empty)).body.error.code).toBe('HQ_MANAGER_NOT_FOUND');
    });

    it('an HQ manager cannot issue (403 FORBIDDEN)', async () => {
      const hm = await hqManager();
      const s = await h.signIn(hm.email, hm.password);
      expect((await issue(franchise, s.accessToken)).body.error.code).toBe('FORBIDDEN');
    });
  });

  describe('exchange (POST /api/v1/auth/impersonate-exchange)', () => {
    it('answers an ImpersonationExchangeResponse: a session of the HQ manager with impersonatedBy, 60 minutes', async () => {
      const hm = await hqManager();
      const issued = await issue(franchise);
      const res = await exchange(issued.body.exchangeToken);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        accessToken: expect.any(String),
        accessExpiresInSeconds: 1800,
        refreshToken: expect.any(String),
        refreshExpiresAt: new Date(h.clock.now().getTime() + 60 * 60_000).toISOString(),
        accountId: hm.id,
        role: 'HQ_MANAGER',
        impersonatedBy: op.accountId,
        operatorEmail: OPERATOR.email,
        hqName: 'Blue Coffee HQ',
      });
      // The manager's own passwordMustChange never reaches an impersonation token.
      expect(await verifier.verify(res.body.accessToken)).toMatchObject({ sub: hm.id, role: 'HQ_MANAGER', hqId: franchise, impersonatedBy: op.accountId, passwordMustChange: false });
      const audit = (await h.auditRows(franchise)).find((a) => a.action === 'HQ_IMPERSONATION_STARTED');
      expect(audit).toMatchObject({ actorAccountId: hm.id, actorRole: 'OPERATOR_IMPERSONATING', impersonatedBy: op.accountId });
    });

    it('a second use answers 401 EXCHANGE_TOKEN_CONSUMED', async () => {
      await hqManager();
      const issued = await issue(franchise);
      expect((await exchange(issued.body.exchangeToken)).status).toBe(200);
      const again = await exchange(issued.body.exchangeToken);
      expect(again.status).toBe(401);
      expect(again.body.error.code).toBe('EXCHANGE_TOKEN_CONSUMED');
    });

    it('a use after 60 s answers 401 EXCHANGE_TOKEN_EXPIRED', async () => {
      await hqManager();
      const issued = await issue(franchise);
      h.clock.advance(60_000);
      const res = await exchange(issued.body.exchangeToken);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('EXCHANGE_TOKEN_EXPIRED');
    });

    it('an unknown or forged token answers 401 EXCHANGE_TOKEN_NOT_FOUND', async () => {
      const res = await exchange('forged-token');
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('EXCHANGE_TOKEN_NOT_FOUND');
    });

    it('a suspended HQ answers 403 AUTH_HQ_SUSPENDED (the token is not used up)', async () => {
      await hqManager();
      const issued = await issue(franchise);
      h.organization.setHq({ id: franchise, name: 'Blue Coffee HQ', type: 'FRANCHISE', status: 'SUSPENDED' });
      const res = await exchange(issued.body.exchangeToken);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('AUTH_HQ_SUSPENDED');
      h.organization.setHq({ id: franchise, name: 'Blue Coffee HQ', type: 'FRANCHISE', status: 'ACTIVE' });
      expect((await exchange(issued.body.exchangeToken)).status).toBe(200);
    });
  });

  describe('the impersonated session', () => {
    it('refresh keeps the impersonatedBy claim, and never extends past the 60 minutes', async () => {
      const s = await session();
      const end = new Date(h.clock.now().getTime() + 60 * 60_000);
      h.clock.advance(50 * 60_000);
      const r = await h.http.post('/api/v1/auth/refresh', { refreshToken: s.refreshToken });
      expect(r.status).toBe(200);
      expect(r.body.refreshExpiresAt).toBe(end.toISOString());
      expect(r.body.accessExpiresInSeconds).toBe(600);
      expect(await verifier.verify(r.body.accessToken)).toMatchObject({ impersonatedBy: op.accountId, passwordMustChange: false });
      h.clock.advance(10 * 60_000);
      const late = await h.http.post('/api/v1/auth/refresh', { refreshToken: r.body.refreshToken });
      expect(late.status).toBe(401);
      expect(late.body.error.code).toBe('AUTH_REFRESH_EXPIRED');
    });

    it('a just-rotated impersonation token within the grace still yields a pair with the claim', async () => {
      const s = await session();
      expect((await h.http.post('/api/v1/auth/refresh', { refreshToken: s.refreshToken })).status).toBe(200);
      h.clock.advance(30_000);
      const again = await h.http.post('/api/v1/auth/refresh', { refreshToken: s.refreshToken });
      expect(again.status).toBe(200);
      expect(await verifier.verify(again.body.accessToken)).toMatchObject({ impersonatedBy: op.accountId });
    });

    it('refresh after the HQ was suspended answers 403 AUTH_HQ_SUSPENDED', async () => {
      const s = await session();
      h.organization.setHq({ id: franchise, name: 'Blue Coffee HQ', type: 'FRANCHISE', status: 'SUSPENDED' });
      const res = await h.http.post('/api/v1/auth/refresh', { refreshToken: s.refreshToken });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('AUTH_HQ_SUSPENDED');
    });

    it('me: the HQ manager, legal flags false (impersonated sessions are excluded), passwordMustChange false', async () => {
      const s = await session();
      h.legal.setActiveVersions({ terms: 'T-new' });
      try {
        const me = await h.http.get('/api/v1/auth/me', { token: s.accessToken });
        expect(me.status).toBe(200);
        expect(me.body).toMatchObject({ id: s.accountId, role: 'HQ_MANAGER', hqId: franchise, hqName: 'Blue Coffee HQ', passwordMustChange: false, termsRequiresAgreement: false, privacyRequiresAgreement: false });
      } finally {
        h.legal.setActiveVersions({ terms: null });
      }
    });

    it('cannot change the password or the email (403 IMPERSONATION_FORBIDDEN_ACTION)', async () => {
      const s = await session();
      const hm = await hqManager();
      const pw = await h.http.post('/api/v1/auth/change-password', { currentPassword: hm.password, newPassword: 'hijacked-pass-1' }, { token: s.accessToken });
      expect(pw.status).toBe(403);
      expect(pw.body.error.code).toBe('IMPERSONATION_FORBIDDEN_ACTION');
      const email = await h.http.post('/api/v1/auth/email-change/request', { newEmail: `x-${newId()}@example.com` }, { token: s.accessToken });
      expect(email.status).toBe(403);
      expect(email.body.error.code).toBe('IMPERSONATION_FORBIDDEN_ACTION');
      expect((await h.account(hm.id)).email).toBe(hm.email);
    });

    it('gets 403 IMPERSONATION_FORBIDDEN_ACTION on account actions (before the role gate)', async () => {
      const s = await session();
      const target = await h.createAccount({ role: 'HQ_MANAGER', hqId: franchise });
      const res = await h.http.post(`/api/v1/admin/accounts/hq-managers/${target.id}/suspend`, { reason: 'x' }, { token: s.accessToken });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('IMPERSONATION_FORBIDDEN_ACTION');
    });

    it('logging out of it does not sign the HQ manager out of their own sessions, and vice versa', async () => {
      const hm = await hqManager();
      await h.setAccount(hm.id, { passwordMustChange: false });
      const own = await h.signIn(hm.email, hm.password);
      const imp = await session();
      expect((await h.http.post('/api/v1/auth/logout', { refreshToken: imp.refreshToken }, { token: imp.accessToken })).status).toBe(204);
      expect((await h.http.post('/api/v1/auth/refresh', { refreshToken: imp.refreshToken })).status).toBe(401);
      const ownRefreshed = await h.http.post('/api/v1/auth/refresh', { refreshToken: own.refreshToken });
      expect(ownRefreshed.status).toBe(200);

      const imp2 = await session();
      await h.http.post('/api/v1/auth/logout', { refreshToken: ownRefreshed.body.refreshToken });
      expect((await h.http.post('/api/v1/auth/refresh', { refreshToken: imp2.refreshToken })).status).toBe(200);
    });
  });
});
