// Issue 41 done-means 1, from an empty system, in Chromium through the gateway: the seeded
// operator signs in, publishes the terms and the privacy policy, creates a GENRE and a MOOD
// option, uploads three MP3s by drag and drop (each row's progress seen), tags them, builds a
// library and a playlist, onboards a FRANCHISE HQ and activates it, sets its default playlist —
// and a store of that HQ, opened in the store player, plays those tracks. Every step is done on
// the backoffice's pages; only the HQ's and the store manager's own setup go through the API.
import { sineMp3 } from '@storecast/service-kit/testing';
import type { Locator, Page } from 'playwright-core';
import { api } from '../e2e/system';
import { pageErrors, screenshot, type Locale } from './browser';
import { agreeToCurrentDocs, operatorSession, readyStore, signInByApi, type Client } from './accounts';
import { dropFiles, openBackoffice, seenUploadRows, shootAdmin, watchUploadRows } from './admin-fixture';
import { openPlayer, waitForPlayer } from './player-fixture';
import { startBrowserSystem, type BrowserSystem } from './system';

const HQ = { name: 'Juniper Bakery', email: 'hq.juniper@browser.storecast.test', tempPassword: 'Juniper-temp-135', password: 'Juniper-pass-246' };
const TRACKS = [
  { title: 'Juniper Dawn', seconds: 14, hz: 392 },
  { title: 'Juniper Noon', seconds: 12, hz: 494 },
  { title: 'Juniper Dusk', seconds: 10, hz: 587 },
];

describe('the backoffice from an empty system to a playing store', () => {
  let env: BrowserSystem;
  let client: Client;

  beforeAll(async () => {
    env = await startBrowserSystem({ env: { RATE_LIMIT_LOGIN_PER_IP: '1000' } });
    client = api(env.baseURL);
  }, 240_000);
  afterAll(async () => {
    await env?.stop();
  }, 60_000);

  const heading = (page: Page, name: string) => page.getByRole('main').getByRole('heading', { level: 1, name, exact: true }).waitFor();
  const nav = (page: Page, name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
  const label = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
  const field = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name: label(name) }).or(scope.getByRole('combobox', { name: label(name) })).first();
  const choose = async (page: Page, select: Locator, option: string | RegExp) => {
    await select.click();
    await page.getByRole('option', { name: option }).first().click();
  };

  const publish = async (page: Page, kind: 'terms' | 'privacy', text: string) => {
    await page.goto(`/admin/legal/${kind}`);
    await page.getByRole('link', { name: 'Publish a new version' }).click();
    await page.getByRole('textbox', { name: label('Version') }).fill('2026-12');
    await page.getByRole('textbox', { name: label('Text (Markdown)') }).fill(text);
    // The preview renders the markdown as it is written.
    await page.getByRole('heading', { name: text.split('\n')[0]!.replace(/^#\s*/, '') }).waitFor();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('2026-12 was published.').waitFor();
  };

  it('an operator publishes the legal documents, tags and uploads three tracks, builds a library and a playlist, onboards and activates an HQ with that default — and its store plays them', async () => {
    const page = await openBackoffice(env.browser, env, 'en-US');
    page.setDefaultTimeout(30_000);
    try {
      // ---- the legal documents every manager agrees to at setup
      await publish(page, 'terms', '# Juniper terms\n\nPlay fair.');
      await publish(page, 'privacy', '# Juniper privacy\n\nWe keep little.');
      const terms = await client.get('/api/v1/terms/active');
      expect(terms.body.version).toBe('2026-12');

      // ---- one GENRE and one MOOD option
      await nav(page, 'Tags');
      await heading(page, 'Tag options');
      const newName = page.getByRole('textbox', { name: 'New option name' });
      await newName.fill('Acoustic');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.locator('tbody tr[data-value="Acoustic"]').waitFor();
      await page.getByRole('tab', { name: 'Moods' }).click();
      await newName.fill('Warm');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.locator('tbody tr[data-value="Warm"]').waitFor();

      // ---- three MP3s in one drop, each with its own progress bar
      await nav(page, 'Music');
      await heading(page, 'Music');
      await page.getByRole('link', { name: 'Upload music' }).click();
      await heading(page, 'Upload music');
      await dropFiles(page, TRACKS.map((t) => ({ name: `${t.title}.mp3`, type: 'audio/mpeg', base64: sineMp3({ seconds: t.seconds, hz: t.hz }).toString('base64') })));
      for (const t of TRACKS) await page.locator(`li[data-file-name="${t.title}.mp3"][data-status="READY"]`).waitFor();
      await page.getByRole('radio', { name: /^AI/ }).check();
      await watchUploadRows(page);
      await page.getByRole('button', { name: 'Upload 3' }).click();
      for (const t of TRACKS) await page.locator(`li[data-file-name="${t.title}.mp3"][data-status="DONE"]`).waitFor({ timeout: 90_000 });
      const seen = await seenUploadRows(page);
      for (const t of TRACKS) expect(seen[`${t.title}.mp3`]!.some((s) => s.startsWith('UPLOADING:'))).toBe(true);
      await screenshot(page, 'admin-journey-upload');

      // ---- each track tagged with the genre and the mood
      for (const t of TRACKS) {
        await page.goto('/admin/music');
        await page.getByRole('link', { name: t.title, exact: true }).click();
        await heading(page, t.title);
        await page.getByRole('combobox', { name: 'Genre' }).click();
        await page.getByRole('option', { name: 'Acoustic' }).click();
        await page.locator('section[aria-labelledby="music-tags"]').getByLabel('Moods').click();
        await page.getByRole('option', { name: 'Warm' }).click();
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Save tags' }).click();
        await page.getByTestId('current-tags').getByText('Now: Acoustic · Warm').waitFor();
      }

      // ---- a library of the three
      await nav(page, 'Libraries');
      await page.getByRole('button', { name: 'New library' }).click();
      const create = page.getByRole('dialog', { name: 'Create a library' });
      await create.getByRole('textbox', { name: label('Name') }).fill('Juniper AI');
      await create.getByRole('radio', { name: 'AI' }).check();
      await create.getByRole('button', { name: 'New library' }).click();
      await heading(page, 'Juniper AI');
      await page.getByRole('button', { name: 'Add tracks' }).click();
      const picker = page.getByRole('dialog', { name: 'Add tracks to Juniper AI' });
      for (const t of TRACKS) await picker.getByRole('checkbox', { name: `Select ${t.title}` }).check();
      await picker.getByRole('button', { name: 'Add 3 tracks' }).click();
      const tracks = page.getByRole('table', { name: 'Tracks of the library' });
      for (const t of TRACKS) await tracks.getByText(t.title, { exact: true }).waitFor();

      // ---- a FRANCHISE HQ onboarded on the form, then activated
      await nav(page, 'HQs');
      await page.getByRole('link', { name: 'Onboard an HQ' }).click();
      await heading(page, 'Onboard an HQ');
      await page.getByRole('textbox', { name: label('HQ name') }).fill(HQ.name);
      await page.getByRole('textbox', { name: label('Business number') }).fill('214-86-13579');
      await page.getByRole('radio', { name: /^AI: own music/ }).check();
      await page.getByRole('textbox', { name: label('Billing day (monthly)') }).fill('10');
      await page.getByRole('textbox', { name: label('AI announcements per hour, at most') }).fill('3');
      await page.getByRole('textbox', { name: label('Manager email') }).fill(HQ.email);
      await page.getByRole('textbox', { name: label('Manager name') }).fill('Juniper HQ');
      await page.getByLabel(label('Temporary password')).fill(HQ.tempPassword);
      await page.getByRole('button', { name: 'Onboard the HQ' }).click();
      await page.getByText(`The HQ “${HQ.name}” was onboarded. An account setup email was sent to ${HQ.email}.`).waitFor();
      await heading(page, HQ.name);
      const hqId = new URL(page.url()).pathname.split('/').at(-1)!;
      await page.getByRole('button', { name: 'Activate', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Activate', exact: true }).click();
      await page.getByText('The HQ is active.').waitFor();
      const hq = await client.get(`/api/v1/admin/hq/${hqId}`, { token: (await operatorSession(env.system, client)).accessToken });
      expect([hq.body.status, hq.body.type]).toEqual(['ACTIVE', 'FRANCHISE']);

      // ---- a playlist of that HQ holding the library, made its default
      await nav(page, 'Playlists');
      await page.getByRole('button', { name: 'New playlist' }).click();
      const newPlaylist = page.getByRole('dialog', { name: 'Create a playlist' });
      await choose(page, field(newPlaylist, 'HQ'), HQ.name);
      await newPlaylist.getByRole('textbox', { name: label('Name') }).fill('Juniper all day');
      await newPlaylist.getByRole('button', { name: 'New playlist' }).click();
      await heading(page, 'Juniper all day');
      await choose(page, field(page, 'Library to add'), /^Juniper AI/);
      await page.getByRole('button', { name: 'Add the library' }).click();
      await page.getByRole('table', { name: 'Libraries of the playlist' }).getByText('Juniper AI').waitFor();
      await page.goto(`/admin/playlists/defaults?hq=${hqId}`);
      const card = page.getByTestId('hq-default-playlist');
      await choose(page, field(card, 'Playlist to make the default'), /^Juniper all day/);
      await card.getByRole('button', { name: 'Set as default' }).click();
      await card.getByTestId('hq-default-current').getByText('Juniper all day').waitFor();
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
    }

    // ---- the HQ's own setup (its pages are the HQ console's tests), one store, its player
    const first = await signInByApi(client, HQ.email, HQ.tempPassword);
    const changed = await client.post('/api/v1/auth/change-password', { currentPassword: HQ.tempPassword, newPassword: HQ.password }, { token: first.accessToken });
    expect(changed.status).toBe(200);
    await agreeToCurrentDocs(client, changed.body.accessToken);
    const store = await readyStore(env.system, client, changed.body.accessToken, { name: 'Juniper Seongsu', managerEmail: 'store.juniper@browser.storecast.test', password: 'Juniper-store-357' });
    const player = await openPlayer(env.browser, env, store);
    try {
      const playing = await waitForPlayer(player.page, (s) => s.state === 'PLAYING' && s.nowPlaying !== null, 30_000);
      expect(TRACKS.map((t) => t.title)).toContain(playing.nowPlaying!.title);
      // The store's queue is the three tracks of the default playlist, nothing else.
      const queue = await client.get('/api/v1/store/playback/queue', { token: store.session.accessToken });
      expect(queue.status).toBe(200);
      const titles = (queue.body.items as Array<{ type: string; title: string }>).filter((i) => i.type === 'MUSIC').map((i) => i.title).sort();
      expect(titles).toEqual(TRACKS.map((t) => t.title).sort());
    } finally {
      await player.context.close();
    }
  }, 420_000);

  it.each<[Locale]>([['ko-KR'], ['en-US']])('screenshots of the legal pages and the operator account (%s)', async (locale) => {
    const page = await openBackoffice(env.browser, env, locale);
    page.setDefaultTimeout(30_000);
    const ko = locale === 'ko-KR';
    try {
      expect(await shootAdmin(page, '/admin/legal/terms', 'legal-terms')).toBe(ko ? '약관 및 개인정보 처리방침' : 'Terms and privacy policy');
      await page.getByRole('table').getByText('2026-12').waitFor();
      await shootAdmin(page, '/admin/legal/privacy', 'legal-privacy');
      expect(await shootAdmin(page, '/admin/legal/terms/new', 'legal-publish')).toBe(ko ? '새 이용약관 버전 게시' : 'Publish a new Terms of service version');
      await page.goto('/admin/legal/terms');
      await page.getByRole('link', { name: ko ? '2026-12 보기' : 'View 2026-12' }).click();
      await page.getByRole('heading', { name: 'Juniper terms' }).waitFor();
      await screenshot(page, 'admin-legal-document');
      await shootAdmin(page, '/admin/account', 'account');
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
