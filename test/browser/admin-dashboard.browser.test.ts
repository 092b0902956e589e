// The operator dashboard (/admin) in Chromium, against the whole system through the gateway
// (issue 41 "Dashboard: the stats endpoint (tickets open / in progress, HQ and store counts by
// status), plus the fleet's playback state across HQs and the music catalog size by source";
// spec 02 GET /api/v1/admin/stats; playback's GET /api/v1/admin/playback-status): a chain whose
// store player is open and one HQ ticket show as PLAYING ≥ 1, one open ticket, the HQ and store
// counts the lists total, and as many AI tracks as were seeded; the HQ's row links to its detail.
// Screenshots in both languages.
import { eventually } from '@storecast/service-kit/testing';
import type { Page } from 'playwright-core';
import { api } from '../e2e/system';
import { pageErrors, type Locale } from './browser';
import type { Client } from './accounts';
import { openBackoffice, shootAdmin } from './admin-fixture';
import { openPlayer, seedChain, type Chain } from './player-fixture';
import { startBrowserSystem, type BrowserSystem } from './system';

const SONGS = [
  { title: 'Cedar Sine', seconds: 30 },
  { title: 'Spruce Sine', seconds: 30 },
];
const TEXT = {
  'en-US': { heading: 'Dashboard', playback: 'Playback across HQs', playing: 'Playing' },
  'ko-KR': { heading: '대시보드', playback: '재생 상태 (전체 본사)', playing: '재생 중' },
} as const;

describe('the operator dashboard in the browser', () => {
  let env: BrowserSystem;
  let client: Client;
  let chain: Chain;
  let player: Awaited<ReturnType<typeof openPlayer>> | undefined;

  beforeAll(async () => {
    // Every sign-in comes from 127.0.0.1.
    env = await startBrowserSystem({ env: { RATE_LIMIT_LOGIN_PER_IP: '1000' } });
    client = api(env.baseURL);
    chain = await seedChain(env, client, { name: 'Cedar Deli', storeCount: 2, songs: SONGS });
    const ticket = await client.post('/api/v1/hq/tickets', { title: 'Invoice question', body: 'Please explain the last invoice.', category: 'BILLING' }, { token: chain.hqToken });
    expect(ticket.status).toBe(201);
    // One store plays; the other never reports (OFFLINE). Playback knows the playing one before the page opens.
    player = await openPlayer(env.browser, env, chain.stores[0]!, { deviceLabel: 'Counter' });
    await eventually(async () => {
      const fleet = await client.get('/api/v1/admin/playback-status', { token: chain.operatorToken });
      expect(fleet.body.counts.PLAYING).toBeGreaterThanOrEqual(1);
    }, 60_000, 500);
  }, 300_000);
  afterAll(async () => {
    await player?.context.close().catch(() => undefined);
    await env?.stop();
  }, 60_000);

  /** A card's figure once it is known (its loader gone). */
  const figure = async (page: Page, testId: string) => {
    const value = page.getByTestId(`${testId}-value`);
    await value.waitFor();
    return Number((await value.textContent())?.replace(/[^\d]/g, ''));
  };
  const listTotal = async (path: string) => {
    const res = await client.get(path, { token: chain.operatorToken });
    expect(res.status).toBe(200);
    return res.body.total as number;
  };

  it('shows tickets open and in progress, HQs and stores by status, the fleet playing across HQs, and the catalog size by source', async () => {
    const page = await openBackoffice(env.browser, env, 'en-US');
    page.setDefaultTimeout(20_000);
    try {
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 1, name: TEXT['en-US'].heading }).waitFor();
      expect(await main.getByRole('heading', { level: 1 }).count()).toBe(1);

      // Tickets (spec 02 stats: open and inProgress): the HQ's one ticket is open.
      await page.getByTestId('tickets-open-value').waitFor();
      expect(await figure(page, 'tickets-open')).toBe(1);
      expect(await figure(page, 'tickets-in-progress')).toBe(0);

      // HQs and stores by status: the admin lists' totals; the seeded HQ is active, its two stores too.
      // HQs by status add up to the stats' hqCount (the virtual INDEPENDENT HQ is in neither).
      const stats = (await client.get('/api/v1/admin/stats', { token: chain.operatorToken })).body;
      // The seeded HQ is the only FRANCHISE HQ: its status's card counts 1, the others 0.
      const seeded = (await client.get(`/api/v1/admin/hq/${chain.hqId}`, { token: chain.operatorToken })).body.status as string;
      const statuses = ['UNPAID', 'SUSPENDED', 'ACTIVE', 'ONBOARDING'];
      const hqStatuses = await Promise.all(statuses.map((s) => figure(page, `hqs-${s}`)));
      expect(hqStatuses).toEqual(statuses.map((s) => (s === seeded ? 1 : 0)));
      expect(hqStatuses[2]).toBe(await listTotal('/api/v1/admin/hq/admin-list?status=ACTIVE&type=FRANCHISE&size=1'));
      expect(hqStatuses.reduce((a, b) => a + b, 0)).toBe(stats.hqCount);
      await page.getByText(`${stats.hqCount} HQ${stats.hqCount === 1 ? '' : 's'} in all`).waitFor();
      await page.getByTestId('stores-ACTIVE-value').waitFor();
      expect(await figure(page, 'stores-ACTIVE')).toBe(await listTotal('/api/v1/admin/stores/admin-list?status=ACTIVE&size=1'));
      expect(await figure(page, 'stores-ACTIVE')).toBeGreaterThanOrEqual(2);
      expect(await figure(page, 'stores-SUSPENDED')).toBe(0);
      await page.getByText(`${stats.storeCount} open stores (closed ones not counted)`).waitFor();

      // The fleet across HQs: the open player counts PLAYING, the silent store OFFLINE; the HQ's row links to it.
      await main.getByRole('heading', { level: 2, name: TEXT['en-US'].playback }).waitFor();
      expect(Number(await page.getByTestId('fleet-count-PLAYING').textContent())).toBeGreaterThanOrEqual(1);
      expect(Number(await page.getByTestId('fleet-count-OFFLINE').textContent())).toBeGreaterThanOrEqual(1);
      const row = page.locator(`tr[data-hq-id="${chain.hqId}"]`);
      await row.getByRole('link', { name: 'HQ Cedar Deli details' }).waitFor();
      expect(await row.locator('.mantine-Badge-root[data-state="PLAYING"]').textContent()).toBe('1');
      expect(await row.locator('.mantine-Badge-root[data-state="OFFLINE"]').textContent()).toBe('1');

      // The catalog by source: the seeded tracks are AI music.
      await page.getByTestId('music-AI-value').waitFor();
      expect(await figure(page, 'music-AI')).toBe(SONGS.length);
      expect(await figure(page, 'music-TRUST')).toBe(0);
      await page.getByText(`${SONGS.length} tracks in all (deleted ones not counted)`).waitFor();

      // The HQ's row opens its detail.
      await row.getByRole('link', { name: 'HQ Cedar Deli details' }).click();
      await page.waitForURL(new RegExp(`/admin/hqs/${chain.hqId}$`));
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 180_000);

  it.each<Locale>(['ko-KR', 'en-US'])('is screenshotted in %s with its figures and the per-HQ table', async (locale) => {
    const page = await openBackoffice(env.browser, env, locale);
    page.setDefaultTimeout(20_000);
    try {
      expect(await shootAdmin(page, '/admin', 'dashboard')).toBe(TEXT[locale].heading);
      const main = page.getByRole('main');
      await main.getByRole('heading', { level: 2, name: TEXT[locale].playback }).waitFor();
      await page.locator(`tr[data-hq-id="${chain.hqId}"]`).waitFor();
      await main.getByText(TEXT[locale].playing, { exact: true }).first().waitFor();
      expect(await main.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
