import { newId } from '@storecast/service-kit';
import { OPERATOR, startHarness, tokenOf, type Harness } from './support/harness';
import type { AccountRow } from '../src/db/schema';

describe('account lifecycle (operator)', () => {
  let h: Harness;
  let op: { accessToken: string; accountId: string };
  const hqId = newId();
  const storeId = newId();

  beforeAll(async () => {
    h = await startHarness();
    h.organization.setHq({ id: hqId, name: 'Blue Coffee HQ', type: 'FRANCHISE', status: 'ACTIVE' });
    h.organization.setStore({ id: storeId, hqId, status: 'ACTIVE', closedAt: null });
    op = await h.signIn(OPERATOR.email, OPERATOR.password);
  });
  afterAll(async () => h?.stop());

  const KINDS = [
    { segment: 'accounts/hq-managers', role: 'HQ_MANAGER' as const, notFound: 'HQ_MANAGER_NOT_FOUND', prefix: 'HQ_MANAGER' },
    { segment: 'accounts/store-managers', role: 'STORE_MANAGER' as const, notFound: 'STORE_MANAGER_NOT_FOUND', prefix: 'STORE_MANAGER' },
    { segment: 'operators', role: 'OPERATOR' as const, notFound: 'ACCOUNT_NOT_FOUND', prefix: 'OPERATOR' },
  ];
  const make = (role: AccountRow['role'], status: AccountRow['status'] = 'ACTIVE') =>
    h.createAccount({ role, status, hqId: role === 'OPERATOR' ? null : hqId, storeId: role === 'STORE_MANAGER' ? storeId : null });

  const actions = {
    suspend: (segment: string, id: string, token = op.accessToken) => h.http.post(`/api/v1/admin/${segment}/${id}/suspend`, { reason: 'unpaid invoices' }, { token }),
    reactivate: (segment: string, id: string, token = op.accessToken) => h.http.post(`/api/v1/admin/${segment}/${id}/reactivate`, undefined, { token }),
    revoke: (segment: string, id: string, token = op.accessToken) => h.http.delete(`/api/v1/admin/${segment}/${id}`, { token }),
    resetPassword: (segment: string, id: string, token = op.accessToken) => h.http.post(`/api/v1/admin/${segment}/${id}/reset-password`, { tempPassword: 'temporary-123' }, { token }),
  };

  describe.each(KINDS)('$segment', ({ segment, role, notFound, prefix }) => {
    it('suspend: ACTIVE → SUSPENDED with the reason, sessions end, sign-in refused, audit and event', async () => {
      const a = await make(role);
      const s = await h.signIn(a.email, a.password);
      const res = await actions.suspend(segment, a.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: a.id, status: 'SUSPENDED', passwordMustChange: false });
      expect(await h.account(a.id)).toMatchObject({ status: 'SUSPENDED', statusReason: 'unpaid invoices' });
      expect((await h.http.post('/api/v1/auth/refresh', { refreshToken: s.refreshToken })).status).toBe(401);
      expect((await h.http.post('/api/v1/auth/login', { email: a.email, password: a.password })).body.error.code).toBe('AUTH_ACCOUNT_SUSPENDED');
      expect(await h.auditActions(a.id)).toEqual([`${prefix}_SUSPENDED`]);
      expect(await h.events('identity.account.status-changed')).toContainEqual({
        routingKey: 'identity.account.status-changed',
        data: { accountId: a.id, role, status: 'SUSPENDED', previousStatus: 'ACTIVE' },
      });
    });

    it('reactivate: SUSPENDED → ACTIVE, reason cleared, sign-in works again', async () => {
      const a = await make(role);
      await actions.suspend(segment, a.id);
      const res = await actions.reactivate(segment, a.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: a.id, status: 'ACTIVE', passwordMustChange: false });
      expect(await h.account(a.id)).toMatchObject({ status: 'ACTIVE', statusReason: null });
      await h.signIn(a.email, a.password);
      expect(await h.auditActions(a.id)).toEqual([`${prefix}_SUSPENDED`, `${prefix}_REACTIVATED`]);
    });

    it('revoke (DELETE): → WITHDRAWN, terminal; the account can no longer sign in', async () => {
      const a = await make(role, 'SUSPENDED');
      const res = await actions.revoke(segment, a.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: a.id, status: 'WITHDRAWN', passwordMustChange: false });
      expect((await h.http.post('/api/v1/auth/login', { email: a.email, password: a.password })).body.error.code).toBe('AUTH_INVALID_CREDENTIALS');
      expect(await h.auditActions(a.id)).toEqual([`${prefix}_REVOKED`]);
    });

    it('reset password: ACTIVE only; passwordMustChange true, sessions end, the temporary password signs in', async () => {
      const a = await make(role);
      const s = await h.signIn(a.email, a.password);
      const res = await actions.resetPassword(segment, a.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: a.id, status: 'ACTIVE', passwordMustChange: true });
      expect((await h.http.post('/api/v1/auth/refresh', { refreshToken: s.refreshToken })).status).toBe(401);
      expect((await h.signIn(a.email, 'temporary-123')).passwordMustChange).toBe(true);
      expect(await h.auditActions(a.id)).toEqual([`${prefix}_PASSWORD_RESET`]);
    });

    it.each([
      ['suspend', 'SUSPENDED'],
      ['suspend', 'WITHDRAWN'],
      ['reactivate', 'ACTIVE'],
      ['reactivate', 'WITHDRAWN'],
      ['revoke', 'WITHDRAWN'],
      ['resetPassword', 'SUSPENDED'],
      ['resetPassword', 'WITHDRAWN'],
    ] as const)('%s on a %s account answers 409 ACCOUNT_INVALID_STATUS_TRANSITION and changes nothing', async (action, status) => {
      const a = await make(role, status);
      const res = await actions[action](segment, a.id);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('ACCOUNT_INVALID_STATUS_TRANSITION');
      expect((await h.account(a.id)).status).toBe(status);
      expect(await h.auditActions(a.id)).toEqual([]);
    });

    it(`an unknown id or an account of another role answers 404 ${notFound}`, async () => {
      const other = await make(role === 'HQ_MANAGER' ? 'STORE_MANAGER' : 'HQ_MANAGER');
      for (const id of [newId(), other.id]) {
        const res = await actions.suspend(segment, id);
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe(notFound);
      }
    });

    it('a path id that is not a UUID answers 400 VALIDATION_FAILED on accountId', async () => {
      const res = await actions.suspend(segment, 'not-a-uuid');
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'accountId' })] });
    });

    it('a suspend without a reason answers 400 VALIDATION_FAILED', async () => {
      const a = await make(role);
      const res = await h.http.post(`/api/v1/admin/${segment}/${a.id}/suspend`, { reason: '   ' }, { token: op.accessToken });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].field).toBe('reason');
    });
  });

  describe('who may act', () => {
    it('an HQ manager gets 403 FORBIDDEN', async () => {
      const hm = await make('HQ_MANAGER');
      const s = await h.signIn(hm.email, hm.password);
      const target = await make('STORE_MANAGER');
      const res = await actions.suspend('accounts/store-managers', target.id, s.accessToken);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    });

    it('without a token: 401', async () => {
      const res = await h.http.post(`/api/v1/admin/accounts/hq-managers/${newId()}/suspend`, { reason: 'x' });
      expect(res.status).toBe(401);
    });

    it('an operator suspended since its token was issued gets 403 PRINCIPAL_SCOPE_MISMATCH', async () => {
      const other = await make('OPERATOR');
      const s = await h.signIn(other.email, other.password);
      await h.setAccount(other.id, { status: 'SUSPENDED' });
      const res = await actions.suspend('accounts/hq-managers', (await make('HQ_MANAGER')).id, s.accessToken);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('PRINCIPAL_SCOPE_MISMATCH');
    });

    it('every operator path refuses an operator revoked since its token was issued (403 PRINCIPAL_SCOPE_MISMATCH) and changes nothing', async () => {
      const gone = await make('OPERATOR');
      const { accessToken } = await h.signIn(gone.email, gone.password);
      await h.setAccount(gone.id, { status: 'WITHDRAWN' });
      const target = await make('HQ_MANAGER');
      const id = newId();
      const calls: Array<[string, string, unknown?]> = [
        ['POST', `/api/v1/admin/accounts/hq-managers/${target.id}/suspend`, { reason: 'x' }],
        ['POST', `/api/v1/admin/accounts/store-managers/${id}/reactivate`],
        ['POST', `/api/v1/admin/operators/${id}/reset-password`, { tempPassword: 'temporary-123' }],
        ['DELETE', `/api/v1/admin/accounts/hq-managers/${target.id}`],
        ['POST', `/api/v1/admin/accounts/${target.id}/resend-setup`],
        ['GET', '/api/v1/admin/operators'],
        ['POST', '/api/v1/admin/operators', { email: `x-${id}@example.com`, name: 'X' }],
        ['GET', `/api/v1/admin/operators/${op.accountId}`],
        ['POST', `/api/v1/admin/hq/${hqId}/impersonate`],
        ['GET', '/api/v1/admin/email-templates'],
        ['GET', '/api/v1/admin/email-templates/ACCOUNT_SETUP/preview'],
        ['POST', '/api/v1/admin/email-templates/ACCOUNT_SETUP/test-send', { to: 'qa@example.com' }],
        ['GET', '/api/v1/admin/api-clients'],
        ['GET', `/api/v1/admin/api-clients/${id}`],
        ['POST', `/api/v1/admin/api-clients/${id}/approve`],
        ['POST', `/api/v1/admin/api-clients/${id}/reject`, { reason: 'x' }],
        ['POST', `/api/v1/admin/api-clients/${id}/keys`, {}],
        ['POST', `/api/v1/admin/api-clients/${id}/keys/${id}/rotate`, {}],
        ['DELETE', `/api/v1/admin/api-clients/${id}/keys/${id}`],
        ['GET', `/api/v1/admin/api-clients/${id}/usage`],
      ];
      for (const [method, path, body] of calls) {
        const res = await h.http.call(method, path, { token: accessToken, body });
        expect([method, path, res.status, res.body.error.code]).toEqual([method, path, 403, 'PRINCIPAL_SCOPE_MISMATCH']);
      }
      expect((await h.account(target.id)).status).toBe('ACTIVE');
      expect(await h.auditActions(target.id)).toEqual([]);
    });

    it('an operator cannot suspend or revoke their own account (409)', async () => {
      expect((await actions.suspend('operators', op.accountId)).body.error.code).toBe('ACCOUNT_INVALID_STATUS_TRANSITION');
      expect((await actions.revoke('operators', op.accountId)).body.error.code).toBe('ACCOUNT_INVALID_STATUS_TRANSITION');
    });

    it('an operator with passwordMustChange gets 403 PASSWORD_CHANGE_REQUIRED on operator paths until it changes it', async () => {
      const fresh = await h.createAccount({ role: 'OPERATOR', passwordMustChange: true });
      const s = await h.signIn(fresh.email, fresh.password);
      const blocked = await h.http.get('/api/v1/admin/operators', { token: s.accessToken });
      expect(blocked.status).toBe(403);
      expect(blocked.body.error.code).toBe('PASSWORD_CHANGE_REQUIRED');
      const changed = await h.http.post('/api/v1/auth/change-password', { currentPassword: fresh.password, newPassword: 'changed-pass-1' }, { token: s.accessToken });
      expect((await h.http.get('/api/v1/admin/operators', { token: changed.body.accessToken })).status).toBe(200);
    });
  });

  describe('resend setup (POST /api/v1/admin/accounts/{accountId}/resend-setup)', () => {
    it('mails a new setup link (204) and audits it', async () => {
      const a = await make('STORE_MANAGER');
      const res = await h.http.post(`/api/v1/admin/accounts/${a.id}/resend-setup`, undefined, { token: op.accessToken });
      expect(res.status).toBe(204);
      const [mail] = h.mails(a.email);
      expect(mail!.template).toBe('ACCOUNT_SETUP');
      expect((await h.http.post('/api/v1/auth/setup/verify', { token: tokenOf(mail!.links[0]!) })).status).toBe(200);
      expect(await h.auditActions(a.id)).toEqual(['STORE_MANAGER_SETUP_RESENT']);
    });

    it('a suspended account answers 409, an unknown one 404 ACCOUNT_NOT_FOUND', async () => {
      const a = await make('HQ_MANAGER', 'SUSPENDED');
      expect((await h.http.post(`/api/v1/admin/accounts/${a.id}/resend-setup`, undefined, { token: op.accessToken })).status).toBe(409);
      const missing = await h.http.post(`/api/v1/admin/accounts/${newId()}/resend-setup`, undefined, { token: op.accessToken });
      expect(missing.status).toBe(404);
      expect(missing.body.error.code).toBe('ACCOUNT_NOT_FOUND');
    });
  });

  describe('operators', () => {
    it('create: 201, passwordMustChange, setup email sent; duplicate email 409 DUPLICATE_EMAIL', async () => {
      const email = `new-op-${newId()}@example.com`;
      const res = await h.http.post('/api/v1/admin/operators', { email, name: 'Second Operator' }, { token: op.accessToken });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ email, name: 'Second Operator', status: 'ACTIVE', passwordMustChange: true, lastLoginAt: null, setupEmailSent: true });
      expect(h.mails(email)[0]!.template).toBe('ACCOUNT_SETUP');
      expect(await h.auditActions(res.body.id)).toEqual(['OPERATOR_CREATED']);
      const dup = await h.http.post('/api/v1/admin/operators', { email: email.toUpperCase(), name: 'Again' }, { token: op.accessToken });
      expect(dup.status).toBe(409);
      expect(dup.body.error).toEqual({ code: 'DUPLICATE_EMAIL', message: 'This email is already in use' });
    });

    it('list: q on email or name (case-insensitive), status filter, paging with total; created_at asc', async () => {
      const tag = newId().slice(-8);
      const a = await h.createAccount({ role: 'OPERATOR', email: `zeta-${tag}@example.com`, name: 'Zeta' });
      h.clock.advance(1000);
      const b = await h.createAccount({ role: 'OPERATOR', email: `other-${tag}@example.com`, name: `Zeta Two ${tag}`, status: 'SUSPENDED' });
      const byQ = await h.http.get(`/api/v1/admin/operators?q=${tag.toUpperCase()}`, { token: op.accessToken });
      expect(byQ.status).toBe(200);
      expect(byQ.body).toMatchObject({ page: 0, size: 20, total: 2 });
      expect(byQ.body.items.map((i: { id: string }) => i.id)).toEqual([a.id, b.id]);
      expect(Object.keys(byQ.body.items[0]).sort()).toEqual(['createdAt', 'email', 'id', 'lastLoginAt', 'name', 'passwordMustChange', 'status', 'updatedAt']);
      const suspended = await h.http.get(`/api/v1/admin/operators?q=${tag}&status=SUSPENDED`, { token: op.accessToken });
      expect(suspended.body.items.map((i: { id: string }) => i.id)).toEqual([b.id]);
      const paged = await h.http.get(`/api/v1/admin/operators?q=${tag}&size=1&page=1`, { token: op.accessToken });
      expect(paged.body).toMatchObject({ page: 1, size: 1, total: 2, items: [expect.objectContaining({ id: b.id })] });
      const clamped = await h.http.get('/api/v1/admin/operators?size=500', { token: op.accessToken });
      expect(clamped.body.size).toBe(100);
    });

    it('list: a q over 100 characters or an unknown status answers 400 VALIDATION_FAILED', async () => {
      expect((await h.http.get(`/api/v1/admin/operators?q=${'x'.repeat(101)}`, { token: op.accessToken })).body.error.code).toBe('VALIDATION_FAILED');
      expect((await h.http.get('/api/v1/admin/operators?status=GONE', { token: op.accessToken })).body.error.code).toBe('VALIDATION_FAILED');
    });

    it('get one: 200, or 404 ACCOUNT_NOT_FOUND for a non-operator', async () => {
      expect((await h.http.get(`/api/v1/admin/operators/${op.accountId}`, { token: op.accessToken })).body).toMatchObject({ id: op.accountId, email: OPERATOR.email });
      const hm = await make('HQ_MANAGER');
      expect((await h.http.get(`/api/v1/admin/operators/${hm.id}`, { token: op.accessToken })).status).toBe(404);
    });
  });
});
