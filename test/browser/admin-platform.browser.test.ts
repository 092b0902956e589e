// The backoffice's platform pages in Chromium, against the whole system through the gateway
// (issue 41 and its done-means 4; spec 01 § Authentication, § Errors; spec 02 § Operators,
// § Manager account status, EmailTemplate* shapes, § Limits): a developer signs up through the
// public API, the operator approves the sign-up and issues a key on the page, a call with that key
// to /v1/music/cursor shows in the usage chart and table, a revoked key is refused; an operator is
// created, suspended and reactivated; an email template is previewed in a sandboxed frame and sent
// as a test to the outbox. Screenshots of every page in both languages.
import { eventually } from '@storecast/service-kit/testing';
import type { Page } from 'playwright-core';
import { mailTo } from '../e2e/mail';
import { api } from '../e2e/system';
import { pageErrors, screenshot, type Locale } from './browser';
import { operatorSession, type Client } from './accounts';
import { openBackoffice, shootAdmin } from './admin-fixture';
import { startBrowserSystem, type BrowserSystem } from './system';

const ORG = 'Playlist Lab';
const REJECTED_ORG = 'Loud Ads Inc';
const NEW_OPERATOR = { name: 'Second Operator', email: 'ops.second@browser.storecast.test' };
const TEST_RECIPIENT = 'qa.mail@browser.storecast.test';

/** spec 01 § Errors: the legacy body of a refused key. */
const undefinedKey = { message: 'Undefined API Key', error: 'Bad Request', statusCode: 400 };

describe('the backoffice operators, email templates and API clients in the browser', () => {
  let env: BrowserSystem;
  let client: Client;
  let clientId: string;

  beforeAll(async () => {
    // Sign-ins all come from 127.0.0.1; a 1 s key-verdict lifetime and 200 ms usage flushes keep
    // the revocation and the usage chart quick to observe (30 s and 5 s by default).
    env = await startBrowserSystem({ env: { RATE_LIMIT_LOGIN_PER_IP: '1000', API_KEY_CACHE_TTL_SECONDS: '1', API_USAGE_FLUSH_MS: '200' } });
    client = api(env.baseURL);
  }, 240_000);
  afterAll(async () => {
    await env?.stop();
  }, 120_000);

  const heading = (page: Page, name: string) => page.getByRole('main').getByRole('heading', { level: 1, name, exact: true }).waitFor();
  const dialog = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
  const cursor = (apiKey: string) => client.get('/v1/music/cursor?take=10', { headers: { authorization: `Bearer ${apiKey}`, accept: '*/*' } });

  it('approves a signed-up API client, issues a key read from the page, sees a /v1/music/cursor call in the usage chart, and a revoked key is refused (done-means 4)', async () => {
    const signUp = await client.post('/api/v1/api-access/sign-up', {
      organizationName: ORG,
      contactName: 'Jung Hana',
      contactEmail: 'hana@playlist-lab.browser.storecast.test',
      purpose: 'Music for in-store screens',
    });
    expect(signUp.status).toBe(201);
    expect(signUp.body.status).toBe('PENDING');
    clientId = signUp.body.id;

    const page = await openBackoffice(env.browser, env, 'en-US');
    try {
      page.setDefaultTimeout(15_000);
      // The list opens on the pending sign-ups.
      await page.getByRole('navigation').getByRole('link', { name: 'API clients', exact: true }).click();
      await heading(page, 'API clients');
      const pending = page.getByRole('table', { name: 'API sign-ups' }).locator(`tbody tr[data-organization="${ORG}"]`);
      await pending.getByText('Pending', { exact: true }).waitFor();
      await page.getByRole('link', { name: `Open ${ORG}` }).click();
      await heading(page, ORG);
      // A pending sign-up gets no key yet.
      expect(await page.getByRole('button', { name: 'Issue a key', exact: true }).isDisabled()).toBe(true);
      await page.getByText('Keys can be issued to approved sign-ups only.').waitFor();

      // Approve, then issue a key: the secret is shown once, in the page.
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      await dialog(page, `Approve ${ORG}`).getByRole('button', { name: 'Approve', exact: true }).click();
      await page.getByTestId('client-status').getByText('Approved', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Issue a key', exact: true }).click();
      const issue = dialog(page, `Issue a key to ${ORG}`);
      await issue.getByRole('textbox', { name: 'Valid for (days, optional)' }).fill('0');
      await issue.getByRole('button', { name: 'Issue a key', exact: true }).click();
      await issue.getByText('A key is valid for 1 to 3650 days.').waitFor();
      await issue.getByRole('textbox', { name: 'Valid for (days, optional)' }).fill('90');
      await issue.getByRole('button', { name: 'Issue a key', exact: true }).click();
      const secret = dialog(page, 'New API key');
      await secret.getByText('This key is shown only now.', { exact: false }).waitFor();
      const apiKey = ((await secret.getByTestId('issued-api-key').textContent()) ?? '').trim();
      expect(apiKey).toMatch(/^sc_live_[a-z0-9]{8}_[A-Za-z0-9]{40}$/);
      await secret.getByRole('button', { name: 'I have copied it' }).click();
      await secret.waitFor({ state: 'hidden' });
      const prefix = apiKey.slice('sc_live_'.length, 'sc_live_'.length + 8); // identity's key prefix: the 8 characters after sc_live_
      const keyRow = page.getByRole('table', { name: `API keys of ${ORG}` }).locator(`tbody tr[data-prefix="${prefix}"]`);
      await keyRow.getByText('Active', { exact: true }).waitFor();
      // The secret is not on the page any more, and the detail API never returns it.
      expect(await page.getByText(apiKey).count()).toBe(0);
      await page.getByTestId('no-usage').waitFor();

      // A call with the key through the gateway, then the usage chart and table show it.
      const call = await cursor(apiKey);
      expect(call.status).toBe(200);
      expect(call.body).toHaveProperty('musics');
      const usageRow = page.getByRole('table', { name: 'Usage per endpoint' }).locator('tbody tr[data-endpoint="GET /v1/music/cursor"]');
      await eventually(async () => {
        await page.getByRole('button', { name: 'Refresh', exact: true }).click();
        await usageRow.waitFor({ timeout: 1_500 });
      }, 20_000);
      expect(await usageRow.getAttribute('data-calls')).toBe('1');
      await usageRow.getByRole('cell', { name: '100%', exact: true }).waitFor();
      for (const chart of ['usage-calls', 'usage-success', 'usage-response']) {
        const figure = page.getByTestId(`chart-${chart}`);
        expect(await figure.getByRole('img').getAttribute('aria-label')).toMatch(/^GET \/v1\/music\/cursor: 1 calls, success rate 100%, mean \d+ ms, p95 \d+ ms$/);
        expect(await figure.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
      }
      await screenshot(page, 'admin-api-client-usage');

      // Revoke (confirmed): the key is marked revoked and the gateway refuses it once its cached verdict expires.
      await keyRow.getByRole('button', { name: `Revoke the key ${prefix}` }).click();
      await dialog(page, `Revoke the key ${prefix}`).getByRole('button', { name: 'Revoke', exact: true }).click();
      await keyRow.getByText('Revoked', { exact: true }).waitFor();
      expect(await keyRow.getByRole('button').count()).toBe(0);
      await eventually(async () => {
        const refused = await cursor(apiKey);
        expect(refused.body).toEqual(undefinedKey);
      }, 10_000);

      // Another sign-up is rejected: the reason is required before anything is sent.
      const other = await client.post('/api/v1/api-access/sign-up', { organizationName: REJECTED_ORG, contactName: 'Kim', contactEmail: 'kim@loud-ads.browser.storecast.test' });
      expect(other.status).toBe(201);
      await page.goto(`/admin/api-clients/${other.body.id}`);
      await heading(page, REJECTED_ORG);
      await page.getByRole('button', { name: 'Reject', exact: true }).click();
      const reject = dialog(page, `Reject ${REJECTED_ORG}`);
      await reject.getByRole('button', { name: 'Reject', exact: true }).click();
      await reject.getByText('Enter the reason for the rejection.').waitFor();
      await reject.getByRole('textbox', { name: 'Reason for the rejection' }).fill('Advertising resale is not a permitted use');
      await reject.getByRole('button', { name: 'Reject', exact: true }).click();
      await page.getByTestId('client-status').getByText('Rejected', { exact: true }).waitFor();
      await page.getByText('Advertising resale is not a permitted use').waitFor();
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 180_000);

  it('creates an operator (what is wrong said before sending), suspends them with a reason and reactivates them; one’s own account offers no action', async () => {
    const page = await openBackoffice(env.browser, env, 'en-US');
    try {
      page.setDefaultTimeout(15_000);
      await page.getByRole('navigation').getByRole('link', { name: 'Operators', exact: true }).click();
      await heading(page, 'Operators');
      const table = page.getByRole('table', { name: 'Operators' });
      const own = table.locator(`tbody tr[data-email="${env.system.operator.email}"]`);
      await own.getByText('You', { exact: true }).waitFor();
      expect(await own.getByRole('button').count()).toBe(0);

      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/admin/operators') sent.push(r.url());
      });
      await page.getByRole('button', { name: 'Add an operator' }).click();
      const create = dialog(page, 'New operator');
      await create.getByRole('textbox', { name: 'Email' }).fill('ops.second@');
      await create.getByRole('button', { name: 'Create', exact: true }).click();
      await create.getByText('Enter a name.').waitFor();
      await create.getByText('This is not a valid email address.').waitFor();
      expect(sent).toEqual([]);
      await create.getByRole('textbox', { name: 'Name' }).fill(NEW_OPERATOR.name);
      await create.getByRole('textbox', { name: 'Email' }).fill(NEW_OPERATOR.email);
      await create.getByRole('button', { name: 'Create', exact: true }).click();
      await create.waitFor({ state: 'hidden' });
      expect(sent).toHaveLength(1);
      const row = table.locator(`tbody tr[data-email="${NEW_OPERATOR.email}"]`);
      await row.getByTestId('operator-status').getByText('Active', { exact: true }).waitFor();
      // identity mailed the new operator their setup link.
      await eventually(() => expect(mailTo(env.system.mailDir, NEW_OPERATOR.email).some((m) => m.template === 'ACCOUNT_SETUP')).toBe(true), 10_000);

      // Suspend: the reason is required.
      await row.getByRole('button', { name: `Suspend: ${NEW_OPERATOR.email}` }).click();
      const suspend = dialog(page, `Suspend: ${NEW_OPERATOR.email}`);
      await suspend.getByRole('button', { name: 'Suspend', exact: true }).click();
      await suspend.getByText('Enter the reason for the suspension.').waitFor();
      await suspend.getByRole('textbox', { name: 'Reason for the suspension' }).fill('Left the support team');
      await suspend.getByRole('button', { name: 'Suspend', exact: true }).click();
      await row.getByTestId('operator-status').getByText('Suspended', { exact: true }).waitFor();
      expect(await row.getByRole('button', { name: `Suspend: ${NEW_OPERATOR.email}` }).count()).toBe(0);

      // Reactivate.
      await row.getByRole('button', { name: `Reactivate: ${NEW_OPERATOR.email}` }).click();
      await dialog(page, `Reactivate: ${NEW_OPERATOR.email}`).getByRole('button', { name: 'Reactivate', exact: true }).click();
      await row.getByTestId('operator-status').getByText('Active', { exact: true }).waitFor();

      // The status filter narrows the list.
      await page.getByRole('combobox', { name: 'Status', exact: true }).click();
      await page.getByRole('option', { name: 'Suspended', exact: true }).click();
      await page.getByText('No operator matches.').waitFor();

      const token = (await operatorSession(env.system, client)).accessToken;
      const listed = await client.get(`/api/v1/admin/operators?q=${encodeURIComponent(NEW_OPERATOR.email)}`, { token });
      expect(listed.body.items).toEqual([expect.objectContaining({ email: NEW_OPERATOR.email, status: 'ACTIVE' })]);
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it('previews an email template inside a sandboxed frame and sends a test that lands in the mail outbox', async () => {
    const page = await openBackoffice(env.browser, env, 'en-US');
    try {
      page.setDefaultTimeout(15_000);
      await page.getByRole('navigation').getByRole('link', { name: 'Email templates', exact: true }).click();
      await heading(page, 'Email templates');
      const rows = page.getByRole('table', { name: 'Email templates' }).locator('tbody tr');
      await rows.first().waitFor(); // the list arrives after the heading
      expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-type')))).toEqual(['ACCOUNT_SETUP', 'PASSWORD_RESET', 'EMAIL_CHANGE_VERIFY', 'EMAIL_CHANGE_NOTICE']);
      await page.getByRole('link', { name: 'Preview Account setup' }).click();
      await heading(page, 'Account setup');

      // The rendered HTML sits in an iframe with an empty sandbox (no scripts, no same origin).
      const frame = page.locator('iframe[title="Preview of the Account setup email"]');
      expect(await frame.getAttribute('sandbox')).toBe('');
      expect(await frame.getAttribute('srcdoc')).toContain('<');
      await page.frameLocator('iframe[title="Preview of the Account setup email"]').getByText('Welcome to Storecast').waitFor();
      await page.getByTestId('preview-subject').getByText('Subject: [Storecast] Set up your account').waitFor();

      // Test send: the address is checked before sending.
      const sends: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/test-send')) sends.push(r.url());
      });
      await page.getByRole('button', { name: 'Send a test email' }).click();
      await page.getByText('Enter the recipient’s address.').waitFor();
      await page.getByRole('textbox', { name: 'Recipient' }).fill('qa.mail@');
      await page.getByRole('button', { name: 'Send a test email' }).click();
      await page.getByText('This is not a valid email address.').waitFor();
      expect(sends).toEqual([]);
      await page.getByRole('textbox', { name: 'Recipient' }).fill(TEST_RECIPIENT);
      await page.getByRole('button', { name: 'Send a test email' }).click();
      // No SMTP in tests: identity writes to its file outbox and says mail is not configured.
      await page.getByTestId('test-send-outcome').getByText(/local outbox/).waitFor();
      expect(sends).toHaveLength(1);
      const mail = await eventually(() => {
        const found = mailTo(env.system.mailDir, TEST_RECIPIENT).at(-1);
        if (!found) throw new Error('no test mail yet');
        return found;
      }, 10_000);
      expect(mail.subject).toBe('[Test] [Storecast] Set up your account');
      expect(mail.html).toContain('Welcome to Storecast');
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it.each<[Locale, { operators: string; templates: string; setup: string; clients: string }]>([
    ['ko-KR', { operators: '운영자', templates: '메일 템플릿', setup: '계정 설정', clients: 'API 클라이언트' }],
    ['en-US', { operators: 'Operators', templates: 'Email templates', setup: 'Account setup', clients: 'API clients' }],
  ])('every operators, email template and API client page renders in %s with one h1 in main and is screenshotted', async (locale, text) => {
    const page = await openBackoffice(env.browser, env, locale);
    try {
      page.setDefaultTimeout(15_000);
      const visits: Array<[string, string, string]> = [
        ['/admin/operators', 'operators', text.operators],
        ['/admin/email-templates', 'email-templates', text.templates],
        ['/admin/email-templates/ACCOUNT_SETUP', 'email-template-preview', text.setup],
        ['/admin/api-clients', 'api-clients-pending', text.clients],
        ['/admin/api-clients?status=ALL', 'api-clients-all', text.clients],
        [`/admin/api-clients/${clientId}`, 'api-client-detail', ORG],
      ];
      for (const [path, name, title] of visits) {
        expect(await shootAdmin(page, path, name)).toBe(title);
        expect(await page.getByRole('main').getByRole('heading', { level: 1 }).count()).toBe(1);
      }
      // The usage of the approved client is drawn in this language too.
      await page.getByRole('table', { name: locale === 'ko-KR' ? '엔드포인트별 사용량' : 'Usage per endpoint' }).waitFor();
      // The new-operator dialog as a person meets it.
      await page.goto('/admin/operators');
      await page.getByRole('button', { name: locale === 'ko-KR' ? '운영자 추가' : 'Add an operator' }).click();
      await page.getByRole('dialog').waitFor();
      await screenshot(page, 'admin-operator-create');
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 180_000);
});
