// Debian's Chromium driven by playwright-core (no browser download) for the browser tests in
// test/browser/*.browser.test.ts: launch, a page per locale in its own context, screenshots under
// test-results/screenshots/<locale>/, and a teardown jest can register.
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const systemPackages = require('../../scripts/system-packages.cjs') as {
  CHROMIUM_PATH: string;
  missingPackages: (wanted: string[]) => string[];
  installCommand: (pkgs: string[], options?: { root?: boolean }) => string;
};

const ROOT = path.resolve(__dirname, '..', '..');
/** Where screenshot() writes (git-ignored). */
export const SCREENSHOT_DIR = path.join(ROOT, 'test-results', 'screenshots');

export type Locale = 'ko-KR' | 'en-US';

/**
 * Chromium's flags for a closed, headless machine: no sandbox (root in CI), no GPU, none of its
 * own connections (the network refuses them: background networking, component updates, sync,
 * QUIC), audio without a user gesture, a fake camera and microphone granted without a prompt.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
];

/** The error a browser test fails with when Chromium is not installed (never a skip). */
export const chromiumMissingMessage = (): string => {
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  return (
    `Chromium is not installed (${systemPackages.CHROMIUM_PATH}): the browser tests need Debian's chromium. ` +
    `Install it with: ${systemPackages.installCommand(['chromium'], { root })}   (npm test installs it itself when run as root)`
  );
};

/**
 * Launches Debian's Chromium headless. Playwright gives every launch a fresh temporary profile
 * (user-data dir) and removes it on close; each newPage() gets its own isolated context on top.
 */
export const launchBrowser = async (): Promise<Browser> => {
  if (systemPackages.missingPackages(['chromium']).length > 0) throw new Error(chromiumMissingMessage());
  return chromium.launch({ executablePath: systemPackages.CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
};

export interface PageOptions extends Omit<BrowserContextOptions, 'locale' | 'baseURL'> {
  locale: Locale;
  /** What page.goto('/player') resolves against, e.g. the system's gateway URL. */
  baseURL?: string;
}

const localeOf = new WeakMap<Page, Locale>();
const errorsOf = new WeakMap<Page, string[]>();

/**
 * A page in a new, isolated browser context (its own cookies, storage, service workers) with the
 * given locale (navigator.language, Accept-Language). Uncaught page errors are collected
 * (pageErrors(page)). Closing the page's context is closeBrowser()'s job, or page.context().close().
 */
export const newPage = async (browser: Browser, options: PageOptions): Promise<Page> => {
  const { locale, baseURL, ...rest } = options;
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...rest, locale, ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  localeOf.set(page, locale);
  const errors: string[] = [];
  errorsOf.set(page, errors);
  page.on('pageerror', (err) => errors.push(err.message));
  return page;
};

/** Uncaught errors the page threw so far. */
export const pageErrors = (page: Page): string[] => [...(errorsOf.get(page) ?? [])];

/** A full-page screenshot at test-results/screenshots/<page's locale>/<name>.png; returns its path. */
export const screenshot = async (page: Page, name: string): Promise<string> => {
  const locale = localeOf.get(page);
  if (!locale) throw new Error('screenshot(): the page was not made by newPage() (its locale is unknown)');
  const file = path.join(SCREENSHOT_DIR, locale, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: true });
  return file;
};

/** Closes every context and the browser; never throws, gives up waiting after 15 s. */
export const closeBrowser = async (browser: Browser | undefined): Promise<void> => {
  if (!browser) return;
  const close = (async () => {
    for (const context of browser.contexts()) await context.close().catch(() => undefined);
    await browser.close().catch(() => undefined);
  })();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([close, new Promise<void>((resolve) => (timer = setTimeout(resolve, 15_000)))]);
  clearTimeout(timer);
};

/**
 * For a describe block: launches Chromium before its tests and closes it after them.
 *   const chrome = useBrowser();
 *   it('…', async () => { const page = await newPage(chrome.browser, { locale: 'ko-KR' }); … });
 */
export const useBrowser = (): { readonly browser: Browser } => {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await closeBrowser(browser);
  }, 30_000);
  return {
    get browser(): Browser {
      if (!browser) throw new Error('the browser is not launched (useBrowser() registers beforeAll: use it inside a test)');
      return browser;
    },
  };
};
