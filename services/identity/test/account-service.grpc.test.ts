import { AppError, newId, unary, grpc, type Role } from '@storecast/service-kit';
import { createAccountClient, createIdentityClient, type AccountServiceClient, type IdentityServiceClient } from '@storecast/proto';
import { createTestKeys } from '@storecast/service-kit/testing';
import jwt from 'jsonwebtoken';
import { startHarness, tokenOf, type Harness } from './support/harness';

describe('AccountService over gRPC (for organization)', () => {
  let h: Harness;
  let accounts: AccountServiceClient;
  let identity: IdentityServiceClient;
  const hqId = newId();
  const storeId = newId();

  beforeAll(async () => {
    h = await startHarness();
    accounts = createAccountClient(`127.0.0.1:${h.service.grpcPort}`);
    identity = createIdentityClient(`127.0.0.1:${h.service.grpcPort}`);
    h.organization.setHq({ id: hqId, name: 'Blue Coffee HQ', type: 'FRANCHISE', status: 'ACTIVE' });
    h.organization.setStore({ id: storeId, hqId, status: 'ACTIVE', closedAt: null });
  });
  afterAll(async () => {
    accounts?.close();
    identity?.close();
    await h?.stop();
  });

  const operatorId = newId();
  /** The verified caller's access token travels in metadata (decision 0008); the body names no actor. */
  const callerMetadata = (token: string | null) => {
    const metadata = new grpc.Metadata();
    if (token) metadata.set('authorization', `Bearer ${token}`);
    return metadata;
  };
  const operatorToken = () => h.env.sign({ sub: operatorId, role: 'OPERATOR' });
  const create = (req: Record<string, unknown>, token: string | null = operatorToken()) =>
    unary(accounts.createManagerAccount.bind(accounts), req, {}, callerMetadata(token)) as Promise<{ accountId: string; email: string }>;
  const failure = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e as AppError);
  const sendSetup = (req: { accountId: string }, token: string | null = operatorToken()) =>
    unary(accounts.sendSetupEmail.bind(accounts), req, {}, callerMetadata(token)) as Promise<{ delivered: boolean }>;
  const withdraw = (req: { accountId: string; reason: string }, token: string | null = operatorToken()) =>
    unary(accounts.withdrawAccount.bind(accounts), req, {}, callerMetadata(token));
  const list = (req: Record<string, unknown>, token: string | null = operatorToken()) =>
    unary(accounts.listManagerAccounts.bind(accounts), req, {}, callerMetadata(token)) as Promise<{ accounts: Array<{ id: string; status: string; hqId?: string; storeId?: string }> }>;
  const hqManagerToken = (hq: string, extra: Record<string, unknown> = {}) => h.env.sign({ sub: newId(), role: 'HQ_MANAGER', hqId: hq, ...extra });

  describe('CreateManagerAccount', () => {
    it('creates an HQ manager with a normalized email and passwordMustChange; emits identity.account.created; audits the verified caller', async () => {
      const res = await create({ role: 'HQ_MANAGER', email: '  New.Manager@Example.COM ', name: 'Kim', hqId });
      expect(res.email).toBe('new.manager@example.com');
      const row = await h.account(res.accountId);
      expect(row).toMatchObject({ role: 'HQ_MANAGER', status: 'ACTIVE', hqId, storeId: null, passwordMustChange: true, name: 'Kim' });
      expect(await h.events('identity.account.created')).toContainEqual({
        routingKey: 'identity.account.created',
        data: { accountId: res.accountId, role: 'HQ_MANAGER', hqId, storeId: null },
      });
      const [audit] = await h.auditRows(res.accountId);
      expect(audit).toMatchObject({ action: 'HQ_MANAGER_ACCOUNT_CREATED', actorAccountId: operatorId, actorRole: 'OPERATOR' });
    });

    describe('the caller is the verified token in metadata, never an actor named in the body', () => {
      it('an actor in the body is ignored: the audit names the token\'s account', async () => {
        const claimed = { accountId: newId(), role: 'OPERATOR' };
        const res = await create({ role: 'HQ_MANAGER', email: `claimed-${newId()}@example.com`, hqId, actor: claimed });
        const [audit] = await h.auditRows(res.accountId);
        expect(audit).toMatchObject({ actorAccountId: operatorId, actorRole: 'OPERATOR' });
      });

      it('a call without a caller token answers UNAUTHENTICATED AUTH_TOKEN_INVALID and creates nothing', async () => {
        const email = `anon-${newId()}@example.com`;
        const err = await failure(create({ role: 'HQ_MANAGER', email, hqId, actor: { accountId: newId(), role: 'OPERATOR' } }, null));
        expect(err).toMatchObject({ httpStatus: 401, code: 'AUTH_TOKEN_INVALID' });
        expect(((err!.cause as grpc.ServiceError).code)).toBe(grpc.status.UNAUTHENTICATED);
        expect((await h.service.runtime.database.pool.query('select id from accounts where email = $1', [email])).rows).toEqual([]);
      });

      it('a forged caller token answers AUTH_TOKEN_INVALID', async () => {
        const other = createTestKeys();
        const forged = jwt.sign({ role: 'OPERATOR', passwordMustChange: false }, other.privateKeyPem, {
          algorithm: 'RS256', issuer: 'storecast-identity', audience: 'storecast', subject: newId(), expiresIn: 60,
        });
        expect(await failure(create({ role: 'HQ_MANAGER', email: `forged-${newId()}@example.com`, hqId }, forged))).toMatchObject({ httpStatus: 401, code: 'AUTH_TOKEN_INVALID' });
      });

      it('an impersonated session answers 403 IMPERSONATION_FORBIDDEN_ACTION (spec 02: no manager account actions while impersonating)', async () => {
        const token = h.env.sign({ sub: newId(), role: 'HQ_MANAGER', hqId, impersonatedBy: operatorId });
        const email = `imp-${newId()}@example.com`;
        const err = await failure(create({ role: 'STORE_MANAGER', email, hqId, storeId }, token));
        expect(err).toMatchObject({ httpStatus: 403, code: 'IMPERSONATION_FORBIDDEN_ACTION' });
        expect((await h.service.runtime.database.pool.query('select id from accounts where email = $1', [email])).rows).toEqual([]);
      });

      it('an HQ manager creates store managers of its own HQ only', async () => {
        const hqManager = (hq: string) => h.env.sign({ sub: newId(), role: 'HQ_MANAGER', hqId: hq });
        const own = await create({ role: 'STORE_MANAGER', email: `own-${newId()}@example.com`, hqId, storeId }, hqManager(hqId));
        expect((await h.auditRows(own.accountId))[0]).toMatchObject({ actorRole: 'HQ_MANAGER' });
        expect(await failure(create({ role: 'STORE_MANAGER', email: `other-${newId()}@example.com`, hqId, storeId }, hqManager(newId())))).toMatchObject({
          httpStatus: 403,
          code: 'PRINCIPAL_SCOPE_MISMATCH',
        });
        expect(await failure(create({ role: 'HQ_MANAGER', email: `peer-${newId()}@example.com`, hqId }, hqManager(hqId)))).toMatchObject({ httpStatus: 403, code: 'FORBIDDEN' });
      });

      it.each<[Role, boolean]>([['STORE_MANAGER', false], ['OPERATOR', true]])('a %s caller (password change pending: %s) answers 403', async (role, passwordMustChange) => {
        const token = h.env.sign({ sub: newId(), role, hqId, storeId, passwordMustChange });
        const err = await failure(create({ role: 'STORE_MANAGER', email: `no-${newId()}@example.com`, hqId, storeId }, token));
        expect(err).toMatchObject({ httpStatus: 403, code: passwordMustChange ? 'PASSWORD_CHANGE_REQUIRED' : 'FORBIDDEN' });
      });
    });

    it('with the caller\'s temporary password, the manager can sign in with it (and must change it)', async () => {
      const res = await create({ role: 'STORE_MANAGER', email: `sm-${newId()}@example.com`, hqId, storeId, tempPassword: 'temp-pass-123' });
      const session = await h.signIn(res.email, 'temp-pass-123');
      expect(session).toMatchObject({ accountId: res.accountId, role: 'STORE_MANAGER', passwordMustChange: true });
    });

    it('without a temporary password, one is generated and never returned', async () => {
      const res = await create({ role: 'STORE_MANAGER', email: `gen-${newId()}@example.com`, hqId, storeId });
      expect(Object.keys(res).sort()).toEqual(['accountId', 'email']);
      expect((await h.account(res.accountId)).passwordHash).toMatch(/^\$2[aby]\$10\$/);
    });

    it('a taken email answers ALREADY_EXISTS with DUPLICATE_EMAIL and a fixed message that does not echo the email', async () => {
      const email = `dup-${newId()}@example.com`;
      await create({ role: 'HQ_MANAGER', email, hqId });
      const err = (await create({ role: 'STORE_MANAGER', email: email.toUpperCase(), hqId, storeId }).catch((e) => e)) as AppError;
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ httpStatus: 409, code: 'DUPLICATE_EMAIL', message: 'This email is already in use' });
      expect(err.message).not.toContain(email);
      expect(((err.cause as grpc.ServiceError).code)).toBe(grpc.status.ALREADY_EXISTS);
    });

    it('a store manager without a store, or a bad email, answers INVALID_ARGUMENT VALIDATION_FAILED', async () => {
      const noStore = (await create({ role: 'STORE_MANAGER', email: `x-${newId()}@example.com`, hqId }).catch((e) => e)) as AppError;
      expect(noStore).toMatchObject({ httpStatus: 400, code: 'VALIDATION_FAILED' });
      const badEmail = (await create({ role: 'HQ_MANAGER', email: 'nope', hqId }).catch((e) => e)) as AppError;
      expect(badEmail).toMatchObject({ httpStatus: 400, code: 'VALIDATION_FAILED' });
      const operator = (await create({ role: 'OPERATOR', email: `o-${newId()}@example.com`, hqId }).catch((e) => e)) as AppError;
      expect(operator).toMatchObject({ httpStatus: 400, code: 'VALIDATION_FAILED' });
    });
  });

  describe('SendSetupEmail', () => {
    it('mails a setup link to the account (after the caller\'s commit) and answers delivered=true', async () => {
      const { accountId, email } = await create({ role: 'HQ_MANAGER', email: `setup-${newId()}@example.com`, name: 'Lee', hqId });
      expect(h.mails(email)).toEqual([]);
      const res = await sendSetup({ accountId });
      expect(res).toEqual({ delivered: true });
      const [mail] = h.mails(email);
      expect(mail).toMatchObject({ template: 'ACCOUNT_SETUP', to: email, subject: '[Storecast] Set up your account' });
      expect(mail!.links[0]).toMatch(/^http:\/\/app\.identity\.test\/setup\?token=/);
      expect(mail!.html).toContain('Lee');
      const verify = await h.http.post('/api/v1/auth/setup/verify', { token: tokenOf(mail!.links[0]!) });
      expect(verify.status).toBe(200);
    });

    it('a second send makes the first link stop working', async () => {
      const { accountId, email } = await create({ role: 'HQ_MANAGER', email: `twice-${newId()}@example.com`, hqId });
      await sendSetup({ accountId });
      await sendSetup({ accountId });
      const [first, second] = h.mails(email);
      expect((await h.http.post('/api/v1/auth/setup/verify', { token: tokenOf(first!.links[0]!) })).body.error.code).toBe('ACCOUNT_TOKEN_INVALID');
      expect((await h.http.post('/api/v1/auth/setup/verify', { token: tokenOf(second!.links[0]!) })).status).toBe(200);
    });

    it('an unknown account answers NOT_FOUND ACCOUNT_NOT_FOUND', async () => {
      const err = await sendSetup({ accountId: newId() }).catch((e) => e);
      expect(err).toMatchObject({ httpStatus: 404, code: 'ACCOUNT_NOT_FOUND' });
    });
  });

  describe('WithdrawAccount (compensation)', () => {
    it('withdraws the account, ends its sessions, emits status-changed, and frees the email for a retry', async () => {
      const email = `comp-${newId()}@example.com`;
      const { accountId } = await create({ role: 'HQ_MANAGER', email, hqId, tempPassword: 'temp-pass-123' });
      const session = await h.signIn(email, 'temp-pass-123');
      await withdraw({ accountId, reason: 'store insert rolled back' });
      expect(await h.account(accountId)).toMatchObject({ status: 'WITHDRAWN', statusReason: 'store insert rolled back' });
      expect((await h.http.post('/api/v1/auth/refresh', { refreshToken: session.refreshToken })).status).toBe(401);
      expect(await h.events('identity.account.status-changed')).toContainEqual({
        routingKey: 'identity.account.status-changed',
        data: { accountId, role: 'HQ_MANAGER', status: 'WITHDRAWN', previousStatus: 'ACTIVE' },
      });
      const again = await create({ role: 'HQ_MANAGER', email, hqId });
      expect(again.accountId).not.toBe(accountId);
    });

    it('is idempotent', async () => {
      const { accountId } = await create({ role: 'HQ_MANAGER', email: `idem-${newId()}@example.com`, hqId });
      await withdraw({ accountId, reason: 'x' });
      await expect(withdraw({ accountId, reason: 'x' })).resolves.toEqual({});
      expect((await h.events('identity.account.status-changed')).filter((e) => e.data.accountId === accountId)).toHaveLength(1);
    });

    it('an unknown account answers NOT_FOUND ACCOUNT_NOT_FOUND', async () => {
      await expect(withdraw({ accountId: newId(), reason: 'x' })).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    });
  });

  describe('ListManagerAccounts', () => {
    it('lists managers of the given stores or HQs, created_at asc, withdrawn included', async () => {
      const hq2 = newId();
      const s1 = newId();
      const s2 = newId();
      const a = await create({ role: 'STORE_MANAGER', email: `l1-${newId()}@example.com`, hqId: hq2, storeId: s1 });
      h.clock.advance(1000);
      const b = await create({ role: 'STORE_MANAGER', email: `l2-${newId()}@example.com`, hqId: hq2, storeId: s2 });
      h.clock.advance(1000);
      const c = await create({ role: 'HQ_MANAGER', email: `l3-${newId()}@example.com`, hqId: hq2 });
      await withdraw({ accountId: b.accountId, reason: 'x' });

      const byStores = await list({ storeIds: [s1, s2], role: 'STORE_MANAGER' });
      expect(byStores.accounts.map((x) => [x.id, x.status])).toEqual([[a.accountId, 'ACTIVE'], [b.accountId, 'WITHDRAWN']]);
      const hqManagers = await list({ hqIds: [hq2], role: 'HQ_MANAGER' });
      expect(hqManagers.accounts.map((x) => x.id)).toEqual([c.accountId]);
      const all = await list({ hqIds: [hq2] });
      expect(all.accounts.map((x) => x.id)).toEqual([a.accountId, b.accountId, c.accountId]);
      const none = await list({});
      expect(none.accounts).toEqual([]);
    });
  });

  describe('mailing, withdrawing and listing act for the verified caller too (decision 0008)', () => {
    it('without a caller token each answers UNAUTHENTICATED AUTH_TOKEN_INVALID and changes nothing', async () => {
      const { accountId, email } = await create({ role: 'HQ_MANAGER', email: `anon-ops-${newId()}@example.com`, hqId });
      for (const attempt of [sendSetup({ accountId }, null), withdraw({ accountId, reason: 'x' }, null), list({ hqIds: [hqId] }, null)]) {
        const err = await failure(attempt);
        expect(err).toMatchObject({ httpStatus: 401, code: 'AUTH_TOKEN_INVALID' });
        expect((err!.cause as grpc.ServiceError).code).toBe(grpc.status.UNAUTHENTICATED);
      }
      expect(h.mails(email)).toEqual([]);
      expect(await h.account(accountId)).toMatchObject({ status: 'ACTIVE' });
    });

    it('an HQ manager mails and withdraws store managers of its own HQ only; another HQ is PRINCIPAL_SCOPE_MISMATCH, an HQ manager FORBIDDEN', async () => {
      const own = await create({ role: 'STORE_MANAGER', email: `own-sm-${newId()}@example.com`, hqId, storeId });
      await expect(sendSetup({ accountId: own.accountId }, hqManagerToken(hqId))).resolves.toEqual({ delivered: true });
      const stranger = hqManagerToken(newId());
      expect(await failure(sendSetup({ accountId: own.accountId }, stranger))).toMatchObject({ httpStatus: 403, code: 'PRINCIPAL_SCOPE_MISMATCH' });
      expect(await failure(withdraw({ accountId: own.accountId, reason: 'x' }, stranger))).toMatchObject({ httpStatus: 403, code: 'PRINCIPAL_SCOPE_MISMATCH' });
      expect(await h.account(own.accountId)).toMatchObject({ status: 'ACTIVE' });

      const peer = await create({ role: 'HQ_MANAGER', email: `peer-hm-${newId()}@example.com`, hqId });
      expect(await failure(withdraw({ accountId: peer.accountId, reason: 'x' }, hqManagerToken(hqId)))).toMatchObject({ httpStatus: 403, code: 'FORBIDDEN' });

      const hqManagerId = newId();
      await withdraw({ accountId: own.accountId, reason: 'store manager issue rolled back' }, h.env.sign({ sub: hqManagerId, role: 'HQ_MANAGER', hqId }));
      expect(await h.account(own.accountId)).toMatchObject({ status: 'WITHDRAWN' });
      const audits = await h.auditRows(own.accountId);
      expect(audits.find((a: { action: string }) => a.action === 'ACCOUNT_WITHDRAWN')).toMatchObject({ actorAccountId: hqManagerId, actorRole: 'HQ_MANAGER' });
    });

    it('an impersonated session may not mail or withdraw (IMPERSONATION_FORBIDDEN_ACTION); the operator may not withdraw an operator through this service', async () => {
      const sm = await create({ role: 'STORE_MANAGER', email: `imp-sm-${newId()}@example.com`, hqId, storeId });
      const impersonated = hqManagerToken(hqId, { impersonatedBy: operatorId });
      expect(await failure(sendSetup({ accountId: sm.accountId }, impersonated))).toMatchObject({ httpStatus: 403, code: 'IMPERSONATION_FORBIDDEN_ACTION' });
      expect(await failure(withdraw({ accountId: sm.accountId, reason: 'x' }, impersonated))).toMatchObject({ httpStatus: 403, code: 'IMPERSONATION_FORBIDDEN_ACTION' });
      const operatorRow = await h.service.runtime.database.pool.query<{ id: string }>("select id from accounts where role = 'OPERATOR' limit 1");
      const operatorAccountId = operatorRow.rows[0]?.id;
      expect(operatorAccountId).toBeDefined();
      expect(await failure(withdraw({ accountId: operatorAccountId!, reason: 'x' }))).toMatchObject({ httpStatus: 403, code: 'FORBIDDEN' });
    });

    it('an HQ manager lists only its own HQ\'s managers, even when it names another HQ\'s stores; a store manager may not list', async () => {
      const otherHq = newId();
      const otherStore = newId();
      const mine = await create({ role: 'STORE_MANAGER', email: `mine-${newId()}@example.com`, hqId, storeId });
      const theirs = await create({ role: 'STORE_MANAGER', email: `theirs-${newId()}@example.com`, hqId: otherHq, storeId: otherStore });
      const seen = await list({ storeIds: [storeId, otherStore], role: 'STORE_MANAGER' }, hqManagerToken(hqId));
      expect(seen.accounts.map((a) => a.id)).toContain(mine.accountId);
      expect(seen.accounts.map((a) => a.id)).not.toContain(theirs.accountId);
      expect(seen.accounts.every((a) => a.hqId === hqId)).toBe(true);
      expect((await list({ hqIds: [otherHq] }, hqManagerToken(hqId))).accounts).toEqual([]);
      expect((await list({ hqIds: [otherHq] })).accounts.map((a) => a.id)).toEqual([theirs.accountId]);
      const storeManager = h.env.sign({ sub: newId(), role: 'STORE_MANAGER', hqId, storeId });
      expect(await failure(list({ storeIds: [storeId] }, storeManager))).toMatchObject({ httpStatus: 403, code: 'FORBIDDEN' });
    });
  });

  describe('IdentityService.GetAccount', () => {
    it('answers an account, and NOT_FOUND ACCOUNT_NOT_FOUND for an unknown id', async () => {
      const { accountId, email } = await create({ role: 'STORE_MANAGER', email: `get-${newId()}@example.com`, name: 'Park', hqId, storeId });
      const account = await unary(identity.getAccount.bind(identity), { id: accountId });
      expect(account).toMatchObject({ id: accountId, email, name: 'Park', role: 'STORE_MANAGER', status: 'ACTIVE', hqId, storeId, passwordMustChange: true });
      await expect(unary(identity.getAccount.bind(identity), { id: newId() })).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND', httpStatus: 404 });
      await expect(unary(identity.getAccount.bind(identity), { id: 'not-a-uuid' })).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    });
  });
});
