import { newId } from '@storecast/service-kit';
import type { Mailer, OutgoingMail } from '../src/adapters/mailer';
import { OPERATOR, startHarness, type Harness } from './support/harness';

describe('email templates (operator)', () => {
  describe('with the local file outbox (no SMTP configured)', () => {
    let h: Harness;
    let op: { accessToken: string };
    beforeAll(async () => {
      h = await startHarness();
      op = await h.signIn(OPERATOR.email, OPERATOR.password);
    });
    afterAll(async () => h?.stop());

    it('lists the four templates with label, subject and placeholders', async () => {
      const res = await h.http.get('/api/v1/admin/email-templates', { token: op.accessToken });
      expect(res.status).toBe(200);
      expect(res.body.items.map((i: { type: string }) => i.type)).toEqual(['ACCOUNT_SETUP', 'PASSWORD_RESET', 'EMAIL_CHANGE_VERIFY', 'EMAIL_CHANGE_NOTICE']);
      for (const item of res.body.items) expect(item).toEqual({ type: item.type, label: expect.any(String), subject: expect.any(String), placeholders: expect.any(Array) });
    });

    it('previews a template as self-contained HTML rendered from sample data', async () => {
      const res = await h.http.get('/api/v1/admin/email-templates/PASSWORD_RESET/preview', { token: op.accessToken });
      expect(res.status).toBe(200);
      expect(res.body.subject).toBe('[Storecast] Reset your password');
      expect(res.body.html).toMatch(/^<!DOCTYPE html>/);
      expect(res.body.html).toContain('Kim Minji');
      expect(res.body.html).not.toMatch(/<script|<link /);
    });

    it('an unknown template type answers 400 INVALID_ENUM_VALUE', async () => {
      const res = await h.http.get('/api/v1/admin/email-templates/WELCOME/preview', { token: op.accessToken });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('INVALID_ENUM_VALUE');
      // details are for VALIDATION_FAILED only (spec 02 § Errors): the allowed values are in the message and fields
      expect(res.body.error).not.toHaveProperty('details');
      expect(res.body.error.fields).toEqual({ type: expect.stringContaining('ACCOUNT_SETUP') });
    });

    it('a test send answers delivered=false, emailConfigured=false (a copy lands in the outbox)', async () => {
      const res = await h.http.post('/api/v1/admin/email-templates/ACCOUNT_SETUP/test-send', { to: 'qa@example.com' }, { token: op.accessToken });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ delivered: false, emailConfigured: false });
      expect(h.mails('qa@example.com')[0]).toMatchObject({ subject: '[Test] [Storecast] Set up your account' });
    });

    it('a recipient over 254 characters or not an email answers 400 VALIDATION_FAILED', async () => {
      const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.com`;
      expect(long.length).toBeGreaterThan(254);
      for (const to of [long, 'not-an-email']) {
        const res = await h.http.post('/api/v1/admin/email-templates/ACCOUNT_SETUP/test-send', { to }, { token: op.accessToken });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION_FAILED');
      }
    });

    it('a sixth test send within a minute answers 429 RATE_LIMITED with Retry-After; the next minute it works again', async () => {
      const other = await h.createAccount({ role: 'OPERATOR' });
      const s = await h.signIn(other.email, other.password);
      const send = () => h.http.post('/api/v1/admin/email-templates/PASSWORD_RESET/test-send', { to: 'limit@example.com' }, { token: s.accessToken });
      for (let i = 0; i < 5; i++) expect((await send()).status).toBe(200);
      const limited = await send();
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      h.clock.advance(60_000);
      expect((await send()).status).toBe(200);
    });

    it('non-operators get 403 FORBIDDEN, anonymous callers 401', async () => {
      const hqId = newId();
      h.organization.setHq({ id: hqId, name: 'HQ', type: 'FRANCHISE', status: 'ACTIVE' });
      const hm = await h.createAccount({ role: 'HQ_MANAGER', hqId });
      const s = await h.signIn(hm.email, hm.password);
      const res = await h.http.get('/api/v1/admin/email-templates', { token: s.accessToken });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
      expect((await h.http.get('/api/v1/admin/email-templates')).status).toBe(401);
    });
  });

  describe('with a configured transport', () => {
    const sent: OutgoingMail[] = [];
    let failing = false;
    const smtpDouble: Mailer = {
      configured: true,
      transport: 'smtp',
      async send(mail) {
        if (failing) throw new Error('550 vendor refused');
        sent.push(mail);
      },
    };
    let h: Harness;
    let op: { accessToken: string };
    beforeAll(async () => {
      h = await startHarness({ mailer: smtpDouble });
      op = await h.signIn(OPERATOR.email, OPERATOR.password);
    });
    afterAll(async () => h?.stop());

    it('a test send accepted by the transport answers delivered=true', async () => {
      const res = await h.http.post('/api/v1/admin/email-templates/EMAIL_CHANGE_NOTICE/test-send', { to: 'ops@example.com' }, { token: op.accessToken });
      expect(res.body).toEqual({ delivered: true, emailConfigured: true });
      expect(sent.at(-1)).toMatchObject({ to: 'ops@example.com', template: 'EMAIL_CHANGE_NOTICE' });
    });

    it('when the vendor fails, answers delivered=false, emailConfigured=true, and logs the failure', async () => {
      failing = true;
      try {
        const res = await h.http.post('/api/v1/admin/email-templates/ACCOUNT_SETUP/test-send', { to: 'ops@example.com' }, { token: op.accessToken });
        expect(res.body).toEqual({ delivered: false, emailConfigured: true });
        const log = await h.service.context.db.query.mailLog.findMany();
        expect(log.filter((l) => !l.delivered)).toEqual([expect.objectContaining({ recipient: 'ops@example.com', error: '550 vendor refused', transport: 'smtp' })]);
      } finally {
        failing = false;
      }
    });
  });
});
