// The HQ console's fleet view (/hq) in Chromium, against the whole system through the gateway
// (spec 03 § Store delivery: "PLAYING, PAUSED, SILENT as reported; OFFLINE is derived when the last
// signal is stale", § HQ endpoints: GET /api/v1/hq/dashboard/playback-status): a store whose
// player page is open shows PLAYING with what it plays; once the page is closed and the stale
// window passes (the system's clock moved forward, no long sleep) it turns OFFLINE on the open
// page without a reload, and PLAYING again when the player is reopened. Screenshots in both
// languages.
import { OffsetClock } from '@storecast/service-kit';
import type { Page } from 'playwright-core';
import { api } from '../e2e/system';
import { pageErrors, screenshot, type Locale } from './browser';
import type { Client } from './accounts';
import { openHqConsole, visitAndShoot } from './hq-fixture';
import { openPlayer, seedChain, waitForPlayer, type Chain } from './player-fixture';
import { startBrowserSystem, type BrowserSystem } from './system';

const SONGS = [
  { title: 'Maple Sine', seconds: 12 },
  { title: 'Birch Sine', seconds: 12 },
];
/** The page refreshes every 15 s: a state change shows within two refreshes. */
const REFRESHED = 40_000;
/**
 * Past the stale window by a minute. Still well inside the 30-minute access tokens; media links
 * are signed on the wall clock for 15 minutes and checked by the gateway on the system's clock,
 * so a link signed after the move still has about 4 minutes, enough for the reopened player.
 */
const MARGIN_MS = 60_000;

const TEXT = {
  'en-US': { heading: 'Fleet', playing: 'Playing', offline: 'Offline', neverSignalled: 'No signal yet' },
  'ko-KR': { heading: '매장 현황', playing: '재생 중', offline: '오프라인', neverSignalled: '아직 신호 없음' },
} as const;

describe('the HQ fleet view in the browser', () => {
  // Real time plus an offset: tokens, the players' reports and the page's refreshes keep running
  // while the test moves the system past the stale window in one step.
  const clock = new OffsetClock();
  let env: BrowserSystem;
  let client: Client;
  let chain: Chain;
  let hq: { email: string; password: string };

  beforeAll(async () => {
    // Every sign-in comes from 127.0.0.1; on a loaded machine the seed's uploads may take the
    // catalog longer than the gateway's 30 s for an answer.
    env = await startBrowserSystem({ clock, env: { RATE_LIMIT_LOGIN_PER_IP: '1000', UPSTREAM_TIMEOUT_MS: '120000' } });
    client = api(env.baseURL);
    chain = await seedChain(env, client, { name: 'Maple Mart', storeCount: 2, songs: SONGS });
    hq = { email: 'hq.maple-mart@browser.storecast.test', password: 'Hq-password-456' };
  }, 240_000);
  afterAll(async () => {
    await env?.stop();
  }, 60_000);

  const rowOf = (page: Page, storeId: string) => page.locator(`tr[data-store-id="${storeId}"]`);
  const count = async (page: Page, state: string) => Number(await page.getByTestId(`state-count-${state}`).textContent());
  /** Waits until the store's row is in the state, as the page's own refresh brings it. */
  const rowInState = (page: Page, storeId: string, state: string) => page.locator(`tr[data-store-id="${storeId}"][data-state="${state}"]`).waitFor({ timeout: REFRESHED });
  const offlineAfterSeconds = async (): Promise<number> => {
    const token = (await client.post('/api/v1/auth/login', hq)).body.accessToken as string;
    const status = await client.get('/api/v1/hq/dashboard/playback-status', { token });
    expect(status.status).toBe(200);
    return status.body.offlineAfterSeconds as number;
  };

  it('shows a store PLAYING while its player is open, OFFLINE once the page is closed and the stale window passes, and PLAYING again when it is reopened, without a reload', async () => {
    const [playing, silent] = [chain.stores[0]!, chain.stores[1]!];
    const player = await openPlayer(env.browser, env, playing, { deviceLabel: 'Checkout' });
    const page = await openHqConsole(env.browser, env, hq, 'en-US');
    page.setDefaultTimeout(20_000);
    try {
      await page.getByRole('main').getByRole('heading', { level: 1, name: TEXT['en-US'].heading }).waitFor();
      // The open player: PLAYING with the title it plays; the other store never signalled.
      await rowInState(page, playing.storeId, 'PLAYING');
      const row = rowOf(page, playing.storeId);
      expect(await row.locator('.mantine-Badge-root[data-state="PLAYING"]').first().textContent()).toBe(TEXT['en-US'].playing);
      const nowPlaying = (await row.getByTestId('now-playing').textContent()) ?? '';
      expect(SONGS.map((s) => s.title)).toContain(nowPlaying);
      expect(await row.getByText('Checkout').count()).toBe(1);
      await rowInState(page, silent.storeId, 'OFFLINE');
      await rowOf(page, silent.storeId).getByText(TEXT['en-US'].neverSignalled).waitFor();
      expect(await count(page, 'PLAYING')).toBe(1);
      expect(await count(page, 'OFFLINE')).toBe(1);
      await screenshot(page, 'hq-fleet-playing');

      // A mark on the window: were the page reloaded, it would be gone.
      await page.evaluate(() => ((globalThis as unknown as { fleetMark: string }).fleetMark = 'same page'));
      await player.page.close();
      const staleSeconds = await offlineAfterSeconds();
      expect(staleSeconds).toBe(600); // spec 03: two missed 5-minute idle signals
      clock.advance(staleSeconds * 1000 + MARGIN_MS);

      await rowInState(page, playing.storeId, 'OFFLINE');
      expect(await row.locator('.mantine-Badge-root[data-state="OFFLINE"]').first().textContent()).toBe(TEXT['en-US'].offline);
      // The last signal is about eleven minutes old on the server's clock; nothing plays any more.
      expect(await row.locator('td').nth(2).textContent()).toMatch(/^1[1-2] minutes ago$/);
      await row.getByText('Nothing playing').waitFor();
      expect(await count(page, 'PLAYING')).toBe(0);
      expect(await count(page, 'OFFLINE')).toBe(2);
      expect(await page.evaluate(() => (globalThis as unknown as { fleetMark?: string }).fleetMark)).toBe('same page');
      await screenshot(page, 'hq-fleet-offline');

      // The same browser opens the player again: signed in and registered, it plays at once.
      const reopened = await player.context.newPage();
      await reopened.goto('/player');
      const start = reopened.getByRole('button', { name: /^(Start playback|재생 시작)$/ });
      await Promise.race([waitForPlayer(reopened, (s) => s.state === 'PLAYING', 30_000), start.waitFor({ timeout: 30_000 }).then(() => start.click())]);
      await waitForPlayer(reopened, (s) => s.state === 'PLAYING', 30_000);

      await rowInState(page, playing.storeId, 'PLAYING');
      expect(await row.locator('td').nth(2).textContent()).toMatch(/seconds? ago|^now$/);
      expect(SONGS.map((s) => s.title)).toContain(await row.getByTestId('now-playing').textContent());
      expect(await count(page, 'PLAYING')).toBe(1);
      expect(await count(page, 'OFFLINE')).toBe(1);
      expect(await page.evaluate(() => (globalThis as unknown as { fleetMark?: string }).fleetMark)).toBe('same page');
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
      await player.context.close();
    }
  }, 240_000);

  it.each(['ko-KR', 'en-US'] as const)('the fleet view has a screenshot in %s', async (locale: Locale) => {
    const page = await openHqConsole(env.browser, env, hq, locale);
    page.setDefaultTimeout(20_000);
    try {
      expect(await visitAndShoot(page, '/hq', 'fleet')).toBe(TEXT[locale].heading);
      await page.locator('tr[data-store-id]').first().waitFor();
      await page.getByTestId('state-count-OFFLINE').waitFor();
      await screenshot(page, 'hq-fleet');
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
