// The operator backoffice in a browser page: the seeded operator signed in on the page's own
// form, and the screenshot walk every backoffice page test uses.
import type { Browser, Page } from 'playwright-core';
import { newPage, screenshot, type Locale } from './browser';
import { signInOnForm } from './hq-fixture';
import type { BrowserSystem } from './system';

/** Signs the system's seeded operator in on the sign-in form and waits for the backoffice. */
export const openBackoffice = async (browser: Browser, env: BrowserSystem, locale: Locale = 'en-US'): Promise<Page> => {
  const page = await newPage(browser, { locale, baseURL: env.baseURL });
  await page.goto('/admin');
  await page.waitForURL(/\/login/);
  await signInOnForm(page, env.system.operator);
  await page.waitForURL(/\/admin/);
  await page.getByRole('navigation').waitFor();
  return page;
};

/**
 * Opens a backoffice path, waits for its main heading and for loaders to go, and writes a
 * screenshot named `admin-<name>` under test-results/screenshots/<locale>/. Answers the heading.
 */
export const shootAdmin = async (page: Page, path: string, name: string): Promise<string> => {
  await page.goto(path);
  const heading = page.getByRole('main').getByRole('heading', { level: 1 }).first();
  await heading.waitFor();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's globals, without the DOM's types
  await page.waitForFunction(() => !(globalThis as any).document.querySelector('main .mantine-Loader-root'), undefined, { timeout: 15_000 }).catch(() => undefined);
  await screenshot(page, `admin-${name}`);
  return (await heading.textContent()) ?? '';
};
