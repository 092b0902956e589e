// The HQ console's announcement, dispatch and delivery pages in Chromium, against the whole system
// through the gateway (spec 03 § Announcements, § Dispatch status, § Store delivery, § HQ endpoints,
// § Limits): an announcement made through the form and heard, dispatched now to two stores whose
// players are open and play it while the history page shows it without a reload, its receipts,
// a recurring schedule previewed and saved, the delete that cancels it, and screenshots of every
// page in both languages.
import { eventually } from '@storecast/service-kit/testing';
import type { Locator, Page } from 'playwright-core';
import { api } from '../e2e/system';
import { type Locale, pageErrors, screenshot } from './browser';
import type { Client } from './accounts';
import { openHqConsole, visitAndShoot } from './hq-fixture';
import { openPlayer, seedChain, waitForPlayer, type Chain } from './player-fixture';
import { startBrowserSystem, type BrowserSystem } from './system';

const FIVE_MINUTES = 5 * 60 * 1000;
const KST_OFFSET = 9 * 60 * 60 * 1000;
/** "HH:mm" and YYYY-MM-DD of an instant in Korea time (the schedule's clock). */
const kstTime = (at: Date) => new Date(at.getTime() + KST_OFFSET).toISOString().slice(11, 16);
const kstDay = (at: Date) => new Date(at.getTime() + KST_OFFSET).toISOString().slice(0, 10);
/** Seconds with one decimal, as the pages write latencies and lags ("1.2 s", "-0.4 s"). */
const SECONDS = /^-?\d+\.\d s$/;

describe('the HQ announcement, dispatch and delivery pages in the browser', () => {
  let env: BrowserSystem;
  let client: Client;
  let chain: Chain;
  let hq: { email: string; password: string };
  /** What the first test leaves for the screenshots: an announcement heard by both stores. */
  const heard = { announcementId: '', dispatchId: '' };

  beforeAll(async () => {
    // Every sign-in comes from 127.0.0.1; the minute scheduler ticks every 2 s so a schedule's
    // occurrences become rows within seconds rather than a minute.
    env = await startBrowserSystem({ env: { RATE_LIMIT_LOGIN_PER_IP: '1000', SCHEDULER_INTERVAL_MS: '2000' } });
    client = api(env.baseURL);
    chain = await seedChain(env, client, {
      name: 'Harbor Deli',
      storeCount: 2,
      songs: [
        { title: 'Harbor Sine', seconds: 30 },
        { title: 'Pier Sine', seconds: 30 },
      ],
    });
    hq = { email: 'hq.harbor-deli@browser.storecast.test', password: 'Hq-password-456' };
  }, 240_000);
  afterAll(async () => {
    await env?.stop();
  }, 60_000);

  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
  const hqToken = async () => (await client.post('/api/v1/auth/login', hq)).body.accessToken as string;
  /** Picks an option of a Mantine Select or MultiSelect by typing into it. */
  const choose = async (page: Page, field: Locator, option: string | RegExp, typed?: string) => {
    await field.click();
    if (typed !== undefined) await field.fill(typed);
    await page.getByRole('option', { name: option }).first().click();
  };
  const segment = (page: Page, label: string) => page.locator('label', { hasText: new RegExp(`^${label}$`) }).click();

  it('creates an announcement, listens to it, dispatches it now to two stores whose player pages are open: both play it; the history page shows both PLAYED with latencies, without a reload', async () => {
    const [first, second] = [chain.stores[0]!, chain.stores[1]!];
    const players = [
      await openPlayer(env.browser, env, first, { deviceLabel: 'Front counter' }),
      await openPlayer(env.browser, env, second, { deviceLabel: 'Back office' }),
    ];
    const page = await openHqConsole(env.browser, env, hq, 'en-US');
    page.setDefaultTimeout(20_000);
    try {
      // Create through the form: title, text with its counter, a voice and one of its tones.
      await page.getByRole('navigation').getByRole('link', { name: 'Announcements' }).click();
      await heading(page, 'Announcements');
      await page.getByText('There are no announcements yet. Create the first one.').waitFor();
      await page.getByRole('link', { name: 'New announcement' }).click();
      await heading(page, 'New announcement');
      await page.getByRole('textbox', { name: 'Title' }).fill('Fresh fish');
      await page.getByRole('textbox', { name: 'Text' }).fill('Fresh fish has arrived at the counter.');
      await page.getByText('38 / 1000 characters').waitFor();
      await choose(page, page.getByRole('combobox', { name: 'Voice' }), 'Aeran (female, soft)');
      await choose(page, page.getByRole('combobox', { name: 'Tone' }), 'Calm');
      const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/hq/announcements') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      expect((await created).status()).toBe(201);
      await page.waitForURL(/\/hq\/announcements\/[0-9a-f-]{36}$/);
      await heading(page, 'Fresh fish');
      await page.getByText('The announcement was created.').waitFor();
      heard.announcementId = new URL(page.url()).pathname.split('/').at(-1)!;
      await page.getByText('Aeran (female, soft)').waitFor();
      await page.getByText('Calm', { exact: true }).waitFor();

      // Listen: the audio element plays (the toggle says so).
      const listen = page.getByRole('button', { name: 'Listen to Fresh fish' });
      await listen.click();
      await eventually(async () => expect(await listen.getAttribute('aria-pressed')).toBe('true'), 10_000);

      // Dispatch now to the two stores, chosen in the store picker.
      await page.getByRole('link', { name: 'Send', exact: true }).click();
      await heading(page, 'Send an announcement');
      const stores = page.getByRole('combobox', { name: 'Stores' });
      await choose(page, stores, /^Harbor Deli store 1/, 'store 1');
      await choose(page, stores, /^Harbor Deli store 2/, 'store 2');
      await page.keyboard.press('Escape');
      await page.getByText('Selected: 2').waitFor();
      const dispatched = page.waitForResponse((r) => /\/announcements\/[^/]+\/dispatches$/.test(r.url()) && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Send now' }).click();
      const response = await dispatched;
      expect(response.status()).toBe(201);
      const body = (await response.json()) as { dispatchIds: string[]; storeCount: number; status: string };
      expect(body).toMatchObject({ storeCount: 2, status: 'PENDING' });
      expect(JSON.parse(response.request().postData() ?? '{}')).toEqual({ target: 'STORES', storeIds: [first.storeId, second.storeId] });
      heard.dispatchId = body.dispatchIds[0]!;
      await page.waitForURL(/\/hq\/dispatches\?announcementId=/);
      await heading(page, 'Dispatch history');
      await page.getByText('Sent to 2 store(s). They play it in a few seconds.').waitFor();

      // From here on the page is never reloaded or navigated: it must refresh itself.
      let navigations = 0;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations++;
      });

      // Each store's player plays it.
      for (const { page: player } of players) {
        const snapshot = await waitForPlayer(player, (s) => s.recentAnnouncements.some((a) => a.status === 'PLAYED'), 40_000);
        expect(body.dispatchIds).toContain(snapshot.recentAnnouncements.find((a) => a.status === 'PLAYED')!.dispatchId);
      }

      // The history shows both rows PLAYED, with a signal latency and the device that played it.
      const history = page.getByRole('table', { name: 'Dispatch history of “Fresh fish”' });
      for (const [store, device] of [[first, 'Front counter'], [second, 'Back office']] as const) {
        const row = history.locator(`tr[data-store-id="${store.storeId}"]`);
        await row.locator('[data-status="PLAYED"]').first().waitFor({ timeout: 30_000 });
        expect(await row.getAttribute('data-status')).toBe('PLAYED');
        expect((await row.getByTestId('latency').textContent())?.trim()).toMatch(SECONDS);
        await row.getByText(device, { exact: true }).waitFor();
        await row.getByText(hq.email).waitFor();
        await row.getByText('HQ manager', { exact: true }).waitFor();
      }
      expect(navigations).toBe(0);

      // The receipts of that dispatch: both stores, with the lags their players reported.
      await history.locator(`tr[data-store-id="${first.storeId}"]`).getByRole('link', { name: 'Receipts of Harbor Deli store 1' }).click();
      await heading(page, 'Delivery of “Fresh fish”');
      const receipts = page.getByRole('table', { name: 'Delivery per store' });
      for (const store of [first, second]) {
        const row = receipts.locator(`tr[data-store-id="${store.storeId}"]`);
        await row.waitFor();
        expect(await row.getAttribute('data-status')).toBe('PLAYED');
        expect((await row.getByTestId('received-lag').textContent())?.trim()).toMatch(SECONDS);
        expect((await row.getByTestId('started-lag').textContent())?.trim()).toMatch(SECONDS);
      }
      expect(await receipts.locator('tbody tr').count()).toBe(2);
      await page.getByRole('region', { name: 'Lags' }).waitFor();
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
      for (const { context } of players) await context.close();
    }
  }, 180_000);

  it('schedules a recurring dispatch and sees its occurrences; deletes the announcement and sees the schedule canceled', async () => {
    const token = await hqToken();
    const made = await client.post('/api/v1/hq/announcements', { title: 'Closing time', text: 'We close in fifteen minutes.', voice: 'WOOSUNG' }, { token });
    expect(made.status).toBe(201);
    const announcementId = made.body.id as string;
    // A time of day 10 to 15 minutes ahead on the 5-minute grid (KST), inside the scheduler's
    // 60-minute horizon, so its first occurrence becomes dispatch rows right away.
    const firstAt = new Date(Math.ceil((Date.now() + 10 * 60 * 1000) / FIVE_MINUTES) * FIVE_MINUTES);
    const time = kstTime(firstAt);
    const today = kstDay(new Date());
    // Today to six days ahead: seven days, one less when the time has already passed today.
    const expectedTotal = kstDay(firstAt) === today ? 7 : 6;

    const page = await openHqConsole(env.browser, env, hq, 'en-US');
    page.setDefaultTimeout(20_000);
    try {
      await page.goto(`/hq/announcements/${announcementId}/dispatch`);
      await heading(page, 'Send an announcement');
      await segment(page, 'Recurring');
      const preview = page.getByTestId('occurrence-preview');
      await preview.getByText('Choose at least one time.').waitFor();
      await choose(page, page.getByRole('combobox', { name: 'Times (KST)' }), time, time);
      await page.keyboard.press('Escape');
      await page.getByLabel('All stores', { exact: true }).check({ force: true });

      // The preview lists the occurrences before anything is saved.
      await preview.getByText(`Sends ${expectedTotal} times in all, until ${addDays(today, 6)}.`).waitFor();
      const shown = preview.getByRole('list', { name: 'Next dispatch times' }).getByRole('listitem');
      expect(await shown.count()).toBe(expectedTotal);
      expect(await shown.first().getAttribute('data-at')).toBe(firstAt.toISOString());
      expect(await shown.first().textContent()).toContain(`${time} KST`);

      const saved = page.waitForResponse((r) => /\/announcements\/[^/]+\/schedules$/.test(r.url()) && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Create the schedule' }).click();
      const response = await saved;
      expect(response.status()).toBe(201);
      expect(JSON.parse(response.request().postData() ?? '{}')).toEqual({ target: 'ALL', frequency: 'DAILY', times: [time], startDate: today, endDate: addDays(today, 6) });
      const scheduleId = ((await response.json()) as { id: string }).id;
      await page.waitForURL(/\/hq\/dispatches\?announcementId=/);
      await page.getByText('The recurring schedule was created.').waitFor();

      // The schedule list shows it, active, with its next run.
      const schedules = page.getByRole('table', { name: 'Recurring schedules' });
      const row = schedules.locator(`tr[data-schedule-id="${scheduleId}"]`);
      await row.waitFor();
      expect(await row.getAttribute('data-status')).toBe('ACTIVE');
      await row.getByText(`Daily at ${time}`).waitFor();
      await row.getByText('Closing time').waitFor();
      expect(await row.textContent()).toContain(`${time} KST`);

      // The scheduler makes its first occurrence SCHEDULED rows for both stores; the
      // announcement's page shows them.
      await eventually(async () => {
        const rows = await client.get(`/api/v1/hq/announcements/${announcementId}/dispatches?status=SCHEDULED`, { token });
        expect(rows.body.total).toBe(2);
      }, 30_000, 500);
      await page.goto(`/hq/announcements/${announcementId}`);
      await heading(page, 'Closing time');
      const history = page.getByRole('table', { name: 'Dispatch history of “Closing time”' });
      await eventually(async () => expect(await history.locator('tbody tr[data-status="SCHEDULED"]').count()).toBe(2), 15_000);

      // Delete: the dialog names the schedule and the two reservations it cancels.
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete the announcement' });
      await dialog.getByText('Delete the announcement “Closing time”?').waitFor();
      await dialog.getByRole('list', { name: 'Schedules that are canceled' }).getByText(`Daily at ${time}`, { exact: false }).waitFor();
      await dialog.getByText('These scheduled dispatches are canceled (2):').waitFor();
      expect(await dialog.getByRole('list', { name: 'Scheduled dispatches that are canceled' }).getByRole('listitem').count()).toBe(2);
      await dialog.getByText('No dispatch is waiting to play. Dispatches already due are kept and still play.').waitFor();
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.waitForURL(/\/hq\/announcements$/);
      await page.getByText('The announcement was deleted.').waitFor();

      // The schedule now shows canceled, its announcement deleted, no next run.
      await page.getByRole('navigation').getByRole('link', { name: 'Dispatch history' }).click();
      const after = page.getByRole('table', { name: 'Recurring schedules' }).locator(`tr[data-schedule-id="${scheduleId}"]`);
      await after.waitFor();
      expect(await after.getAttribute('data-status')).toBe('CANCELED');
      await after.getByText('Canceled', { exact: true }).waitFor();
      await after.getByText('(deleted announcement)').waitFor();
      const listed = await client.get(`/api/v1/hq/dispatch-schedules?announcementId=${announcementId}`, { token });
      expect(listed.body.items).toEqual([expect.objectContaining({ id: scheduleId, status: 'CANCELED' })]);
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 150_000);

  /** The labels the screenshots walk by, per language. */
  const LABELS: Record<Locale, { recurring: string; times: string; title: string; text: string }> = {
    'en-US': { recurring: 'Recurring', times: 'Times (KST)', title: 'Title', text: 'Text' },
    'ko-KR': { recurring: '반복', times: '시각 (KST)', title: '제목', text: '방송 문구' },
  };

  it.each(['ko-KR', 'en-US'] as const)('every announcement, dispatch and delivery page has a screenshot in %s', async (locale) => {
    expect(heard.announcementId).not.toBe('');
    const labels = LABELS[locale];
    const page = await openHqConsole(env.browser, env, hq, locale);
    page.setDefaultTimeout(20_000);
    try {
      expect(await visitAndShoot(page, '/hq/announcements', 'announcements')).not.toBe('');
      await page.getByRole('table').getByText('Fresh fish').waitFor();

      await visitAndShoot(page, '/hq/announcements/new', 'announcement-create-empty');
      await page.getByRole('textbox', { name: labels.title }).fill('Weekend sale');
      await page.getByRole('textbox', { name: labels.text }).fill('Everything in the bakery is half price this weekend.');
      await screenshot(page, 'hq-announcement-create');

      await visitAndShoot(page, `/hq/announcements/${heard.announcementId}`, 'announcement-detail');

      await visitAndShoot(page, `/hq/announcements/${heard.announcementId}/dispatch`, 'dispatch-form-now');
      await segment(page, labels.recurring);
      for (const time of ['09:00', '18:30']) await choose(page, page.getByRole('combobox', { name: labels.times }), time, time);
      await page.keyboard.press('Escape');
      await page.getByTestId('occurrence-preview').getByRole('listitem').first().waitFor();
      await screenshot(page, 'hq-dispatch-form-recurring');

      await visitAndShoot(page, `/hq/dispatches?announcementId=${heard.announcementId}`, 'dispatch-history');
      await page.locator('tr[data-status="PLAYED"]').first().waitFor();
      await screenshot(page, 'hq-dispatch-history');

      await visitAndShoot(page, `/hq/receipts/${heard.dispatchId}`, 'receipts-detail');
      await visitAndShoot(page, '/hq/receipts', 'receipts-overview');
      await page.getByTestId('delivery-overview').waitFor();
      await screenshot(page, 'hq-receipts-overview');
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});

/** A KST calendar date plus days. */
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
