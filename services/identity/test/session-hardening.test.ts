import { eq } from 'drizzle-orm';
import { RedisTokenRevocations, TokenVerifier } from '@storecast/service-kit';
import { refreshTokens } from '../src/db/schema';
import { OPERATOR, startHarness, tokenOf, type Harness } from './support/harness';

describe('session hardening', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h?.stop());

  const refresh = (refreshToken: string) => h.http.post('/api/v1/auth/refresh', { refreshToken });
  const familyRows = async (accountId: string) => h.service.context.db.select().from(refreshTokens).where(eq(refreshTokens.accountId, accountId));

  describe('refresh-token reuse', () => {
    it('after the grace period revokes the whole family: every successor answers 401 AUTH_REFRESH_REVOKED', async () => {
      const a = await h.createAccount({ role: 'OPERATOR' });
      const s = await h.signIn(a.email, a.password);
      const r1 = await refresh(s.refreshToken);
      const r2 = await refresh(r1.body.refreshToken);
      expect(r2.status).toBe(200);
      h.clock.advance(60_001);

      const reuse = await refresh(s.refreshToken);
      expect(reuse.status).toBe(401);
      expect(reuse.body.error.code).toBe('AUTH_REFRESH_REVOKED');
      const successor = await refresh(r2.body.refreshToken);
      expect(successor.status).toBe(401);
      expect(successor.body.error.code).toBe('AUTH_REFRESH_REVOKED');
      expect(await familyRows(a.id)).toEqual([]);
    });

    it('within the grace period yields a new pair in the same family, so a later reuse revokes every branch', async () => {
      const a = await h.createAccount({ role: 'OPERATOR' });
      const s = await h.signIn(a.email, a.password);
      const branchA = await refresh(s.refreshToken);
      h.clock.advance(30_000);
      const branchB = await refresh(s.refreshToken);
      expect(branchB.status).toBe(200);
      const rows = await familyRows(a.id);
      expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);

      h.clock.advance(30_001);
      expect((await refresh(s.refreshToken)).body.error.code).toBe('AUTH_REFRESH_REVOKED');
      for (const branch of [branchA, branchB]) {
        const res = await refresh(branch.body.refreshToken);
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('AUTH_REFRESH_REVOKED');
      }
    });

    it('a reuse recognised long after the rotation (10 minutes, a day) still revokes the family', async () => {
      const a = await h.createAccount({ role: 'OPERATOR' });
      const s = await h.signIn(a.email, a.password);
      const r1 = await refresh(s.refreshToken);
      h.clock.advance(86_400_000);
      expect((await refresh(s.refreshToken)).status).toBe(401);
      expect((await refresh(r1.body.refreshToken)).body.error.code).toBe('AUTH_REFRESH_REVOKED');
    });

    it('another account’s family is untouched', async () => {
      const a = await h.createAccount({ role: 'OPERATOR' });
      const b = await h.createAccount({ role: 'OPERATOR' });
      const sa = await h.signIn(a.email, a.password);
      const sb = await h.signIn(b.email, b.password);
      await refresh(sa.refreshToken);
      h.clock.advance(60_001);
      expect((await refresh(sa.refreshToken)).status).toBe(401);
      expect((await refresh(sb.refreshToken)).status).toBe(200);
    });
  });

  describe('access tokens issued before a credentials change stop working at once, in every service', () => {
    // What any other service holds: a verifier over identity's keys reading the same revocation marks.
    let elsewhere: TokenVerifier;
    let marks: RedisTokenRevocations;
    beforeAll(() => {
      marks = new RedisTokenRevocations(h.env.redisUrl);
      elsewhere = new TokenVerifier({ publicKeyPem: h.keys.publicKeyPem }, { revocations: marks });
    });
    afterAll(() => marks.close());

    const me = (token: string) => h.http.get('/api/v1/auth/me', { token });

    it('after a password change: the old token answers 401 AUTH_TOKEN_INVALID, the new session works', async () => {
      const a = await h.createAccount({ role: 'OPERATOR' });
      const before = await h.signIn(a.email, a.password);
      h.clock.advance(1000);
      const changed = await h.http.post('/api/v1/auth/change-password', { currentPassword: a.password, newPassword: 'a-brand-new-password-1' }, { token: before.accessToken });
      expect(changed.status).toBe(200);

      const old = await me(before.accessToken);
      expect(old.status).toBe(401);
      expect(old.body.error.code).toBe('AUTH_TOKEN_INVALID');
      await expect(elsewhere.verify(before.accessToken)).rejects.toMatchObject({ code: 'AUTH_TOKEN_INVALID' });
      expect((await me(changed.body.accessToken)).status).toBe(200);
      await expect(elsewhere.verify(changed.body.accessToken)).resolves.toMatchObject({ sub: a.id });
    });

    it('after a password reset: the old token answers 401', async () => {
      const a = await h.createAccount({ role: 'OPERATOR' });
      const before = await h.signIn(a.email, a.password);
      h.clock.advance(1000);
      expect((await h.http.post('/api/v1/auth/password-reset/request', { email: a.email })).status).toBe(204);
      const link = await waitForMail(h, a.email);
      const confirmed = await h.http.post('/api/v1/auth/password-reset/confirm', { token: tokenOf(link), newPassword: 'reset-password-12345' });
      expect(confirmed.status).toBe(204);
      expect((await me(before.accessToken)).status).toBe(401);
      await expect(elsewhere.verify(before.accessToken)).rejects.toMatchObject({ code: 'AUTH_TOKEN_INVALID' });
    });

    it('a suspended operator loses admin access at once', async () => {
      const op = await h.signIn(OPERATOR.email, OPERATOR.password);
      const other = await h.createAccount({ role: 'OPERATOR' });
      const session = await h.signIn(other.email, other.password);
      expect((await h.http.get('/api/v1/admin/operators', { token: session.accessToken })).status).toBe(200);
      h.clock.advance(1000);
      expect((await h.http.post(`/api/v1/admin/operators/${other.id}/suspend`, { reason: 'left the company' }, { token: op.accessToken })).status).toBe(200);
      const after = await h.http.get('/api/v1/admin/operators', { token: session.accessToken });
      expect(after.status).toBe(401);
      expect(after.body.error.code).toBe('AUTH_TOKEN_INVALID');
      await expect(elsewhere.verify(session.accessToken)).rejects.toMatchObject({ code: 'AUTH_TOKEN_INVALID' });
    });
  });
});

/** The link of the newest reset mail to `to`, once the mail is written (the request answers before it). */
const waitForMail = async (h: Harness, to: string): Promise<string> => {
  for (let i = 0; i < 200; i++) {
    await h.mailSettled();
    const mail = h.mails(to).filter((m) => m.template === 'PASSWORD_RESET').at(-1);
    if (mail) return mail.links[0]!;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error(`no reset mail to ${to}`);
};
