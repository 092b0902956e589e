import { callerInterceptor, callUnary, newId, onBehalfOf } from '@storecast/service-kit';
import { createAccountClient, type AccountServiceClient } from '@storecast/proto';
import { OPERATOR, startHarness, tokenOf, type Harness } from './support/harness';

describe('account activation and recovery', () => {
  let h: Harness;
  let accounts: AccountServiceClient;
  const hqId = newId();
  const storeId = newId();

  beforeAll(async () => {
    h = await startHarness();
    accounts = createAccountClient(`127.0.0.1:${h.service.grpcPort}`, { interceptors: [callerInterceptor()] });
    h.organization.setHq({ id: hqId, name: 'Blue Coffee HQ', type: 'FRANCHISE', status: 'ACTIVE' });
    h.organization.setStore({ id: storeId, hqId, status: 'ACTIVE', closedAt: null });
  });
  afterAll(async () => {
    accounts?.close();
    await h?.stop();
  });
  beforeEach(() => {
    h.legal.setActiveVersions({ terms: 'T-2026', privacyPolicy: 'P-2026' });
    h.legal.unavailable = false;
  });

  /** A manager created by organization, with the setup email sent: returns the account and its link token. */
  const managerWithSetupLink = async (role: 'HQ_MANAGER' | 'STORE_MANAGER' = 'HQ_MANAGER', name = 'Kim Minji') => {
    const email = `m-${newId()}@example.com`;
    // As organization calls it: on behalf of the operator whose token it forwards (decision 0008).
    const operator = onBehalfOf({ token: h.env.sign({ sub: newId(), role: 'OPERATOR' }) });
    const { accountId } = await callUnary(accounts, 'createManagerAccount', { role, email, name, hqId, storeId: role === 'STORE_MANAGER' ? storeId : undefined }, operator);
    await callUnary(accounts, 'sendSetupEmail', { accountId }, operator);
    const mails = h.mails(email);
    return { accountId, email, token: tokenOf(mails[mails.length - 1]!.links[0]!) };
  };

  describe('setup link', () => {
    it('verify shows the email, role, expiry and the active legal versions', async () => {
      const m = await managerWithSetupLink();
      const res = await h.http.post('/api/v1/auth/setup/verify', { token: m.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        email: m.email,
        role: 'HQ_MANAGER',
        expiresAt: new Date(h.clock.now().getTime() + 72 * 3_600_000).toISOString(),
        activeTermsVersion: 'T-2026',
        activePrivacyPolicyVersion: 'P-2026',
      });
    });

    it('verify answers null versions when nothing is published', async () => {
      h.legal.setActiveVersions({ terms: null, privacyPolicy: null });
      const m = await managerWithSetupLink();
      const res = await h.http.post('/api/v1/auth/setup/verify', { token: m.token });
      expect(res.body).toMatchObject({ activeTermsVersion: null, activePrivacyPolicyVersion: null });
    });

    it('complete sets the password, records the consent through legal with ip, user agent and signer name, and clears passwordMustChange', async () => {
      const m = await managerWithSetupLink('STORE_MANAGER', 'Park Jisu');
      const res = await h.http.post(
        '/api/v1/auth/setup/complete',
        { token: m.token, newPassword: 'my-own-password-1', termsVersion: 'T-2026', privacyPolicyVersion: 'P-2026' },
        { headers: { 'user-agent': 'setup-test-agent/1.0' } },
      );
      expect(res.status).toBe(204);
      expect(h.legal.consents.find((c) => c.accountId === m.accountId)).toMatchObject({
        role: 'STORE_MANAGER',
        hqId,
        storeId,
        termsVersion: 'T-2026',
        privacyPolicyVersion: 'P-2026',
        signerName: 'Park Jisu',
        userAgent: 'setup-test-agent/1.0',
        ip: expect.stringMatching(/127\.0\.0\.1/),
      });
      expect(await h.account(m.accountId)).toMatchObject({ passwordMustChange: false, setupCompletedAt: h.clock.now() });
      const session = await h.signIn(m.email, 'my-own-password-1');
      expect(session.passwordMustChange).toBe(false);
      const me = await h.http.get('/api/v1/auth/me', { token: session.accessToken });
      expect(me.body).toMatchObject({ termsRequiresAgreement: false, privacyRequiresAgreement: false });
      expect(await h.auditActions(m.accountId)).toContain('ACCOUNT_SETUP_COMPLETED');
    });

    it('a signer name given in the request is recorded instead of the account name', async () => {
      const m = await managerWithSetupLink();
      await h.http.post('/api/v1/auth/setup/complete', { token: m.token, newPassword: 'my-own-password-1', termsVersion: 'T-2026', privacyPolicyVersion: 'P-2026', signerName: 'CEO Choi' });
      expect(h.legal.consents.find((c) => c.accountId === m.accountId)).toMatchObject({ signerName: 'CEO Choi' });
    });

    it('a setup link used twice fails the second time with 400 ACCOUNT_TOKEN_INVALID', async () => {
      const m = await managerWithSetupLink();
      const body = { token: m.token, newPassword: 'my-own-password-1', termsVersion: 'T-2026', privacyPolicyVersion: 'P-2026' };
      expect((await h.http.post('/api/v1/auth/setup/complete', body)).status).toBe(204);
      const second = await h.http.post('/api/v1/auth/setup/complete', { ...body, newPassword: 'another-password-2' });
      expect(second.status).toBe(400);
      expect(second.body.error.code).toBe('ACCOUNT_TOKEN_INVALID');
      expect((await h.http.post('/api/v1/auth/setup/verify', { token: m.token })).body.error.code).toBe('ACCOUNT_TOKEN_INVALID');
      await h.signIn(m.email, 'my-own-password-1');
    });

    it('two simultaneous completions: exactly one succeeds', async () => {
      const m = await managerWithSetupLink();
      const body = { token: m.token, termsVersion: 'T-2026', privacyPolicyVersion: 'P-2026' };
      const results = await Promise.all([
        h.http.post('/api/v1/auth/setup/complete', { ...body, newPassword: 'parallel-one-1' }),
        h.http.post('/api/v1/auth/setup/complete', { ...body, newPassword: 'parallel-two-2' }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([204, 400]);
    });

    it('versions other than the active ones answer 400 INVALID_LEGAL_VERSION and leave the link usable', async () => {
      const m = await managerWithSetupLink();
      const stale = await h.http.post('/api/v1/auth/setup/complete', { token: m.token, newPassword: 'my-own-password-1', termsVersion: 'T-2025', privacyPolicyVersion: 'P-2026' });
      expect(stale.status).toBe(400);
      expect(stale.body.error).toMatchObject({ code: 'INVALID_LEGAL_VERSION', fields: { termsVersion: expect.any(String) } });
      // details are for VALIDATION_FAILED only (spec 02 § Errors)
      expect(stale.body.error).not.toHaveProperty('details');
      expect(stale.body.error.fields).not.toHaveProperty('privacyPolicyVersion');
      const missing = await h.http.post('/api/v1/auth/setup/complete', { token: m.token, newPassword: 'my-own-password-1' });
      expect(missing.body.error.code).toBe('INVALID_LEGAL_VERSION');
      expect((await h.http.post('/api/v1/auth/setup/verify', { token: m.token })).status).toBe(200);
    });

    it('an expired link answers 400 ACCOUNT_TOKEN_INVALID', async () => {
      const m = await managerWithSetupLink();
      h.clock.advance(72 * 3_600_000);
      const res = await h.http.post('/api/v1/auth/setup/verify', { token: m.token });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('ACCOUNT_TOKEN_INVALID');
    });

    it('an unknown or over-long token answers 400 (ACCOUNT_TOKEN_INVALID / VALIDATION_FAILED)', async () => {
      expect((await h.http.post('/api/v1/auth/setup/verify', { token: 'forged' })).body.error.code).toBe('ACCOUNT_TOKEN_INVALID');
      expect((await h.http.post('/api/v1/auth/setup/verify', { token: 'x'.repeat(257) })).body.error.code).toBe('VALIDATION_FAILED');
    });

    it('a link of a suspended account answers 400 ACCOUNT_TOKEN_INVALID', async () => {
      const m = await managerWithSetupLink();
      await h.setAccount(m.accountId, { status: 'SUSPENDED' });
      expect((await h.http.post('/api/v1/auth/setup/verify', { token: m.token })).body.error.code).toBe('ACCOUNT_TOKEN_INVALID');
    });

    it('an operator\'s setup has no agreement step (null versions; nothing recorded at legal)', async () => {
      const op = await h.createAccount({ role: 'OPERATOR', passwordMustChange: true });
      // An operator's setup link goes out through the operators' own resend route, not AccountService (managers only).
      const operator = await h.signIn(OPERATOR.email, OPERATOR.password);
      expect((await h.http.post(`/api/v1/admin/accounts/${op.id}/resend-setup`, undefined, { token: operator.accessToken })).status).toBe(204);
      const token = tokenOf(h.mails(op.email)[0]!.links[0]!);
      const verify = await h.http.post('/api/v1/auth/setup/verify', { token });
      expect(verify.body).toMatchObject({ role: 'OPERATOR', activeTermsVersion: null, activePrivacyPolicyVersion: null });
      const before = h.legal.consents.length;
      expect((await h.http.post('/api/v1/auth/setup/complete', { token, newPassword: 'operator-own-pass' })).status).toBe(204);
      expect(h.legal.consents.length).toBe(before);
    });

    it('when legal is unreachable, setup answers 503 SERVICE_UNAVAILABLE and the link stays usable', async () => {
      const m = await managerWithSetupLink();
      h.legal.unavailable = true;
      const res = await h.http.post('/api/v1/auth/setup/complete', { token: m.token, newPassword: 'my-own-password-1', termsVersion: 'T-2026', privacyPolicyVersion: 'P-2026' });
      expect(res.status).toBe(503);
      h.legal.unavailable = false;
      expect((await h.http.post('/api/v1/auth/setup/verify', { token: m.token })).status).toBe(200);
    });
  });

  describe('password reset', () => {
    it('a request for an unknown email answers exactly like one for a known email, and only the known one gets mail', async () => {
      const a = await h.createAccount({ role: 'OPERATOR' });
      const known = await h.http.post('/api/v1/auth/password-reset/request', { email: a.email });
      const unknown = await h.http.post('/api/v1/auth/password-reset/request', { email: 'nobody-here@example.com' });
      expect(known.status).toBe(204);
      expect(unknown.status).toBe(204);
      expect(unknown.body).toEqual(known.body);
      expect([...unknown.headers.keys()].filter((k) => k !== 'date' && k !== 'x-request-id').sort()).toEqual(
        [...known.headers.keys()].filter((k) => k !== 'date' && k !== 'x-request-id').sort(),
      );
      await h.mailSettled();
      expect(h.mails(a.email)).toHaveLength(1);
      expect(h.mails('nobody-here@example.com')).toEqual([]);
    });

    it('answers before any work only a real account causes: at the 204 no link exists and no mail is sent; both come after the answer', async () => {
      const a = await h.createAccount({ role: 'OPERATOR' });
      const links = async () => (await h.service.runtime.database.pool.query('select id from link_tokens where account_id = $1', [a.id])).rows;
      h.service.context.afterResponse.pause();
      try {
        expect((await h.http.post('/api/v1/auth/password-reset/request', { email: a.email })).status).toBe(204);
        expect(await links()).toEqual([]);
        expect(h.mails(a.email)).toEqual([]);
      } finally {
        h.service.context.afterResponse.resume();
      }
      await h.mailSettled();
      expect(await links()).toHaveLength(1);
      expect(h.mails(a.email)).toHaveLength(1);
    });

    it('confirm sets the new password, ends every session, and the link works once', async () => {
      const a = await h.createAccount({ role: 'OPERATOR', passwordMustChange: true });
      const session = await h.signIn(a.email, a.password);
      await h.http.post('/api/v1/auth/password-reset/request', { email: a.email.toUpperCase() });
      await h.mailSettled();
      const mail = h.mails(a.email)[0]!;
      expect(mail).toMatchObject({ template: 'PASSWORD_RESET', subject: '[Storecast] Reset your password' });
      const token = tokenOf(mail.links[0]!);
      expect((await h.http.post('/api/v1/auth/password-reset/confirm', { token, newPassword: 'reset-password-1' })).status).toBe(204);
      expect((await h.http.post('/api/v1/auth/refresh', { refreshToken: session.refreshToken })).status).toBe(401);
      expect((await h.signIn(a.email, 'reset-password-1')).passwordMustChange).toBe(false);
      const again = await h.http.post('/api/v1/auth/password-reset/confirm', { token, newPassword: 'reset-password-2' });
      expect(again.status).toBe(400);
      expect(again.body.error.code).toBe('ACCOUNT_TOKEN_INVALID');
    });

    it('a reset link expires after an hour', async () => {
      const a = await h.createAccount({ role: 'OPERATOR' });
      await h.http.post('/api/v1/auth/password-reset/request', { email: a.email });
      await h.mailSettled();
      h.clock.advance(60 * 60_000);
      const res = await h.http.post('/api/v1/auth/password-reset/confirm', { token: tokenOf(h.mails(a.email)[0]!.links[0]!), newPassword: 'reset-password-1' });
      expect(res.body.error.code).toBe('ACCOUNT_TOKEN_INVALID');
    });

    it('a setup link is not a reset link', async () => {
      const m = await managerWithSetupLink();
      const res = await h.http.post('/api/v1/auth/password-reset/confirm', { token: m.token, newPassword: 'reset-password-1' });
      expect(res.body.error.code).toBe('ACCOUNT_TOKEN_INVALID');
    });

    it('suspended accounts get no reset mail (and the same 204)', async () => {
      const a = await h.createAccount({ role: 'OPERATOR', status: 'SUSPENDED' });
      expect((await h.http.post('/api/v1/auth/password-reset/request', { email: a.email })).status).toBe(204);
      const marker = await h.createAccount({ role: 'OPERATOR' });
      await h.http.post('/api/v1/auth/password-reset/request', { email: marker.email });
      await h.mailSettled();
      expect(h.mails(marker.email)).toHaveLength(1);
      expect(h.mails(a.email)).toEqual([]);
    });
  });

  describe('email change', () => {
    it('request mails a link to the new address; confirm switches the sign-in email and notifies the old address', async () => {
      const a = await h.createAccount({ role: 'OPERATOR', name: 'Han' });
      const s = await h.signIn(a.email, a.password);
      const newEmail = `new-${newId()}@example.com`;
      const req = await h.http.post('/api/v1/auth/email-change/request', { newEmail: newEmail.toUpperCase() }, { token: s.accessToken });
      expect(req.status).toBe(204);
      const [verify] = h.mails(newEmail);
      expect(verify).toMatchObject({ template: 'EMAIL_CHANGE_VERIFY' });
      expect((await h.account(a.id)).email).toBe(a.email);

      const confirm = await h.http.post('/api/v1/auth/email-change/confirm', { token: tokenOf(verify!.links[0]!) });
      expect(confirm.status).toBe(204);
      expect((await h.account(a.id)).email).toBe(newEmail);
      const notice = h.mails(a.email).find((m) => m.template === 'EMAIL_CHANGE_NOTICE');
      expect(notice).toBeDefined();
      expect(notice!.text).toContain(newEmail);
      await h.signIn(newEmail, a.password);
      expect((await h.http.post('/api/v1/auth/login', { email: a.email, password: a.password })).status).toBe(401);
      expect(await h.auditActions(a.id)).toContain('ACCOUNT_EMAIL_CHANGED');
      expect((await h.http.post('/api/v1/auth/email-change/confirm', { token: tokenOf(verify!.links[0]!) })).body.error.code).toBe('ACCOUNT_TOKEN_INVALID');
    });

    it('an address already in use answers 400 EMAIL_ALREADY_IN_USE', async () => {
      const a = await h.createAccount({ role: 'OPERATOR' });
      const b = await h.createAccount({ role: 'OPERATOR' });
      const s = await h.signIn(a.email, a.password);
      const res = await h.http.post('/api/v1/auth/email-change/request', { newEmail: b.email }, { token: s.accessToken });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('EMAIL_ALREADY_IN_USE');
    });

    it('an address taken between request and confirm answers 400 EMAIL_ALREADY_IN_USE at confirm', async () => {
      const a = await h.createAccount({ role: 'OPERATOR' });
      const s = await h.signIn(a.email, a.password);
      const newEmail = `race-${newId()}@example.com`;
      await h.http.post('/api/v1/auth/email-change/request', { newEmail }, { token: s.accessToken });
      await h.createAccount({ role: 'OPERATOR', email: newEmail });
      const res = await h.http.post('/api/v1/auth/email-change/confirm', { token: tokenOf(h.mails(newEmail)[0]!.links[0]!) });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('EMAIL_ALREADY_IN_USE');
    });

    it('needs a signed-in caller', async () => {
      const res = await h.http.post('/api/v1/auth/email-change/request', { newEmail: 'x@example.com' });
      expect(res.status).toBe(401);
    });

    it('while a password change is forced, answers 403 PASSWORD_CHANGE_REQUIRED', async () => {
      const a = await h.createAccount({ role: 'OPERATOR', passwordMustChange: true });
      const s = await h.signIn(a.email, a.password);
      const res = await h.http.post('/api/v1/auth/email-change/request', { newEmail: `f-${newId()}@example.com` }, { token: s.accessToken });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('PASSWORD_CHANGE_REQUIRED');
    });
  });
});
