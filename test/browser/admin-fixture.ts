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

/** A file a test drops on a page: `base64` repeated `repeat` times, zero-padded to `padTo` bytes (built in the page). */
export interface DroppedFile {
  name: string;
  type: string;
  base64: string;
  repeat?: number;
  padTo?: number;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the page's globals, without the DOM's types */
/** Drops files on the music upload dropzone as a person's drag and drop does: one DataTransfer of real File objects. */
export const dropFiles = (page: Page, files: DroppedFile[]): Promise<void> =>
  page.evaluate((specs) => {
    const w = globalThis as any;
    const transfer = new w.DataTransfer();
    for (const spec of specs) {
      const one = Uint8Array.from(w.atob(spec.base64) as string, (c) => c.charCodeAt(0));
      const repeat = spec.repeat ?? 1;
      const bytes = new Uint8Array(Math.max(spec.padTo ?? 0, one.length * repeat));
      for (let i = 0; i < repeat; i++) bytes.set(one, i * one.length);
      transfer.items.add(new w.File([bytes], spec.name, { type: spec.type }));
    }
    const zone = w.document.querySelector('[data-testid="music-dropzone"]');
    for (const type of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new w.DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
  }, files);

/** Records, per upload row, every status and progress percentage it shows (the bars are brief on a local system). */
export const watchUploadRows = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const w = globalThis as any;
    const seen: Record<string, string[]> = {};
    w.__uploadSeen = seen;
    const record = () => {
      for (const li of w.document.querySelectorAll('li[data-file-name]')) {
        const bar = li.querySelector('[data-testid="upload-progress"]');
        const entry = `${li.dataset.status}:${bar?.dataset.percent ?? '-'}`;
        const list = (seen[li.dataset.fileName] ??= []);
        if (list.at(-1) !== entry) list.push(entry);
      }
    };
    new w.MutationObserver(record).observe(w.document.body, { subtree: true, childList: true, attributes: true });
  });

/** What watchUploadRows recorded: file name → the statuses and percentages in the order shown. */
export const seenUploadRows = (page: Page): Promise<Record<string, string[]>> => page.evaluate(() => (globalThis as any).__uploadSeen);
/* eslint-enable @typescript-eslint/no-explicit-any */
