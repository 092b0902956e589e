// The backoffice's libraries, playlists, HQ default playlist and play logs in Chromium, against
// the whole system through the gateway (issue 41: "Libraries (one type each) and playlists
// (ordered libraries): create, add music in bulk (LIBRARY_TYPE_MISMATCH shows the violating
// tracks), reorder, derived playlist status badges; set or clear an HQ's default playlist" and
// "Playback logs across HQs with export"; spec 02 § Music catalog; spec 03 § Playlist status,
// § Default playlist and store override, § HQ endpoints: playback logs, at most 50000 rows).
import { readFileSync } from 'node:fs';
import { sineMp3 } from '@storecast/service-kit/testing';
import type { Locator, Page } from 'playwright-core';
import { api } from '../e2e/system';
import type { Locale } from './browser';
import type { Client } from './accounts';
import { openBackoffice, shootAdmin } from './admin-fixture';
import { seedChain, uploadSong, type Chain } from './player-fixture';
import { startBrowserSystem, type BrowserSystem } from './system';

/** A TRUST track (uploadSong seeds AI music only): the one a library of AI music must refuse. */
const uploadTrustSong = async (env: BrowserSystem, token: string, title: string): Promise<string> => {
  const bytes = new Uint8Array(sineMp3({ hz: 660, seconds: 3 }));
  const send = () => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'audio/mpeg' }), `${title}.mp3`);
    return fetch(`${env.baseURL}/api/v1/admin/music?title=${encodeURIComponent(title)}&durationSeconds=3&musicSource=TRUST`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  };
  let res = await send();
  if (res.status === 503) res = await send();
  if (res.status !== 201) throw new Error(`uploading ${title}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
};

describe('the backoffice libraries, playlists, HQ default playlist and play logs in the browser', () => {
  let env: BrowserSystem;
  let client: Client;
  let chain: Chain;
  let trustSongId: string;
  let seededLibraryId: string;

  beforeAll(async () => {
    env = await startBrowserSystem({ env: { RATE_LIMIT_LOGIN_PER_IP: '1000' } });
    client = api(env.baseURL);
    // An HQ "Harbor" with one store, a library "Harbor music" of two AI tracks in the playlist
    // "Harbor all day", which is the HQ's default.
    chain = await seedChain(env, client, {
      name: 'Harbor',
      songs: [
        { title: 'Harbor Dawn', seconds: 3 },
        { title: 'Harbor Noon', seconds: 3 },
      ],
    });
    await uploadSong(env, chain.operatorToken, 'Evening Glow', 3, 550);
    trustSongId = await uploadTrustSong(env, chain.operatorToken, 'Velvet Trust');
    const libraries = await client.get('/api/v1/admin/libraries?q=Harbor', { token: chain.operatorToken });
    seededLibraryId = libraries.body.items[0].id;
    // The store reports two plays: one AI track and one trust track.
    const now = Date.now();
    const report = await client.post(
      '/api/v1/store/playback/report',
      {
        state: 'PLAYING',
        currentMusicId: chain.songIds[0],
        logs: [
          { musicId: chain.songIds[0], startedAt: new Date(now - 120_000).toISOString(), playedMs: 3_000, cacheHit: true },
          { musicId: trustSongId, startedAt: new Date(now - 60_000).toISOString(), playedMs: 3_000, cacheHit: false },
        ],
      },
      { token: chain.stores[0]!.accessToken },
    );
    expect(report.status).toBe(200);
    expect(report.body.recordedLogCount).toBe(2);
  }, 300_000);
  afterAll(async () => {
    await env?.stop();
  }, 60_000);

  const heading = (page: Page, name: string) => page.getByRole('main').getByRole('heading', { level: 1, name, exact: true }).waitFor();
  const label = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
  /** Picks an option of a Mantine Select, typing first when asked. */
  const choose = async (page: Page, field: Locator, option: string | RegExp, typed?: string) => {
    await field.click();
    if (typed !== undefined) await field.fill(typed);
    await page.getByRole('option', { name: option }).first().click();
  };
  const toast = (page: Page, text: string | RegExp) => page.locator('.mantine-Notification-root', { hasText: text }).first().waitFor();
  const orderShown = async (page: Page): Promise<string[]> =>
    page.getByRole('table', { name: 'Libraries of the playlist' }).locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-library') ?? ''));

  it('an operator builds a library (the wrong-type track is named and refused), a playlist in order, sets and clears the HQ default, assigns a store', async () => {
    const page = await openBackoffice(env.browser, env, 'en-US');
    page.setDefaultTimeout(20_000);

    // A library of AI music, created on the form; the detail opens.
    await page.getByRole('navigation').getByRole('link', { name: 'Libraries', exact: true }).click();
    await heading(page, 'Libraries');
    await page.getByRole('button', { name: 'New library' }).click();
    const create = page.getByRole('dialog', { name: 'Create a library' });
    await create.getByRole('button', { name: 'New library' }).click();
    await create.getByText('Enter a name.').waitFor();
    await create.getByRole('textbox', { name: label('Name') }).fill('Evening AI');
    await create.getByRole('radio', { name: 'AI' }).check();
    await create.getByRole('button', { name: 'New library' }).click();
    await heading(page, 'Evening AI');
    const libraryId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByText('This library has no tracks. Add some.').waitFor();

    // Add in bulk: the catalog of every type, one AI and one TRUST track selected.
    await page.getByRole('button', { name: 'Add tracks' }).click();
    const picker = page.getByRole('dialog', { name: 'Add tracks to Evening AI' });
    await choose(page, picker.getByRole('textbox', { name: label('Track type') }).or(picker.getByRole('combobox', { name: label('Track type') })).first(), 'All types');
    await picker.getByRole('checkbox', { name: 'Select Velvet Trust' }).check();
    await picker.getByRole('checkbox', { name: 'Select Evening Glow' }).check();
    await picker.getByText('2 selected', { exact: true }).waitFor();
    await picker.getByText(/1 of the selected tracks is not of this library’s type \(AI\) and will be refused: Velvet Trust/).waitFor();
    await picker.getByRole('button', { name: 'Add 2 tracks' }).click();
    const mismatch = picker.getByTestId('library-type-mismatch');
    await mismatch.waitFor();
    expect(await mismatch.getByRole('listitem').allTextContents()).toEqual(['Velvet Trust']);
    expect(await mismatch.textContent()).toContain('Some tracks are not of the library’s type, so none was added');
    // The whole request was refused: nothing is in the library yet.
    expect((await client.get(`/api/v1/admin/libraries/${libraryId}`, { token: chain.operatorToken })).body.trackCount).toBe(0);
    await mismatch.getByRole('button', { name: 'Deselect these tracks' }).click();
    await picker.getByText('1 selected', { exact: true }).waitFor();
    await picker.getByRole('button', { name: 'Add 1 track' }).click();
    await picker.waitFor({ state: 'hidden' });
    await toast(page, 'Tracks added: 1. The library now holds 1.');
    const tracks = page.getByRole('table', { name: 'Tracks of the library' });
    await tracks.locator('tr[data-track="Evening Glow"]').waitFor();
    expect(await tracks.locator('tbody tr').count()).toBe(1);

    // A playlist of the HQ, created on the form, with both libraries; then the order changed.
    await page.getByRole('navigation').getByRole('link', { name: 'Playlists', exact: true }).click();
    await heading(page, 'Playlists');
    const seeded = page.locator('tr[data-playlist="Harbor all day"]');
    await seeded.waitFor();
    expect(await seeded.getAttribute('data-status')).toBe('FALLBACK');
    await page.getByRole('button', { name: 'New playlist' }).click();
    const newPlaylist = page.getByRole('dialog', { name: 'Create a playlist' });
    await newPlaylist.getByRole('button', { name: 'New playlist' }).click();
    await newPlaylist.getByText('Choose an HQ.').waitFor();
    await choose(page, newPlaylist.getByRole('textbox', { name: label('HQ') }).or(newPlaylist.getByRole('combobox', { name: label('HQ') })).first(), 'Harbor', 'Harbor');
    await newPlaylist.getByRole('textbox', { name: label('Name') }).fill('Harbor evening');
    await newPlaylist.getByRole('button', { name: 'New playlist' }).click();
    await heading(page, 'Harbor evening');
    const playlistId = new URL(page.url()).pathname.split('/').at(-1)!;
    await page.getByText('This playlist has no library. Add one so that it has something to play.').waitFor();
    const header = page.getByRole('main').locator('h1').locator('..');
    await header.locator('[data-status="EMPTY"]').waitFor();

    const addField = page.getByRole('textbox', { name: label('Library to add') }).or(page.getByRole('combobox', { name: label('Library to add') })).first();
    await choose(page, addField, /^Evening AI/, 'Evening');
    await page.getByRole('button', { name: 'Add the library' }).click();
    await page.locator('tr[data-library="Evening AI"]').waitFor();
    await choose(page, addField, /^Harbor music/, 'Harbor');
    await page.getByRole('button', { name: 'Add the library' }).click();
    await page.locator('tr[data-library="Harbor music"]').waitFor();
    expect(await orderShown(page)).toEqual(['Evening AI', 'Harbor music']);
    await header.locator('[data-status="UNUSED"]').waitFor();

    await page.getByRole('button', { name: 'Move Harbor music up' }).click();
    await page.locator('tr[data-library="Harbor music"][data-position="0"]').waitFor();
    expect(await orderShown(page)).toEqual(['Harbor music', 'Evening AI']);
    const saved = await client.get(`/api/v1/admin/playlists/${playlistId}`, { token: chain.operatorToken });
    expect(saved.body.libraries.map((l: { name: string; position: number }) => [l.position, l.name])).toEqual([
      [0, 'Harbor music'],
      [1, 'Evening AI'],
    ]);
    expect(await page.getByRole('button', { name: 'Move Harbor music up' }).isDisabled()).toBe(true);

    // The HQ default: "Harbor evening" replaces "Harbor all day" (it becomes FALLBACK), then cleared.
    const card = page.getByTestId('hq-default-playlist');
    await card.getByTestId('hq-default-current').getByText('Harbor all day').waitFor();
    await choose(page, card.getByRole('textbox', { name: label('Playlist to make the default') }).or(card.getByRole('combobox', { name: label('Playlist to make the default') })).first(), /^Harbor evening/);
    await card.getByRole('button', { name: 'Replace the default' }).click();
    await toast(page, 'Harbor evening is now the default playlist.');
    await card.getByTestId('hq-default-current').getByText('Harbor evening').waitFor();
    await header.locator('[data-status="FALLBACK"]').waitFor();
    expect((await client.get(`/api/v1/admin/hq/${chain.hqId}/default-playlist`, { token: chain.operatorToken })).body.playlist.id).toBe(playlistId);

    await card.getByRole('button', { name: 'Clear the default' }).click();
    const confirm = page.getByRole('dialog', { name: 'Clear the default playlist' });
    await confirm.getByText('Clear Harbor evening as the default?', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Clear the default' }).click();
    await card.getByText('No default playlist. Stores without a playlist of their own play nothing.').waitFor();
    await header.locator('[data-status="UNUSED"]').waitFor();
    expect((await client.get(`/api/v1/admin/hq/${chain.hqId}/default-playlist`, { token: chain.operatorToken })).body.playlist).toBeNull();

    // The defaults page: the store gets a playlist of its own (ACTIVE), then follows the HQ again.
    await page.goto(`/admin/playlists/defaults?hq=${chain.hqId}`);
    await heading(page, 'HQ default playlists');
    await choose(page, page.getByRole('textbox', { name: label('Store') }).or(page.getByRole('combobox', { name: label('Store') })).first(), 'Harbor store 1');
    await page.getByTestId('store-playlist-current').getByText('No playlist of its own and no HQ default: nothing to play.').waitFor();
    await choose(page, page.getByRole('textbox', { name: label('Store playlist') }).or(page.getByRole('combobox', { name: label('Store playlist') })).first(), 'Harbor evening');
    await page.getByRole('button', { name: 'Set for the store' }).click();
    await page.getByTestId('store-playlist-current').getByText('Store playlist: Harbor evening').waitFor();
    const active = await client.get(`/api/v1/admin/playlists/${playlistId}`, { token: chain.operatorToken });
    expect(active.body.status).toBe('ACTIVE');
    await page.getByRole('button', { name: 'Clear (follow the HQ default)' }).click();
    await page.getByTestId('store-playlist-current').getByText('No playlist of its own and no HQ default: nothing to play.').waitFor();
    await page.context().close();
  }, 240_000);

  it('the play logs of every HQ: trust only by default, all plays on request, filtered by HQ, exported as CSV', async () => {
    const page = await openBackoffice(env.browser, env, 'en-US');
    page.setDefaultTimeout(20_000);
    await page.getByRole('navigation').getByRole('link', { name: 'Playback logs', exact: true }).click();
    await heading(page, 'Play logs (all HQs)');
    const table = page.getByRole('table', { name: 'Play logs' });
    await table.locator('tr[data-music="Velvet Trust"]').waitFor();
    expect(await table.locator('tbody tr').count()).toBe(1);
    const row = table.locator('tr[data-music="Velvet Trust"]');
    expect(await row.textContent()).toContain('Harbor store 1');
    expect(await row.textContent()).toContain('Harbor');

    await page.getByRole('radio', { name: 'All plays' }).click();
    await page.waitForURL(/source=ALL/);
    await table.locator('tr[data-music="Harbor Dawn"]').waitFor();
    expect(await table.locator('tbody tr').count()).toBe(2);
    await page.getByText('2 plays').waitFor();

    await choose(page, page.getByRole('textbox', { name: label('HQ') }).or(page.getByRole('combobox', { name: label('HQ') })).first(), 'Harbor', 'Harbor');
    await page.waitForURL(new RegExp(`hq=${chain.hqId}`));
    await choose(page, page.getByRole('textbox', { name: label('Store') }).or(page.getByRole('combobox', { name: label('Store') })).first(), 'Harbor store 1');
    await page.waitForURL(/store=/);
    await table.locator('tr[data-music="Harbor Dawn"]').waitFor();
    expect(await table.locator('tbody tr').count()).toBe(2);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^playback-logs-.*\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('Velvet Trust');
    expect(csv).toContain('Harbor Dawn');
    await page.getByTestId('export-done').getByText(/2 rows/).waitFor();
    await toast(page, 'The CSV file was downloaded (2 rows).');
    await page.context().close();
  }, 180_000);

  it('renames a library and a playlist in place, and deleting one says what it takes along and goes back to the list', async () => {
    const page = await openBackoffice(env.browser, env, 'en-US');
    page.setDefaultTimeout(20_000);
    const library = await client.post('/api/v1/admin/libraries', { name: 'Spare AI', type: 'AI' }, { token: chain.operatorToken });
    const playlist = await client.post('/api/v1/admin/playlists', { hqId: chain.hqId, name: 'Spare list' }, { token: chain.operatorToken });
    expect([library.status, playlist.status]).toEqual([201, 201]);
    expect((await client.put(`/api/v1/admin/playlists/${playlist.body.id}/libraries`, { libraryIds: [library.body.id] }, { token: chain.operatorToken })).status).toBeLessThan(300);
    try {
      for (const item of [
        { path: `/admin/libraries/${library.body.id}`, name: 'Spare AI', renamed: 'Spare AI two', kind: 'library', list: 'Libraries', body: 'It also leaves the 1 playlists that use it.' },
        { path: `/admin/playlists/${playlist.body.id}`, name: 'Spare list', renamed: 'Spare list two', kind: 'playlist', list: 'Playlists', body: 'Stores and devices using it fall back to the HQ default' },
      ]) {
        await page.goto(item.path);
        await heading(page, item.name);
        // An empty name is refused in the dialog, before anything is sent.
        await page.getByRole('button', { name: 'Rename', exact: true }).click();
        const rename = page.getByRole('dialog', { name: 'Rename' });
        await rename.getByRole('textbox', { name: label('Name') }).fill(' ');
        await rename.getByRole('button', { name: 'Save' }).click();
        await rename.getByText('Enter a name.').waitFor();
        await rename.getByRole('textbox', { name: label('Name') }).fill(item.renamed);
        await rename.getByRole('button', { name: 'Save' }).click();
        await toast(page, 'The name was changed.');
        await heading(page, item.renamed);

        await page.getByRole('button', { name: 'Delete', exact: true }).click();
        const confirm = page.getByRole('dialog', { name: `Delete the ${item.kind}` });
        await confirm.getByText(item.body, { exact: false }).waitFor();
        await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
        await toast(page, `The ${item.kind} ${item.renamed} was deleted.`);
        await heading(page, item.list);
      }
      expect((await client.get(`/api/v1/admin/libraries/${library.body.id}`, { token: chain.operatorToken })).status).toBe(404);
      expect((await client.get(`/api/v1/admin/playlists/${playlist.body.id}`, { token: chain.operatorToken })).status).toBe(404);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it.each<Locale>(['ko-KR', 'en-US'])('every library, playlist and play-log page renders in %s (screenshots written)', async (locale) => {
    const page = await openBackoffice(env.browser, env, locale);
    page.setDefaultTimeout(20_000);
    const ko = locale === 'ko-KR';
    expect(await shootAdmin(page, '/admin/libraries', 'libraries')).toBe(ko ? '라이브러리' : 'Libraries');
    expect(await shootAdmin(page, `/admin/libraries/${seededLibraryId}`, 'library-detail')).toBe('Harbor music');
    expect(await shootAdmin(page, '/admin/playlists', 'playlists')).toBe(ko ? '플레이리스트' : 'Playlists');
    expect(await shootAdmin(page, `/admin/playlists/${chain.playlistId}`, 'playlist-detail')).toBe('Harbor all day');
    expect(await shootAdmin(page, `/admin/playlists/defaults?hq=${chain.hqId}`, 'playlist-defaults')).toBe(ko ? '본사 기본 플레이리스트' : 'HQ default playlists');
    expect(await shootAdmin(page, '/admin/playback?source=ALL', 'playback-logs')).toBe(ko ? '재생 기록 (모든 본사)' : 'Play logs (all HQs)');
    expect(await page.getByRole('main').getByRole('heading', { level: 1 }).count()).toBe(1);
    await page.context().close();
  }, 180_000);
});
