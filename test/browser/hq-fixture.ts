// The HQ console in a browser page: an HQ manager signed in on the page's own form, and the
// helpers every HQ page test uses to walk the console in either language.
import type { Browser, Page } from 'playwright-core';
import { newPage, screenshot, type Locale } from './browser';
import { operatorSession, type Client } from './accounts';
import type { BrowserSystem } from './system';

/** Signs an HQ manager in on the sign-in form and waits for the console's first page. */
export const openHqConsole = async (browser: Browser, env: BrowserSystem, hq: { email: string; password: string }, locale: Locale = 'en-US'): Promise<Page> => {
  const page = await newPage(browser, { locale, baseURL: env.baseURL });
  await page.goto('/hq');
  await page.waitForURL(/\/login/);
  await signInOnForm(page, hq);
  await page.waitForURL(/\/hq/);
  await page.getByRole('navigation').waitFor();
  return page;
};

/**
 * Fills the sign-in form. The fields are found by their exact names: in Korean the password's
 * show/hide toggle ("비밀번호 보기 또는 숨기기") also starts with "비밀번호".
 */
export const signInOnForm = async (page: Page, account: { email: string; password: string }): Promise<void> => {
  await page.getByRole('textbox', { name: /^(Email|이메일)\s*\*?$/ }).fill(account.email);
  await page.getByRole('textbox', { name: /^(Password|비밀번호)\s*\*?$/ }).fill(account.password);
  await page.getByRole('button', { name: /^(Sign in|로그인)$/ }).click();
};

/**
 * Opens a console path, waits for its main heading and writes a screenshot named
 * `hq-<name>` under test-results/screenshots/<locale>/. Answers the heading's text.
 */
export const visitAndShoot = async (page: Page, path: string, name: string): Promise<string> => {
  await page.goto(path);
  const heading = page.getByRole('main').getByRole('heading', { level: 1 });
  await heading.first().waitFor();
  // Pages that load data show a loader first; the screenshot waits for it to go.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's globals, without the DOM's types
  await page.waitForFunction(() => !(globalThis as any).document.querySelector('main [aria-label="loading"], main .mantine-Loader-root'), undefined, { timeout: 15_000 }).catch(() => undefined);
  await screenshot(page, `hq-${name}`);
  return (await heading.first().textContent()) ?? '';
};

/** An operator issues an impersonation token for the HQ (spec 02: FRANCHISE, not suspended). */
export const impersonationToken = async (env: BrowserSystem, client: Client, hqId: string): Promise<string> => {
  const operator = await operatorSession(env.system, client);
  const res = await client.post(`/api/v1/admin/hq/${hqId}/impersonate`, {}, { token: operator.accessToken });
  if (res.status !== 200 && res.status !== 201) throw new Error(`issuing impersonation: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.exchangeToken as string;
};
