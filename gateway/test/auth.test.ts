import {
  bearer,
  type Echo,
  type GatewayUnderTest,
  startGatewayWithEveryUpstream,
  json,
  otherKeys,
  signToken,
  type TestUpstream,
  tokens,
} from './helpers';
import type { ServiceName } from '../src/routes/route-table';

describe('gateway authentication and gates', () => {
  let upstreams: Record<ServiceName, TestUpstream>;
  let gateway: GatewayUnderTest;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ gateway, upstreams, stop } = await startGatewayWithEveryUpstream());
  });

  afterAll(async () => stop());

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${gateway.url}${path}`, { method, headers });

  describe('token routes', () => {
    it('without a token answer 401 AUTH_TOKEN_INVALID and never reach the service', async () => {
      const before = upstreams.organization.received.length;
      const res = await get('/api/v1/hq/me');
      expect(res.status).toBe(401);
      expect(await json(res)).toEqual({
        success: false,
        error: { code: 'AUTH_TOKEN_INVALID', message: expect.any(String) },
      });
      expect(upstreams.organization.received.length).toBe(before);
    });

    it('with a non-Bearer Authorization answer 401 AUTH_TOKEN_INVALID', async () => {
      const res = await get('/api/v1/auth/me', { authorization: 'Basic dXNlcjpwYXNz' });
      expect(res.status).toBe(401);
      expect(await json(res)).toMatchObject({ error: { code: 'AUTH_TOKEN_INVALID' } });
    });

    it('with an expired token answer 401 AUTH_TOKEN_EXPIRED', async () => {
      const expired = signToken({ role: 'HQ_MANAGER', hqId: 'hq-1' }, { expiresInSeconds: -10 });
      const res = await get('/api/v1/hq/me', bearer(expired));
      expect(res.status).toBe(401);
      expect(await json(res)).toMatchObject({ success: false, error: { code: 'AUTH_TOKEN_EXPIRED' } });
    });

    it('with a token signed by another key answer 401 AUTH_TOKEN_INVALID', async () => {
      const forged = signToken({ role: 'OPERATOR' }, { privateKeyPem: otherKeys.privateKeyPem });
      const res = await get('/api/v1/admin/music', bearer(forged));
      expect(res.status).toBe(401);
      expect(await json(res)).toMatchObject({ error: { code: 'AUTH_TOKEN_INVALID' } });
    });

    it('with a token of another issuer answer 401 AUTH_TOKEN_INVALID', async () => {
      const res = await get('/api/v1/admin/music', bearer(signToken({ role: 'OPERATOR' }, { issuer: 'someone-else' })));
      expect(res.status).toBe(401);
    });

    it('with a garbage token answer 401 AUTH_TOKEN_INVALID', async () => {
      const res = await get('/api/v1/store/me', bearer('not.a.jwt'));
      expect(res.status).toBe(401);
      expect(await json(res)).toMatchObject({ error: { code: 'AUTH_TOKEN_INVALID' } });
    });
  });

  describe('role gates by prefix', () => {
    const forbiddenCases: Array<[string, keyof typeof tokens]> = [
      ['/api/v1/admin/hq', 'hq'],
      ['/api/v1/admin/music', 'store'],
      ['/api/v1/hq/me', 'operator'],
      ['/api/v1/hq/stores', 'store'],
      ['/api/v1/store/me', 'operator'],
      ['/api/v1/store/queue', 'hq'],
    ];

    it.each(forbiddenCases)('%s called by %s answers 403 FORBIDDEN without a domain code', async (path, who) => {
      const res = await get(path, bearer(tokens[who]()));
      expect(res.status).toBe(403);
      expect(await json(res)).toEqual({ success: false, error: { code: 'FORBIDDEN', message: expect.any(String) } });
    });

    it('let the right role through: OPERATOR on admin, HQ_MANAGER on hq, STORE_MANAGER on store', async () => {
      expect((await get('/api/v1/admin/hq', bearer(tokens.operator()))).status).toBe(200);
      expect((await get('/api/v1/hq/me', bearer(tokens.hq()))).status).toBe(200);
      expect((await get('/api/v1/store/me', bearer(tokens.store()))).status).toBe(200);
    });

    it('let an impersonated HQ session use HQ paths', async () => {
      const token = signToken({ role: 'HQ_MANAGER', hqId: 'hq-1', impersonatedBy: 'op-1' });
      expect((await get('/api/v1/hq/stores', bearer(token))).status).toBe(200);
    });

    it('an impersonated HQ session on operator paths (HQ manager account actions among them) answers 403 IMPERSONATION_FORBIDDEN_ACTION and never reaches the service', async () => {
      const token = signToken({ role: 'HQ_MANAGER', hqId: 'hq-1', impersonatedBy: 'op-1' });
      const reached = () => upstreams.identity.received.length + upstreams.organization.received.length;
      const before = reached();
      for (const path of ['/api/v1/admin/accounts/hq-managers/0190c6a0-0000-7000-8000-000000000001/suspend', '/api/v1/admin/hq']) {
        const res = await get(path, bearer(token));
        expect(res.status).toBe(403);
        expect(((await json(res)) as { error: { code: string } }).error.code).toBe('IMPERSONATION_FORBIDDEN_ACTION');
      }
      expect(reached()).toBe(before);
      // Outside operator paths the role gate answers as for anyone else.
      expect(((await json(await get('/api/v1/store/me', bearer(token)))) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
    });

    it('let any signed-in role use the shared token routes (/auth/me, /legal/*)', async () => {
      for (const who of ['operator', 'hq', 'store'] as const) {
        expect((await get('/api/v1/auth/me', bearer(tokens[who]()))).status).toBe(200);
        expect((await get('/api/v1/legal/terms/agree', bearer(tokens[who]()), 'POST')).status).toBe(200);
      }
    });
  });

  describe('forced password change', () => {
    const mustChange = () => signToken({ role: 'STORE_MANAGER', storeId: 's-1', passwordMustChange: true });

    it('answers 403 PASSWORD_CHANGE_REQUIRED on any other protected call', async () => {
      for (const [method, path] of [
        ['GET', '/api/v1/store/me'],
        ['POST', '/api/v1/legal/terms/agree'],
        ['POST', '/api/v1/auth/email-change/request'],
        ['POST', '/api/v1/auth/me'],
      ] as const) {
        const res = await get(path, bearer(mustChange()), method);
        expect(res.status).toBe(403);
        expect(await json(res)).toMatchObject({ success: false, error: { code: 'PASSWORD_CHANGE_REQUIRED' } });
      }
    });

    it('lets the allowlisted calls through: change-password, me, logout, refresh, and OPTIONS', async () => {
      for (const [method, path] of [
        ['POST', '/api/v1/auth/change-password'],
        ['GET', '/api/v1/auth/me'],
        ['POST', '/api/v1/auth/logout'],
        ['POST', '/api/v1/auth/refresh'],
        ['OPTIONS', '/api/v1/store/me'],
      ] as const) {
        const res = await get(path, bearer(mustChange()), method);
        expect(res.status).toBe(200);
        expect((await json<Echo>(res)).method).toBe(method);
      }
    });

    it('still applies the role gate first (wrong role → 403 FORBIDDEN)', async () => {
      const res = await get('/api/v1/admin/music', bearer(mustChange()));
      expect(await json(res)).toMatchObject({ error: { code: 'FORBIDDEN' } });
    });
  });

  describe('public routes', () => {
    const publicCalls: Array<[string, string, ServiceName]> = [
      ['POST', '/api/v1/auth/login', 'identity'],
      ['POST', '/api/v1/auth/refresh', 'identity'],
      ['POST', '/api/v1/auth/setup/verify', 'identity'],
      ['POST', '/api/v1/auth/setup/complete', 'identity'],
      ['POST', '/api/v1/auth/password-reset/request', 'identity'],
      ['POST', '/api/v1/auth/password-reset/confirm', 'identity'],
      ['POST', '/api/v1/auth/email-change/confirm', 'identity'],
      ['POST', '/api/v1/auth/impersonate-exchange', 'identity'],
      ['GET', '/api/v1/auth/jwks', 'identity'],
      ['GET', '/api/v1/terms/active', 'legal'],
      ['GET', '/api/v1/privacy-policy/active', 'legal'],
      ['GET', '/api/v1/store/announcements/stream?ticket=abc', 'sse-fanout'],
    ];

    it.each(publicCalls)('%s %s passes without a token', async (method, path, service) => {
      const res = await fetch(`${gateway.url}${path}`, {
        method,
        ...(method === 'POST' ? { body: '{"email":"a@b.c","password":"x"}', headers: { 'content-type': 'application/json' } } : {}),
      });
      expect(res.status).toBe(200);
      expect((await json<Echo>(res)).service).toBe(service);
    });

    it('ignores an invalid token on a public route and forwards it unchanged', async () => {
      const res = await get('/api/v1/terms/active', bearer('expired-or-garbage'));
      expect(res.status).toBe(200);
      expect((await json<Echo>(res)).headers.authorization).toBe('Bearer expired-or-garbage');
    });

    it('keeps the session-only auth calls behind a token', async () => {
      for (const path of ['/api/v1/auth/logout', '/api/v1/auth/change-password', '/api/v1/auth/email-change/request', '/api/v1/auth/other']) {
        expect((await get(path, {}, 'POST')).status).toBe(401);
      }
    });
  });
});
