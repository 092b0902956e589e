// An operator working as an HQ manager in Chromium, against the whole system through the gateway
// (spec 02 § Impersonation exchange token, § Authentication; spec 03 § Authentication): the
// operator issues an exchange token, a tab opens /impersonate#token=…, the HQ console opens with a
// banner naming the operator and the time left, the password and email changes the spec forbids
// (and issuing a store's owner account, which the server refuses to an impersonated session too)
// are disabled with the reason, the token is single use, and the
// operator's own session in the other tab is untouched. Screenshots in both languages.
import type { Page } from 'playwright-core';
import { api } from '../e2e/system';
import { newPage, pageErrors, screenshot, type Locale } from './browser';
import { operatorSession, publishLegalDocs, readyHq, type Client } from './accounts';
import { openBackoffice } from './admin-fixture';
import { impersonationToken, visitAndShoot } from './hq-fixture';
import { startBrowserSystem, type BrowserSystem } from './system';

const HQ_NAME = 'Juniper Tea';

const TEXT: Record<Locale, { banner: (email: string) => string; left: RegExp; forbidden: string; account: string; end: string }> = {
  'en-US': {
    banner: (email) => `Operator ${email} is working as the HQ ${HQ_NAME}.`,
    left: /^(\d+):(\d\d) left$/,
    forbidden: 'Not available while impersonating: only the HQ manager themselves can do this.',
    account: 'My account',
    end: 'End impersonation',
  },
  'ko-KR': {
    banner: (email) => `운영자 ${email}(이)가 ${HQ_NAME} 본사로 대리 접속 중입니다.`,
    left: /^남은 시간 (\d+):(\d\d)$/,
    forbidden: '대리 접속 중에는 할 수 없습니다. 본사 관리자 본인만 할 수 있습니다.',
    account: '내 계정',
    end: '대리 접속 끝내기',
  },
};

describe('impersonation in the HQ console', () => {
  let env: BrowserSystem;
  let client: Client;
  let hqId: string;
  /** A store without an owner account: its page offers to issue one. */
  let storeId: string;

  beforeAll(async () => {
    env = await startBrowserSystem({ env: { RATE_LIMIT_LOGIN_PER_IP: '1000' } });
    client = api(env.baseURL);
    const operatorToken = (await operatorSession(env.system, client)).accessToken;
    await publishLegalDocs(client, operatorToken, { terms: '# Terms\n\nPlay fair.', privacy: '# Privacy\n\nWe keep little.' });
    const hq = await readyHq(client, operatorToken, {
      name: HQ_NAME,
      manager: { email: 'hq.juniper@browser.storecast.test', tempPassword: 'Temp-pass-123', name: 'Juniper HQ' },
      password: 'Juniper-pass-2468',
    });
    hqId = hq.hqId;
    const store = await client.post('/api/v1/hq/stores', { name: 'Juniper Hannam', address: 'Seoul Yongsan-gu 1' }, { token: hq.session.accessToken });
    expect(store.status).toBe(201);
    storeId = store.body.store.id;
  }, 240_000);
  afterAll(async () => {
    await env?.stop();
  }, 60_000);

  /** Opens the exchange link in the page and waits for the console. */
  const impersonate = async (page: Page) => {
    const token = await impersonationToken(env, client, hqId);
    await page.goto(`/impersonate#token=${token}`);
    await page.waitForURL((url) => url.pathname === '/hq');
    await page.getByRole('navigation').waitFor();
    return token;
  };
  /** The minutes and seconds the banner says are left. */
  const timeLeft = async (page: Page, locale: Locale): Promise<number> => {
    const text = (await page.getByTestId('impersonation-banner').getByText(TEXT[locale].left).textContent()) ?? '';
    const [, m, s] = TEXT[locale].left.exec(text.trim()) ?? [];
    return Number(m) * 60 + Number(s);
  };
  const sessionOf = (page: Page) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's globals, without the DOM's types
    page.evaluate(() => JSON.parse((globalThis as any).sessionStorage.getItem('storecast.session') ?? 'null') as { accessToken: string; impersonation?: { operatorEmail: string } } | null);

  it("opens the console with a banner naming the operator and the time left; password and email changes are disabled with the reason; the operator's own session is untouched", async () => {
    // The operator's backoffice tab, and the tab it opens for the HQ, in the same browser.
    const backoffice = await openBackoffice(env.browser, env, 'en-US');
    backoffice.setDefaultTimeout(20_000);
    const page = await backoffice.context().newPage();
    page.setDefaultTimeout(20_000);
    const token = await impersonate(page);

    // The token rode in the fragment and is gone from the address.
    expect(new URL(page.url()).hash).toBe('');
    const banner = page.getByTestId('impersonation-banner');
    await banner.getByText(TEXT['en-US'].banner(env.system.operator.email)).waitFor();
    // 60 minutes from the exchange (spec 02), counting down.
    const first = await timeLeft(page, 'en-US');
    expect(first).toBeGreaterThan(58 * 60);
    expect(first).toBeLessThanOrEqual(60 * 60);
    await page.waitForTimeout(2_100);
    expect(await timeLeft(page, 'en-US')).toBeLessThan(first);
    // The console is the HQ's: its name in the frame's title.
    await page.getByText(HQ_NAME, { exact: false }).first().waitFor();

    // The account page: the reason, and both forms disabled.
    await page.getByRole('navigation').getByRole('link', { name: 'My account' }).click();
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    await page.getByTestId('impersonation-forbidden').getByText(TEXT['en-US'].forbidden).waitFor();
    for (const field of [/^Current password/, /^New password/, /^New email/]) expect(await page.getByLabel(field).first().isDisabled()).toBe(true);
    for (const button of ['Change the password', 'Send the confirmation link']) expect(await page.getByRole('button', { name: button }).isDisabled()).toBe(true);

    // The server refuses them too (403 IMPERSONATION_FORBIDDEN_ACTION), so the page does not offer them.
    const held = await sessionOf(page);
    expect(held?.impersonation?.operatorEmail).toBe(env.system.operator.email);
    const change = await client.post('/api/v1/auth/change-password', { currentPassword: 'Juniper-pass-2468', newPassword: 'Another-pass-1357' }, { token: held!.accessToken });
    expect([change.status, change.body.error.code]).toEqual([403, 'IMPERSONATION_FORBIDDEN_ACTION']);
    const email = await client.post('/api/v1/auth/email-change/request', { newEmail: 'other.juniper@browser.storecast.test' }, { token: held!.accessToken });
    expect([email.status, email.body.error.code]).toEqual([403, 'IMPERSONATION_FORBIDDEN_ACTION']);

    // Issuing a store's owner account makes a manager account, which the server refuses too: the
    // store page shows the reason and disables the form.
    await page.goto(`/hq/stores/${storeId}`);
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'Juniper Hannam' }).waitFor();
    const managerCard = page.locator('section[aria-labelledby="store-manager"]');
    await managerCard.getByTestId('impersonation-forbidden').getByText(TEXT['en-US'].forbidden).waitFor();
    expect(await managerCard.getByRole('button', { name: 'Issue an owner account' }).isDisabled()).toBe(true);
    expect(await managerCard.getByRole('textbox', { name: /^Owner email/ }).isDisabled()).toBe(true);
    const issue = await client.post(`/api/v1/hq/stores/${storeId}/managers`, { email: 'owner.hannam@browser.storecast.test' }, { token: held!.accessToken });
    expect([issue.status, issue.body.error?.code]).toEqual([403, 'IMPERSONATION_FORBIDDEN_ACTION']);
    // A new store may be created, but not with an owner email (that too makes a manager account):
    // the field is disabled and says why; a store without an owner is created as usual.
    await page.goto('/hq/stores/new');
    await page.getByRole('main').getByRole('heading', { level: 1, name: 'New store' }).waitFor();
    const ownerEmail = page.getByRole('textbox', { name: /^Owner email/ });
    expect(await ownerEmail.isDisabled()).toBe(true);
    expect(await ownerEmail.getAttribute('aria-describedby')).toBeTruthy();
    await page.locator(`#${await ownerEmail.getAttribute('aria-describedby')}`).getByText(TEXT['en-US'].forbidden).waitFor();
    await page.getByRole('textbox', { name: /^Store name/ }).fill('Juniper Seongsu');
    await page.getByRole('button', { name: 'Create the store' }).click();
    await page.getByRole('heading', { name: 'The store “Juniper Seongsu” was created.' }).waitFor();

    // The exchange token is single use (spec 02: 401 EXCHANGE_TOKEN_CONSUMED).
    const again = await client.post('/api/v1/auth/impersonate-exchange', { exchangeToken: token });
    expect([again.status, again.body.error.code]).toEqual([401, 'EXCHANGE_TOKEN_CONSUMED']);

    // The operator's tab is still the operator's: the backoffice answers, signed in as before.
    await backoffice.reload();
    await backoffice.waitForURL(/\/admin/);
    await backoffice.getByRole('navigation').waitFor();
    await backoffice.getByText(env.system.operator.email).first().waitFor();
    expect(await backoffice.getByTestId('impersonation-banner').count()).toBe(0);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's globals, without the DOM's types
    expect(await backoffice.evaluate(() => (globalThis as any).sessionStorage.getItem('storecast.session'))).toBeNull();

    expect(pageErrors(backoffice)).toEqual([]);
    await backoffice.context().close();
  }, 180_000);

  it.each<Locale>(['ko-KR', 'en-US'])('the impersonated console and its account page in %s (screenshots)', async (locale) => {
    const page = await newPage(env.browser, { locale, baseURL: env.baseURL });
    page.setDefaultTimeout(20_000);
    await impersonate(page);
    const banner = page.getByTestId('impersonation-banner');
    await banner.getByText(TEXT[locale].banner(env.system.operator.email)).waitFor();
    expect(await timeLeft(page, locale)).toBeGreaterThan(58 * 60);
    await banner.getByRole('button', { name: TEXT[locale].end }).waitFor();
    await screenshot(page, 'hq-impersonation-home');
    expect(await visitAndShoot(page, '/hq/account', 'impersonation-account')).toBe(TEXT[locale].account);
    await page.getByTestId('impersonation-forbidden').getByText(TEXT[locale].forbidden).waitFor();
    await page.getByTestId('impersonation-banner').waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  }, 120_000);
});
