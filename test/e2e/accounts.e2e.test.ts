import { api, type RunningSystem, startSystem } from './system';
import { linkTokenFrom, mailTo } from './mail';

const INDEPENDENT_HQ_ID = '00000000-0000-4000-8000-000000000001';

/** Issue 3 through the gateway: impersonation, recovery and blocked sign-ins across services. */
describe('accounts across identity and organization, through the gateway', () => {
  let system: RunningSystem;
  let client: ReturnType<typeof api>;
  let operatorToken: string;
  let operatorId: string;
  let hqId: string;
  let managerId: string;
  const manager = { email: 'park.hq@e2e.storecast.test', name: 'Park HQ', password: 'Own-password-1' };

  const login = (email: string, password: string) => client.post('/api/v1/auth/login', { email, password });

  beforeAll(async () => {
    system = await startSystem();
    client = api(system.gatewayUrl);
    const op = await login(system.operator.email, system.operator.password);
    operatorToken = op.body.accessToken;
    operatorId = op.body.accountId;
    const onboard = await client.post(
      '/api/v1/admin/hq',
      { hq: { name: 'Bakery Chain', plan: 'AI', billingAnchorDay: 1, llmMaxPerHour: 2 }, manager: { email: manager.email, tempPassword: 'Temp-pass-000', name: manager.name } },
      { token: operatorToken },
    );
    expect(onboard.status).toBe(201);
    hqId = onboard.body.hqId;
    managerId = onboard.body.managerAccountId;
    const first = await login(manager.email, 'Temp-pass-000');
    const changed = await client.post('/api/v1/auth/change-password', { currentPassword: 'Temp-pass-000', newPassword: manager.password }, { token: first.body.accessToken });
    expect(changed.status).toBe(200);
  });
  afterAll(async () => system?.stop());

  describe('impersonation', () => {
    it('an operator impersonates the manager of a franchise HQ with a single-use exchange token', async () => {
      const issue = await client.post(`/api/v1/admin/hq/${hqId}/impersonate`, undefined, { token: operatorToken });
      expect(issue.status).toBe(200);
      expect(issue.body).toEqual({ exchangeToken: expect.any(String), expiresInSeconds: 60 });

      const exchange = await client.post('/api/v1/auth/impersonate-exchange', { exchangeToken: issue.body.exchangeToken });
      expect(exchange.status).toBe(200);
      expect(exchange.body).toMatchObject({
        accountId: managerId,
        role: 'HQ_MANAGER',
        impersonatedBy: operatorId,
        operatorEmail: system.operator.email,
        hqName: 'Bakery Chain',
      });
      const refreshExpiresIn = new Date(exchange.body.refreshExpiresAt).getTime() - Date.now();
      expect(refreshExpiresIn).toBeLessThanOrEqual(60 * 60 * 1000);
      expect(refreshExpiresIn).toBeGreaterThan(55 * 60 * 1000);

      const me = await client.get('/api/v1/hq/me', { token: exchange.body.accessToken });
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(hqId);

      const password = await client.post('/api/v1/auth/change-password', { currentPassword: manager.password, newPassword: 'Hijack-pass-1' }, { token: exchange.body.accessToken });
      expect(password.status).toBe(403);
      expect(password.body.error.code).toBe('IMPERSONATION_FORBIDDEN_ACTION');
      const email = await client.post('/api/v1/auth/email-change/request', { newEmail: 'other@e2e.storecast.test' }, { token: exchange.body.accessToken });
      expect(email.status).toBe(403);
      expect(email.body.error.code).toBe('IMPERSONATION_FORBIDDEN_ACTION');

      const again = await client.post('/api/v1/auth/impersonate-exchange', { exchangeToken: issue.body.exchangeToken });
      expect(again.status).toBe(401);
      expect(again.body.error.code).toBe('EXCHANGE_TOKEN_CONSUMED');
    });

    it('the independent HQ cannot be impersonated, and a forged exchange token is not found', async () => {
      const issue = await client.post(`/api/v1/admin/hq/${INDEPENDENT_HQ_ID}/impersonate`, undefined, { token: operatorToken });
      expect(issue.status).toBe(403);
      expect(issue.body.error.code).toBe('INDEPENDENT_HQ_IMPERSONATION_FORBIDDEN');
      const forged = await client.post('/api/v1/auth/impersonate-exchange', { exchangeToken: 'forged-token-value' });
      expect(forged.status).toBe(401);
      expect(forged.body.error.code).toBe('EXCHANGE_TOKEN_NOT_FOUND');
    });
  });

  describe('password reset', () => {
    it('answers an unknown email exactly like a known one, and only the known one gets a link', async () => {
      const unknown = await client.post('/api/v1/auth/password-reset/request', { email: 'ghost@e2e.storecast.test' });
      const known = await client.post('/api/v1/auth/password-reset/request', { email: manager.email });
      expect(unknown.status).toBe(204);
      expect(known.status).toBe(204);
      expect(unknown.body).toEqual(known.body);
      const token = await linkTokenFrom(system.mailDir, manager.email, 'PASSWORD_RESET');
      expect(mailTo(system.mailDir, 'ghost@e2e.storecast.test')).toEqual([]);

      const confirm = await client.post('/api/v1/auth/password-reset/confirm', { token, newPassword: 'Reset-pass-222' });
      expect(confirm.status).toBe(204);
      expect((await login(manager.email, manager.password)).status).toBe(401);
      expect((await login(manager.email, 'Reset-pass-222')).status).toBe(200);
      manager.password = 'Reset-pass-222';

      const reused = await client.post('/api/v1/auth/password-reset/confirm', { token, newPassword: 'Reset-pass-333' });
      expect(reused.status).toBe(400);
      expect(reused.body.error.code).toBe('ACCOUNT_TOKEN_INVALID');
    });
  });

  describe('blocked sign-in', () => {
    it('a suspended manager account gets 401 AUTH_ACCOUNT_SUSPENDED until reactivated; moves that make no sense answer 409', async () => {
      const suspend = await client.post(`/api/v1/admin/accounts/hq-managers/${managerId}/suspend`, { reason: 'billing dispute' }, { token: operatorToken });
      expect(suspend.status).toBe(200);
      expect(suspend.body).toMatchObject({ id: managerId, status: 'SUSPENDED' });
      const blocked = await login(manager.email, manager.password);
      expect(blocked.status).toBe(401);
      expect(blocked.body.error.code).toBe('AUTH_ACCOUNT_SUSPENDED');
      const twice = await client.post(`/api/v1/admin/accounts/hq-managers/${managerId}/suspend`, { reason: 'again' }, { token: operatorToken });
      expect(twice.status).toBe(409);
      expect(twice.body.error.code).toBe('ACCOUNT_INVALID_STATUS_TRANSITION');

      const reactivate = await client.post(`/api/v1/admin/accounts/hq-managers/${managerId}/reactivate`, undefined, { token: operatorToken });
      expect(reactivate.status).toBe(200);
      expect((await login(manager.email, manager.password)).status).toBe(200);
    });

    it('when the HQ is suspended its manager gets 403 AUTH_HQ_SUSPENDED, also through impersonation', async () => {
      const issue = await client.post(`/api/v1/admin/hq/${hqId}/impersonate`, undefined, { token: operatorToken });
      const suspend = await client.post(`/api/v1/admin/hq/${hqId}/suspend`, { reason: 'unpaid invoices' }, { token: operatorToken });
      expect(suspend.status).toBe(200);
      expect(suspend.body).toMatchObject({ hqId, status: 'SUSPENDED', suspensionReason: 'unpaid invoices' });

      const blocked = await login(manager.email, manager.password);
      expect(blocked.status).toBe(403);
      expect(blocked.body.error.code).toBe('AUTH_HQ_SUSPENDED');
      const exchange = await client.post('/api/v1/auth/impersonate-exchange', { exchangeToken: issue.body.exchangeToken });
      expect(exchange.status).toBe(403);
      expect(exchange.body.error.code).toBe('AUTH_HQ_SUSPENDED');

      expect((await client.post(`/api/v1/admin/hq/${hqId}/reactivate`, undefined, { token: operatorToken })).status).toBe(200);
      expect((await login(manager.email, manager.password)).status).toBe(200);
    });

    it('a store manager of a suspended store gets 403 AUTH_STORE_SUSPENDED, of a closed store AUTH_STORE_CLOSED, also on refresh', async () => {
      const storeEmail = 'choi.store@e2e.storecast.test';
      const onboard = await client.post(
        '/api/v1/admin/stores/independent',
        { store: { name: 'Corner Shop', managerName: 'Choi', managerEmail: storeEmail, plan: 'AI', billingAnchorDay: 15 } },
        { token: operatorToken },
      );
      expect(onboard.status).toBe(201);
      expect(onboard.body).toMatchObject({ managerAccountCreated: true, setupEmailSent: true });
      const storeId = onboard.body.storeId;
      const token = await linkTokenFrom(system.mailDir, storeEmail, 'ACCOUNT_SETUP');
      expect((await client.post('/api/v1/auth/setup/complete', { token, newPassword: 'Store-pass-111' })).status).toBe(204);
      const session = await login(storeEmail, 'Store-pass-111');
      expect(session.status).toBe(200);

      await client.post(`/api/v1/admin/stores/${storeId}/suspend`, { reason: 'inspection' }, { token: operatorToken });
      const suspended = await login(storeEmail, 'Store-pass-111');
      expect(suspended.status).toBe(403);
      expect(suspended.body.error.code).toBe('AUTH_STORE_SUSPENDED');

      await client.post(`/api/v1/admin/stores/${storeId}/reactivate`, undefined, { token: operatorToken });
      const close = await client.post(`/api/v1/admin/stores/${storeId}/close`, { reason: 'lease ended' }, { token: operatorToken });
      expect(close.status).toBe(200);
      expect(close.body).toEqual({ storeId, closedAt: expect.any(String) });
      const closed = await login(storeEmail, 'Store-pass-111');
      expect(closed.status).toBe(403);
      expect(closed.body.error.code).toBe('AUTH_STORE_CLOSED');
      const refresh = await client.post('/api/v1/auth/refresh', { refreshToken: session.body.refreshToken });
      expect(refresh.status).toBe(403);
      expect(refresh.body.error.code).toBe('AUTH_STORE_CLOSED');
    });
  });
});
