// Helpers of the store-page browser tests (store-pages.browser.test.ts): what a store's pages
// start from, made through the gateway as the real clients would (templates, reservations, HQ
// reservations, extra devices, tickets), a sign-in that stops at the player's device
// registration, and the Mantine date and time pickers of the broadcast page.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { newPage, type Locale } from './browser';
import { signInByApi, type Client } from './accounts';
import { waitForPlayer } from './player-fixture';
import type { BrowserSystem } from './system';

const expectOk = (what: string, res: { status: number; body: unknown }) => {
  if (res.status < 200 || res.status >= 300) throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
};

/** A fresh access token of a store manager (the seeded ones may be near their expiry). */
export const storeToken = async (client: Client, store: { email: string; password: string }): Promise<string> =>
  (await signInByApi(client, store.email, store.password)).accessToken;

/** A broadcast template of the store (POST /api/v1/store/broadcast-templates). */
export const createTemplateByApi = async (client: Client, token: string, body: { name: string; text: string; voice?: string }): Promise<string> => {
  const res = await client.post('/api/v1/store/broadcast-templates', { voice: 'SHEAN', ...body }, { token });
  expectOk(`creating the template ${body.name}`, res);
  return res.body.id;
};

/** The store's own scheduled broadcast: a typed draft, sent for `at`. */
export const scheduleStoreBroadcastByApi = async (client: Client, token: string, text: string, at: Date): Promise<string> => {
  const draft = await client.post('/api/v1/store/broadcasts/preview', { text, voice: 'SHEAN' }, { token });
  expectOk('making a broadcast draft', draft);
  const sent = await client.post(`/api/v1/store/broadcasts/${draft.body.announcementId}/send`, { scheduledAt: at.toISOString() }, { token });
  expectOk('scheduling the broadcast', sent);
  return sent.body.dispatchId;
};

/** An HQ announcement dispatched to one store at `at` (status SCHEDULED): it holds that 5-minute slot. */
export const hqReservationByApi = async (client: Client, hqToken: string, storeId: string, at: Date): Promise<string> => {
  const announcement = await client.post('/api/v1/hq/announcements', { title: 'HQ evening notice', text: 'The store closes in one hour.', voice: 'WOOSUNG' }, { token: hqToken });
  expectOk('creating the HQ announcement', announcement);
  const dispatch = await client.post(
    `/api/v1/hq/announcements/${announcement.body.id}/dispatches`,
    { target: 'STORES', storeIds: [storeId], scheduledAt: at.toISOString() },
    { token: hqToken },
  );
  expectOk('scheduling the HQ dispatch', dispatch);
  if (dispatch.body.status !== 'SCHEDULED') throw new Error(`the HQ dispatch is ${dispatch.body.status}, not SCHEDULED`);
  return dispatch.body.dispatchIds[0];
};

/** Registers a device for the store through the API (POST /api/v1/store/devices). */
export const registerDeviceByApi = async (client: Client, token: string, deviceKey: string, label: string): Promise<string> => {
  const res = await client.post('/api/v1/store/devices', { deviceKey, label }, { token });
  expectOk(`registering the device ${label}`, res);
  return res.body.id;
};

/** A support ticket of the store (POST /api/v1/store/tickets). */
export const createTicketByApi = async (client: Client, token: string, body: { title: string; body: string; category: string }): Promise<string> => {
  const res = await client.post('/api/v1/store/tickets', body, { token });
  expectOk(`filing the ticket ${body.title}`, res);
  return res.body.id;
};

/**
 * Signs a store manager in on the page's own form and stops at the player's device registration
 * dialog (openPlayer goes on to register and play). The fields are found by their exact names:
 * in Korean the password's show/hide toggle ("비밀번호 보기 또는 숨기기") also starts with "비밀번호".
 */
export const signInToRegistration = async (browser: Browser, env: BrowserSystem, store: { email: string; password: string }, locale: Locale = 'en-US'): Promise<Page> => {
  const page = await newPage(browser, { locale, baseURL: env.baseURL });
  await page.goto('/player');
  await page.waitForURL(/\/login/);
  await page.getByRole('textbox', { name: /^(Email|이메일)$/ }).fill(store.email);
  await page.getByRole('textbox', { name: /^(Password|비밀번호)$/ }).fill(store.password);
  await page.getByRole('button', { name: /^(Sign in|로그인)$/ }).click();
  await page.waitForURL(/\/player/);
  await page.getByRole('textbox', { name: /^(Device name|기기 이름)$/ }).waitFor();
  return page;
};

/**
 * openPlayer() of player-fixture.ts for either language: signs in, registers the device with
 * `deviceLabel` and waits for the player to play. (The fixture's openPlayer finds the password by
 * a label prefix, which in Korean also matches the show/hide toggle.)
 */
export const openPlayerIn = async (
  browser: Browser,
  env: BrowserSystem,
  store: { email: string; password: string },
  options: { locale: Locale; deviceLabel: string },
): Promise<{ context: BrowserContext; page: Page }> => {
  const page = await signInToRegistration(browser, env, store, options.locale);
  await page.getByRole('textbox', { name: /^(Device name|기기 이름)$/ }).fill(options.deviceLabel);
  await page.getByRole('button', { name: /^(Register and start|등록하고 시작)$/ }).click();
  await waitForPlayer(page, (s) => s.state === 'PLAYING', 30_000);
  return { context: page.context(), page };
};

/** The requests the page makes whose method and path match (collected from now on). */
export const requestsTo = (page: Page, method: string, path: RegExp): Request[] => {
  const seen: Request[] = [];
  page.on('request', (req) => {
    if (req.method() === method && path.test(new URL(req.url()).pathname)) seen.push(req);
  });
  return seen;
};

/** An instant as the page's time zone shows it: the date (YYYY-MM-DD) and time (HH:mm) to pick. */
export const localPick = (page: Page, at: Date): Promise<{ date: string; time: string; year: number; month: number; day: number }> =>
  page.evaluate((ms) => {
    const d = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    return {
      date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
      time: `${pad(d.getHours())}:${pad(d.getMinutes())}`,
      year: d.getFullYear(),
      month: d.getMonth() + 1,
      day: d.getDate(),
    };
  }, at.getTime());

/** The instant of a local date and time in the page's time zone. */
export const localInstant = async (page: Page, date: string, time: string): Promise<Date> =>
  new Date(await page.evaluate(([d, t]) => new Date(`${d}T${t}:00`).getTime(), [date, time] as const));

/** What formatDateTime() of the web app shows for an instant in the page (en-GB / ko-KR, medium + short). */
export const shownDateTime = (page: Page, at: Date, locale: Locale): Promise<string> =>
  page.evaluate(
    ([ms, loc]) => new Intl.DateTimeFormat(loc === 'ko-KR' ? 'ko-KR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms)),
    [at.getTime(), locale] as const,
  );

const EN_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * Picks a day in a Mantine DatePickerInput (labelled `label`): opens its calendar, goes to the
 * next month while the day is not shown, clicks the day (its aria-label is "D MMMM YYYY" in the
 * page's language).
 */
export const pickDate = async (page: Page, label: string, pick: { year: number; month: number; day: number }, locale: Locale = 'en-US'): Promise<void> => {
  await page.getByRole('button', { name: label, exact: true }).click();
  const monthName = locale === 'ko-KR' ? `${pick.month}월` : EN_MONTHS[pick.month - 1];
  const day = page.locator(`button[aria-label="${pick.day} ${monthName} ${pick.year}"]:not([data-outside]):not([data-hidden])`);
  for (let i = 0; i < 13 && !(await day.isVisible()); i++) await page.locator('button[data-direction="next"]').first().click();
  await day.click();
  await day.waitFor({ state: 'hidden' });
};
