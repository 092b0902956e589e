// The backoffice's HQ and store pages in Chromium, against the whole system through the gateway
// (spec 02 § HQ administration, § Store administration, § HQ status, § Store status and closure,
// § Manager account status, § Impersonation exchange token, § Errors): an operator onboards a
// FRANCHISE HQ by the form (a wrong business number refused before sending), activates it,
// suspends it with a reason and reactivates it, resends the manager's setup, reads the consents,
// impersonates it in a new tab (the HQ console with its banner, the password change disabled);
// onboards an independent and an HQ-affiliated store, suspends and reactivates one, closes it with
// the typed confirmation; every page is screenshotted in Korean and English.
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { api } from '../e2e/system';
import { pageErrors, screenshot, SCREENSHOT_DIR } from './browser';
import { completeSetupByApi, publishLegalDocs, operatorSession, type Client } from './accounts';
import { openBackoffice, shootAdmin } from './admin-fixture';
import { startBrowserSystem, type BrowserSystem } from './system';

const HQ_NAME = 'Maple Roasters';
const HQ_EMAIL = 'hq.maple@browser.storecast.test';
const HQ_PASSWORD = 'Maple-pass-2468';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

describe('the backoffice HQ and store pages in the browser', () => {
  let env: BrowserSystem;
  let client: Client;
  /** What the first tests leave for the screenshot walk. */
  const made = { hqId: '', independentStoreId: '', affiliatedStoreId: '' };

  beforeAll(async () => {
    env = await startBrowserSystem({ env: { RATE_LIMIT_LOGIN_PER_IP: '1000' } });
    client = api(env.baseURL);
    const operatorToken = (await operatorSession(env.system, client)).accessToken;
    await publishLegalDocs(client, operatorToken, { terms: '# Terms\n\nPlay fair.', privacy: '# Privacy\n\nWe keep little.' });
  }, 240_000);
  afterAll(async () => {
    await env?.stop();
  }, 60_000);

  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  /** A field by its label; Mantine adds " *" to the label of a required one. */
  const field = (scope: Page | Locator, name: string) => scope.getByLabel(new RegExp(`^${escape(name)}\\s*\\*?$`));
  const heading = (page: Page, name: string) => page.getByRole('main').getByRole('heading', { level: 1, name, exact: true }).waitFor();
  const dialog = (page: Page) => page.getByRole('dialog');
  const nav = (page: Page, name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
  const choose = async (page: Page, combobox: Locator, option: string) => {
    await combobox.click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  const writes = (page: Page, prefix: string): string[] => {
    const sent: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (r.method() !== 'GET' && url.pathname.startsWith(prefix)) sent.push(`${r.method()} ${url.pathname}`);
    });
    return sent;
  };

  it('onboards a FRANCHISE HQ by the form (a wrong business number refused before sending), activates, suspends with a reason, reactivates, resends the setup, reads the consents and impersonates it in a new tab', async () => {
    const page = await openBackoffice(env.browser, env, 'en-US');
    page.setDefaultTimeout(20_000);

    await nav(page, 'HQs');
    await heading(page, 'HQs');
    await page.getByRole('link', { name: 'Onboard an HQ' }).click();
    await heading(page, 'Onboard an HQ');

    // What is wrong is said before anything is sent.
    const sent = writes(page, '/api/v1/admin/hq');
    await field(page, 'HQ name').fill(HQ_NAME);
    await field(page, 'Business number').fill('1234567890');
    await page.getByRole('radio', { name: 'TRUST: AI plus licensed music' }).check();
    await field(page, 'Billing day (monthly)').fill('');
    await field(page, 'AI announcement keywords').fill('coffee, morning, roastery');
    await field(page, 'AI announcements per hour, at most').fill('4');
    await field(page, 'Manager email').fill(HQ_EMAIL);
    await field(page, 'Manager name').fill('Maple HQ');
    await field(page, 'Temporary password').fill('short');
    await page.getByRole('button', { name: 'Onboard the HQ' }).click();
    await page.getByText('The business number looks like 000-00-00000 (3, 2 and 5 digits).').waitFor();
    await page.getByText('Enter a whole number from 1 to 31.').waitFor();
    await page.getByText('From 8 to 100 characters.').waitFor();
    expect(sent).toEqual([]);

    await field(page, 'Business number').fill('123-45-67890');
    await field(page, 'Billing day (monthly)').fill('10');
    await field(page, 'Temporary password').fill('Maple-temp-1357');
    const onboarded = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/admin/hq');
    await page.getByRole('button', { name: 'Onboard the HQ' }).click();
    const answer = await onboarded;
    expect(answer.status()).toBe(201);
    // The LLM fields go as the spec gives them: keywords as written, the hourly maximum a number.
    expect(answer.request().postDataJSON()).toEqual({
      hq: { name: HQ_NAME, businessNumber: '123-45-67890', plan: 'TRUST', billingAnchorDay: 10, llmKeywords: 'coffee, morning, roastery', llmMaxPerHour: 4 },
      manager: { email: HQ_EMAIL, tempPassword: 'Maple-temp-1357', name: 'Maple HQ' },
    });
    await page.waitForURL(new RegExp(`/admin/hqs/${UUID}$`));
    made.hqId = new URL(page.url()).pathname.split('/').at(-1)!;
    await heading(page, HQ_NAME);
    const status = page.getByRole('region', { name: 'Status' });
    await status.locator('[data-status="ONBOARDING"]').waitFor();
    const facts = page.getByRole('region', { name: 'HQ details' });
    await facts.getByText('123-45-67890').waitFor();
    await facts.getByText('coffee, morning, roastery').waitFor();

    // Activate: ONBOARDING → ACTIVE.
    await status.getByRole('button', { name: 'Activate' }).click();
    await dialog(page).getByRole('button', { name: 'Activate' }).click();
    await page.getByText('The HQ is active.').waitFor();
    await status.locator('[data-status="ACTIVE"]').waitFor();
    expect(await status.getByRole('button', { name: 'Activate' }).count()).toBe(0);

    // Suspend: the reason is required, then shown; impersonation closes while suspended.
    await status.getByRole('button', { name: 'Suspend' }).click();
    await dialog(page).getByRole('button', { name: 'Suspend' }).click();
    await dialog(page).getByText('Fill this in.').waitFor();
    await field(dialog(page), 'Reason').fill('Contract under review');
    await dialog(page).getByRole('button', { name: 'Suspend' }).click();
    await page.getByText('The HQ was suspended.').waitFor();
    await status.locator('[data-status="SUSPENDED"]').waitFor();
    await page.getByTestId('suspension-reason').getByText('Suspended because: Contract under review').waitFor();
    const impersonation = page.getByRole('region', { name: 'Impersonation' });
    const openConsole = impersonation.getByRole('button', { name: 'Open the HQ console as this HQ' });
    expect(await openConsole.isDisabled()).toBe(true);
    await impersonation.getByText('A suspended HQ cannot be impersonated.').waitFor();

    // Reactivate: back to ACTIVE, the reason cleared.
    await status.getByRole('button', { name: 'Reactivate' }).click();
    await dialog(page).getByRole('button', { name: 'Reactivate' }).click();
    await page.getByText('The HQ was reactivated.').waitFor();
    await status.locator('[data-status="ACTIVE"]').waitFor();
    expect(await page.getByTestId('suspension-reason').count()).toBe(0);

    // The manager's setup again: a new link (the earlier one stops working), which the manager uses.
    const managers = page.getByRole('table', { name: 'Manager accounts' });
    const managerRow = managers.locator('tbody tr[data-status="ACTIVE"]').filter({ hasText: HQ_EMAIL });
    await managerRow.waitFor();
    await managerRow.getByRole('button', { name: `Actions: ${HQ_EMAIL}` }).click();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual(['Resend setup email', 'Reset password', 'Suspend', 'Revoke']);
    await page.getByRole('menuitem', { name: 'Resend setup email' }).click();
    const resent = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/v1\/admin\/accounts\/[^/]+\/resend-setup$/.test(new URL(r.url()).pathname));
    await dialog(page).getByRole('button', { name: 'Resend setup email' }).click();
    expect((await resent).status()).toBe(204);
    await page.getByText(`A new setup link was sent to ${HQ_EMAIL}. Earlier links no longer work.`).waitFor();
    // The newest link completes the setup and agrees to both documents.
    await completeSetupByApi(env.system, client, HQ_EMAIL, HQ_PASSWORD);

    // Consents: both documents agreed, no re-agreement due.
    await page.getByRole('link', { name: 'Consents' }).click();
    await heading(page, `Consents of ${HQ_NAME}`);
    await page.getByRole('table', { name: 'Terms of service agreements' }).locator('tbody tr[data-version="v1"]').waitFor();
    await page.getByRole('table', { name: 'Privacy policy agreements' }).locator('tbody tr[data-version="v1"]').waitFor();
    expect(await page.getByTestId('terms-reagree').getAttribute('data-required')).toBe('false');
    expect(await page.getByTestId('privacy-reagree').getAttribute('data-required')).toBe('false');
    await page.getByText('Terms of service: the current version is agreed.').waitFor();

    // Impersonate: a new tab opens the HQ console with the banner; the password change is disabled.
    await page.getByRole('link', { name: 'Back to the HQ' }).click();
    await heading(page, HQ_NAME);
    const issued = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/v1/admin/hq/${made.hqId}/impersonate`);
    const [consoleTab] = await Promise.all([page.context().waitForEvent('page'), openConsole.click()]);
    // The token never rides in a query string the server would log.
    expect(new URL((await issued).url()).search).toBe('');
    consoleTab.setDefaultTimeout(20_000);
    await consoleTab.waitForURL((url) => url.pathname === '/hq');
    expect(new URL(consoleTab.url()).hash).toBe('');
    await consoleTab.getByTestId('impersonation-banner').getByText(`Operator ${env.system.operator.email} is working as the HQ ${HQ_NAME}.`).waitFor();
    await consoleTab.getByRole('navigation').getByRole('link', { name: 'My account' }).click();
    await consoleTab.getByRole('main').getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    await consoleTab.getByTestId('impersonation-forbidden').getByText('Not available while impersonating: only the HQ manager themselves can do this.').waitFor();
    expect(await consoleTab.getByRole('button', { name: 'Change the password' }).isDisabled()).toBe(true);
    await consoleTab.close();

    // The list: the filters live in the URL, a reload keeps them.
    await nav(page, 'HQs');
    await heading(page, 'HQs');
    await choose(page, page.getByRole('combobox', { name: 'Type' }), 'Franchise');
    await page.waitForURL(/type=FRANCHISE/);
    const rows = page.getByRole('table', { name: 'HQs' }).locator('tbody tr');
    await rows.filter({ hasText: HQ_NAME }).waitFor();
    await page.getByText('1 in all').waitFor();
    await page.reload();
    await page.getByText('1 in all').waitFor();
    expect(await page.getByRole('combobox', { name: 'Type' }).inputValue()).toBe('Franchise');
    expect(await rows.first().getAttribute('data-hq-id')).toBe(made.hqId);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  }, 240_000);

  it('onboards an independent store and an HQ-affiliated store, suspends and reactivates one, and closes it with the typed confirmation', async () => {
    expect(made.hqId).not.toBe('');
    const page = await openBackoffice(env.browser, env, 'en-US');
    page.setDefaultTimeout(20_000);
    await nav(page, 'Stores');
    await heading(page, 'Stores');
    await page.getByRole('link', { name: 'Onboard a store' }).click();
    await heading(page, 'Onboard a store');

    // Independent: plan and billing day are the store's own; checked before sending.
    const sent = writes(page, '/api/v1/admin/');
    await field(page, 'Owner email').fill('owner.corner@');
    await page.getByRole('button', { name: 'Onboard the store' }).click();
    await page.getByText('Fill this in.').waitFor();
    await page.getByText('Choose a plan.').waitFor();
    await page.getByText('This is not a valid email address.').waitFor();
    expect(sent).toEqual([]);
    await field(page, 'Store name').fill('Corner Books');
    await field(page, 'Address').fill('Seoul Mapo-gu 7');
    await page.getByRole('radio', { name: 'AI: own music' }).check();
    await field(page, 'Billing day (monthly)').fill('5');
    await field(page, 'Owner email').fill('owner.corner@browser.storecast.test');
    const independent = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/admin/stores/independent');
    await page.getByRole('button', { name: 'Onboard the store' }).click();
    const independentAnswer = await independent;
    expect(independentAnswer.status()).toBe(201);
    made.independentStoreId = (await independentAnswer.json()).storeId;
    await page.getByRole('heading', { name: 'The store “Corner Books” was onboarded.' }).waitFor();
    await page.getByTestId('manager-account-result').getByText('The owner’s account was created and a setup email was sent to owner.corner@browser.storecast.test.').waitFor();

    // HQ-affiliated: the HQ and DIRECT or FRANCHISE; plan and billing day come from the HQ.
    await page.getByRole('button', { name: 'Onboard another store' }).click();
    await page.locator('label', { hasText: /^HQ-affiliated store$/ }).click();
    await page.waitForURL(/kind=affiliated/);
    await page.getByRole('button', { name: 'Onboard the store' }).click();
    await page.getByText('Choose the HQ.').waitFor();
    await page.getByText('Choose direct or franchise.').waitFor();
    await choose(page, page.getByRole('combobox', { name: /^HQ/ }), HQ_NAME);
    await page.getByRole('radio', { name: 'Direct' }).check();
    await field(page, 'Store name').fill('Maple Gangnam');
    const affiliated = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/v1/admin/hq/${made.hqId}/stores`);
    await page.getByRole('button', { name: 'Onboard the store' }).click();
    const affiliatedAnswer = await affiliated;
    expect(affiliatedAnswer.status()).toBe(201);
    expect(affiliatedAnswer.request().postDataJSON()).toEqual({ store: { name: 'Maple Gangnam', storeType: 'DIRECT' } });
    made.affiliatedStoreId = (await affiliatedAnswer.json()).storeId;
    await page.getByTestId('manager-account-result').getByText('Created without an account (no owner email). One can be issued later from the store detail.').waitFor();

    // The store's detail: it inherited the HQ's plan.
    await page.getByRole('link', { name: 'Open the store' }).click();
    await heading(page, 'Maple Gangnam');
    const facts = page.getByRole('region', { name: 'Store details' });
    await facts.getByRole('link', { name: HQ_NAME }).waitFor();
    await facts.getByText('Day 10').waitFor();
    const status = page.getByRole('region', { name: 'Status' });

    // Suspend with a reason, then reactivate.
    await status.getByRole('button', { name: 'Suspend' }).click();
    await field(dialog(page), 'Reason').fill('Lease dispute');
    await dialog(page).getByRole('button', { name: 'Suspend' }).click();
    await page.getByText('The store was suspended.').waitFor();
    await status.locator('[data-status="SUSPENDED"]').waitFor();
    await status.getByRole('button', { name: 'Reactivate' }).click();
    await dialog(page).getByRole('button', { name: 'Reactivate' }).click();
    await page.getByText('The store was reactivated.').waitFor();
    await status.locator('[data-status="ACTIVE"]').waitFor();

    // Close: irreversible, so the name is typed; a wrong text keeps the button disabled.
    await status.getByRole('button', { name: 'Close the store' }).click();
    const closeButton = dialog(page).getByRole('button', { name: 'Close the store' });
    await field(dialog(page), 'Reason').fill('Moved out');
    expect(await closeButton.isDisabled()).toBe(true);
    await page.getByTestId('close-confirmation').fill('Maple');
    expect(await closeButton.isDisabled()).toBe(true);
    await dialog(page).getByText('Type the store name exactly to close it.').waitFor();
    await page.getByTestId('close-confirmation').fill('maple gangnam');
    expect(await closeButton.isDisabled()).toBe(true);
    await page.getByTestId('close-confirmation').fill('Maple Gangnam');
    expect(await closeButton.isDisabled()).toBe(false);
    const closed = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/v1/admin/stores/${made.affiliatedStoreId}/close`);
    await closeButton.click();
    expect((await closed).request().postDataJSON()).toEqual({ reason: 'Moved out' });
    await page.getByText('The store was closed.').waitFor();
    await page.getByTestId('closed-notice').waitFor();
    await status.getByText('A closed store’s status cannot change.').waitFor();
    expect(await status.getByRole('button').count()).toBe(0);

    // The list: both stores; the closed one marked, the one without an account too; the HQ filter in the URL.
    await nav(page, 'Stores');
    await heading(page, 'Stores');
    const rows = page.getByRole('table', { name: 'Stores' }).locator('tbody tr');
    const closedRow = rows.filter({ hasText: 'Maple Gangnam' });
    await closedRow.getByTestId('store-closed').waitFor();
    await closedRow.getByTestId('no-manager-account').waitFor();
    await rows.filter({ hasText: 'Corner Books' }).waitFor();
    expect(await rows.filter({ hasText: 'Corner Books' }).getByTestId('no-manager-account').count()).toBe(0);
    await choose(page, page.getByRole('combobox', { name: 'HQ' }), HQ_NAME);
    await page.waitForURL(new RegExp(`hqId=${made.hqId}`));
    await page.getByText('1 in all').waitFor();
    expect(await rows.count()).toBe(1);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  }, 240_000);

  it.each(['ko-KR', 'en-US'] as const)('renders every HQ and store page in %s and writes a screenshot of each', async (locale) => {
    expect(made.affiliatedStoreId).not.toBe('');
    const page = await openBackoffice(env.browser, env, locale);
    page.setDefaultTimeout(20_000);
    const ko = locale === 'ko-KR';
    expect(await shootAdmin(page, '/admin/hqs', 'hqs')).toBe(ko ? '본사' : 'HQs');
    expect(await shootAdmin(page, '/admin/hqs/new', 'hq-onboard')).toBe(ko ? '본사 등록' : 'Onboard an HQ');
    expect(await shootAdmin(page, `/admin/hqs/${made.hqId}`, 'hq-detail')).toBe(HQ_NAME);
    await page.getByRole('table', { name: ko ? '관리자 계정 목록' : 'Manager accounts' }).waitFor();
    // The HQ console the impersonation opens, in the same language (a tab of its own, so shot by hand).
    const [consoleTab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: ko ? '본사 콘솔로 대리 접속' : 'Open the HQ console as this HQ' }).click(),
    ]);
    await consoleTab.waitForURL((url) => url.pathname === '/hq', { timeout: 20_000 });
    await consoleTab.getByTestId('impersonation-banner').waitFor({ timeout: 20_000 });
    await consoleTab.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 });
    const file = path.join(SCREENSHOT_DIR, locale, 'admin-hq-impersonated-console.png');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await consoleTab.screenshot({ path: file, fullPage: true });
    await consoleTab.close();
    expect(await shootAdmin(page, `/admin/hqs/${made.hqId}/consents`, 'hq-consents')).toBe(ko ? `동의 기록: ${HQ_NAME}` : `Consents of ${HQ_NAME}`);
    expect(await shootAdmin(page, '/admin/stores', 'stores')).toBe(ko ? '매장' : 'Stores');
    expect(await shootAdmin(page, '/admin/stores/new', 'store-onboard-independent')).toBe(ko ? '매장 등록' : 'Onboard a store');
    expect(await shootAdmin(page, `/admin/stores/new?kind=affiliated&hqId=${made.hqId}`, 'store-onboard-affiliated')).toBe(ko ? '매장 등록' : 'Onboard a store');
    expect(await shootAdmin(page, `/admin/stores/${made.independentStoreId}`, 'store-detail')).toBe('Corner Books');
    expect(await shootAdmin(page, `/admin/stores/${made.affiliatedStoreId}`, 'store-detail-closed')).toBe('Maple Gangnam');
    await page.getByTestId('closed-notice').waitFor();
    // The dialogs too: the typed confirmation of closing.
    await page.goto(`/admin/stores/${made.independentStoreId}`);
    await heading(page, 'Corner Books');
    await page.getByRole('region', { name: ko ? '상태' : 'Status' }).getByRole('button', { name: ko ? '폐점' : 'Close the store' }).click();
    await page.getByTestId('close-confirmation').waitFor();
    await screenshot(page, 'admin-store-close-dialog');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  }, 240_000);
});
