// The backoffice music and tag option pages in Chromium, against the whole system through the
// gateway (spec 02 § Music (operator catalog), § Music catalog, § Upload tickets, § Limits,
// § Errors; issue 41 done-means 1 and 5): the operator creates, reorders, renames and
// deactivates GENRE and MOOD options; drops three generated MP3s (one over the direct limit, sent
// with an upload ticket), a PNG and a 21 MB file at once: each row shows its own progress, the PNG
// and the 21 MB file each the spec's error while the three are stored; then searches, listens,
// tags, replaces the file and soft-deletes (kept 90 days). Every page in Korean and English.
import { png, sineMp3 } from '@storecast/service-kit/testing';
import type { Page } from 'playwright-core';
import { api } from '../e2e/system';
import { pageErrors, screenshot, type Locale } from './browser';
import { operatorSession, type Client } from './accounts';
import { dropFiles, openBackoffice, seenUploadRows, shootAdmin, watchUploadRows, type DroppedFile } from './admin-fixture';
import { startBrowserSystem, type BrowserSystem } from './system';

/** Sentences of web/src/lib/errors/error-messages.ts for the two upload codes. */
const SENTENCES = {
  'en-US': {
    METADATA_PARSE_FAILED: 'This is not an MP3 file, or its tags are damaged.',
    MUSIC_INVALID_FIELD: 'Check the track: title, a file of at most 20 MB, and its music source.',
  },
  'ko-KR': {
    METADATA_PARSE_FAILED: 'MP3 파일이 아니거나 태그가 손상되었습니다.',
    MUSIC_INVALID_FIELD: '음원 정보를 확인해 주세요(제목, 파일 크기 20MB 이하, 음원 구분).',
  },
} as const;

const MB = 1024 * 1024;

const mp3Base64 = (seconds: number, hz: number) => sineMp3({ seconds, hz }).toString('base64');

/** The five files of one drop: three real MP3s (the last above the 5 MB direct limit), a PNG and a 21 MB file. */
const theDrop = (prefix: string): DroppedFile[] => [
  { name: `${prefix} Morning Sine.mp3`, type: 'audio/mpeg', base64: mp3Base64(20, 440) },
  { name: `${prefix} Evening Sine.mp3`, type: 'audio/mpeg', base64: mp3Base64(12, 550) },
  // 75 × 10 s at 64 kbps ≈ 6 MB of frames: over the direct limit, so it goes with a MUSIC_CREATE ticket.
  { name: `${prefix} Long Sine.mp3`, type: 'audio/mpeg', base64: mp3Base64(10, 660), repeat: 75 },
  { name: `${prefix} cover.png`, type: 'image/png', base64: png().toString('base64') },
  // An MP3 start, then zeros up to 21 MB: refused for its size, not its type.
  { name: `${prefix} Huge Mix.mp3`, type: 'audio/mpeg', base64: mp3Base64(1, 440), padTo: 21 * MB },
];


describe('the backoffice music and tag option pages in the browser', () => {
  let env: BrowserSystem;
  let client: Client;
  let operatorToken: string;

  beforeAll(async () => {
    env = await startBrowserSystem({ env: { RATE_LIMIT_LOGIN_PER_IP: '1000' } });
    client = api(env.baseURL);
    operatorToken = (await operatorSession(env.system, client)).accessToken;
  }, 240_000);
  afterAll(async () => {
    await env?.stop();
  }, 60_000);

  const heading = (page: Page, name: string) => page.getByRole('main').getByRole('heading', { level: 1, name, exact: true }).waitFor();
  const row = (page: Page, name: string) => page.locator(`li[data-file-name="${name}"]`);
  const tableRow = (page: Page, value: string) => page.locator(`tbody tr[data-value="${value}"]`);
  const optionOrder = (page: Page) => page.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-value')));

  it('creates GENRE and MOOD options, reorders, renames and deactivates one; uploads three MP3s by drag and drop with a bar each while the PNG and the 21 MB file each show the spec\'s error; searches, listens, tags, replaces the file and soft-deletes', async () => {
    const page = await openBackoffice(env.browser, env, 'en-US');
    page.setDefaultTimeout(30_000);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(`${r.method()} ${new URL(r.url()).pathname}`));
    try {
      // ---- tag options: genres in the order made, then moved, renamed, one deactivated
      await page.getByRole('navigation').getByRole('link', { name: 'Tags', exact: true }).click();
      await heading(page, 'Tag options');
      await page.getByText('The list of Genres is empty. Create the first option below.').waitFor();
      const newName = page.getByRole('textbox', { name: 'New option name' });
      for (const value of ['Lounge', 'Jazz', 'Bossa']) {
        await newName.fill(value);
        await page.getByRole('button', { name: 'Add', exact: true }).click();
        await tableRow(page, value).waitFor();
      }
      expect(await optionOrder(page)).toEqual(['Lounge', 'Jazz', 'Bossa']);
      // The same name again is refused before sending ((type, value) is unique).
      await newName.fill('Jazz');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByText('This name is already used in Genres.').waitFor();
      await newName.fill('');

      await page.getByRole('button', { name: 'Move Jazz up' }).click();
      await page.locator('tbody tr').first().and(page.locator('[data-value="Jazz"]')).waitFor();
      expect(await optionOrder(page)).toEqual(['Jazz', 'Lounge', 'Bossa']);
      expect(await page.getByRole('button', { name: 'Move Jazz up' }).isDisabled()).toBe(true);

      await page.getByRole('button', { name: 'Rename Lounge' }).click();
      const dialog = page.getByRole('dialog', { name: 'Rename Lounge' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Chill lounge');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await tableRow(page, 'Chill lounge').waitFor();

      await page.getByRole('button', { name: 'Deactivate Bossa' }).click();
      const confirm = page.getByRole('dialog', { name: 'Deactivate Bossa' });
      await confirm.getByText('stays on the tracks it already tags').waitFor();
      await confirm.getByRole('button', { name: 'Deactivate' }).click();
      await page.locator('tbody tr[data-value="Bossa"][data-active="false"]').waitFor();
      await tableRow(page, 'Bossa').getByText('Deactivated').waitFor();
      expect(await optionOrder(page)).toEqual(['Jazz', 'Chill lounge', 'Bossa']);
      await screenshot(page, 'admin-tags-genres-walk');

      await page.getByRole('tab', { name: 'Moods' }).click();
      await page.getByText('The list of Moods is empty. Create the first option below.').waitFor();
      for (const value of ['Calm', 'Bright']) {
        await newName.fill(value);
        await page.getByRole('button', { name: 'Add', exact: true }).click();
        await tableRow(page, value).waitFor();
      }
      expect(await optionOrder(page)).toEqual(['Calm', 'Bright']);
      const tags = (await client.get('/api/v1/admin/tags', { token: operatorToken })).body.items as Array<{ type: string; value: string; active: boolean; sortOrder: number }>;
      expect(tags.filter((o) => o.type === 'GENRE').map((o) => [o.value, o.active])).toEqual([['Jazz', true], ['Chill lounge', true], ['Bossa', false]]);

      // ---- upload: five files in one drop, each with its own row
      await page.getByRole('navigation').getByRole('link', { name: 'Music', exact: true }).click();
      await heading(page, 'Music');
      await page.getByText('No music uploaded yet. Upload the first tracks.').waitFor();
      await page.getByRole('link', { name: 'Upload music' }).click();
      await heading(page, 'Upload music');
      const files = theDrop('T1');
      await dropFiles(page, files);
      for (const name of ['T1 Morning Sine.mp3', 'T1 Evening Sine.mp3', 'T1 Long Sine.mp3']) await page.locator(`li[data-file-name="${name}"][data-status="READY"]`).waitFor();
      const pngRow = row(page, 'T1 cover.png');
      await pngRow.and(page.locator('[data-status="INVALID"]')).waitFor();
      await pngRow.getByRole('alert').getByText(SENTENCES['en-US'].METADATA_PARSE_FAILED).waitFor();
      await pngRow.getByText('It is not an MP3 file.').waitFor();
      const huge = row(page, 'T1 Huge Mix.mp3');
      await huge.and(page.locator('[data-status="INVALID"]')).waitFor();
      await huge.getByRole('alert').getByText(SENTENCES['en-US'].MUSIC_INVALID_FIELD).waitFor();
      await huge.getByText('It is 21.0 MB, more than 20 MB.').waitFor();
      // Each error belongs to its own row only.
      expect(await page.getByTestId('upload-error').count()).toBe(2);
      // The file over 5 MB goes with an upload ticket, the others directly.
      expect(await row(page, 'T1 Long Sine.mp3').locator('[data-route]').getAttribute('data-route')).toBe('TICKET');
      expect(await row(page, 'T1 Morning Sine.mp3').locator('[data-route]').getAttribute('data-route')).toBe('DIRECT');
      await row(page, 'T1 Morning Sine.mp3').getByText('Length 0:20').waitFor();
      await page.getByRole('textbox', { name: 'Title of T1 Evening Sine.mp3' }).fill('T1 Evening Glow');

      // The music source is required: refused in words before anything is sent.
      await page.getByRole('button', { name: 'Upload 3' }).click();
      await page.getByText('Choose the music source (AI or TRUST).').waitFor();
      expect(requests.filter((r) => r === 'POST /api/v1/admin/music')).toEqual([]);
      await page.getByRole('radio', { name: /^AI/ }).check();
      await watchUploadRows(page);
      await page.getByRole('button', { name: 'Upload 3' }).click();
      for (const name of ['T1 Morning Sine.mp3', 'T1 Evening Sine.mp3', 'T1 Long Sine.mp3']) await page.locator(`li[data-file-name="${name}"][data-status="DONE"]`).waitFor({ timeout: 90_000 });
      await page.getByTestId('upload-summary').getByText('3 of 5 done, 2 failed').waitFor();
      await screenshot(page, 'admin-music-upload-results');
      const seen = await seenUploadRows(page);
      for (const name of ['T1 Morning Sine.mp3', 'T1 Evening Sine.mp3', 'T1 Long Sine.mp3']) {
        // Its own bar was shown while it was sent, and full when stored.
        expect(seen[name]!.some((s) => s.startsWith('UPLOADING:'))).toBe(true);
        expect(seen[name]!.at(-1)).toBe('DONE:100');
      }
      // The two refused files were never sent and kept their errors.
      expect(seen['T1 cover.png']!.every((s) => s.startsWith('INVALID'))).toBe(true);
      expect(await page.getByTestId('upload-error').count()).toBe(2);
      expect(requests.filter((r) => r === 'POST /api/v1/admin/music')).toHaveLength(2);
      expect(requests).toContain('POST /api/v1/uploads/tickets');
      expect(requests).toContain('POST /api/v1/uploads/files');
      await page.getByRole('link', { name: 'Open T1 Evening Glow' }).waitFor();

      // ---- the list: newest first, searched, filtered, each row playable
      await page.getByRole('link', { name: 'Back to the music list' }).click();
      await heading(page, 'Music');
      const listed = page.locator('tbody tr[data-title]');
      await page.getByText('Tracks: 3').waitFor();
      expect((await listed.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-title')))).sort()).toEqual(['T1 Evening Glow', 'T1 Long Sine', 'T1 Morning Sine']);
      await page.getByRole('textbox', { name: 'Search titles' }).fill('morning');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL(/q=morning/);
      await page.getByText('Tracks: 1').waitFor();
      await page.getByRole('combobox', { name: 'Music source' }).click();
      await page.getByRole('option', { name: /^TRUST/ }).click();
      await page.getByText('No music matches these filters.').waitFor();
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.getByText('Tracks: 3').waitFor();

      const listen = page.getByRole('button', { name: 'Listen to T1 Morning Sine' });
      await listen.click();
      const stop = page.getByRole('button', { name: 'Stop T1 Morning Sine' });
      await stop.waitFor();
      expect(await stop.getAttribute('aria-pressed')).toBe('true');
      await stop.click();
      await listen.waitFor();

      // ---- detail: tags from the active options, replace the file, soft delete
      await page.getByRole('link', { name: 'T1 Morning Sine', exact: true }).click();
      await heading(page, 'T1 Morning Sine');
      await page.getByText('0:20').first().waitFor();
      await page.getByTestId('current-tags').getByText('Now: none · none').waitFor();
      await page.getByRole('button', { name: 'Save tags' }).click();
      await page.getByText('Choose one genre.').waitFor();
      await page.getByRole('combobox', { name: 'Genre' }).click();
      // A deactivated genre is not offered for a track that does not carry it.
      expect(await page.getByRole('option', { name: 'Bossa' }).count()).toBe(0);
      expect(await page.getByRole('option').evaluateAll((o) => o.map((e) => e.textContent))).toEqual(['Jazz', 'Chill lounge']);
      await page.getByRole('option', { name: 'Jazz' }).click();
      await page.locator('section[aria-labelledby="music-tags"]').getByLabel('Moods').click();
      await page.getByRole('option', { name: 'Calm' }).click();
      await page.getByRole('option', { name: 'Bright' }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Save tags' }).click();
      await page.getByTestId('current-tags').getByText('Now: Jazz · Calm, Bright').waitFor();
      const musicId = page.url().split('/').at(-1)!;
      const tagged = await client.get(`/api/v1/admin/music/${musicId}`, { token: operatorToken });
      expect(tagged.body.genre.value).toBe('Jazz');
      expect(tagged.body.moods.map((m: { value: string }) => m.value).sort()).toEqual(['Bright', 'Calm']);
      const detailListen = page.getByRole('button', { name: 'Listen to T1 Morning Sine' });
      await detailListen.click();
      await detailListen.and(page.locator('[aria-pressed="true"]')).waitFor();
      await detailListen.click();
      await detailListen.and(page.locator('[aria-pressed="false"]')).waitFor();

      // Replace: a PNG is refused under the field, a real MP3 goes with its progress bar.
      const fileField = page.locator('section[aria-labelledby="music-replace"] input[type="file"]');
      await fileField.setInputFiles({ name: 'wrong.png', mimeType: 'image/png', buffer: png() });
      await page.getByText(`${SENTENCES['en-US'].METADATA_PARSE_FAILED} It is not an MP3 file.`).waitFor();
      await fileField.setInputFiles({ name: 'morning-v2.mp3', mimeType: 'audio/mpeg', buffer: sineMp3({ seconds: 20, hz: 880 }) });
      await page.getByRole('textbox', { name: 'New title (optional)' }).fill('T1 Morning Sine v2');
      const before = tagged.body.updatedAt as string;
      await page.getByRole('button', { name: 'Replace the file' }).click();
      await page.getByText('The file of T1 Morning Sine v2 was replaced.').waitFor();
      await heading(page, 'T1 Morning Sine v2');
      const replaced = await client.get(`/api/v1/admin/music/${musicId}`, { token: operatorToken });
      expect(replaced.body.id).toBe(musicId);
      expect(replaced.body.updatedAt > before).toBe(true);
      expect(requests.filter((r) => r === `PUT /api/v1/admin/music/${musicId}/file`)).toHaveLength(1);
      await screenshot(page, 'admin-music-detail-after-replace');

      // Soft delete: the confirmation says the file is kept 90 days.
      await page.getByRole('button', { name: 'Delete track' }).click();
      const del = page.getByRole('dialog', { name: 'Delete the track' });
      await del.getByText('its file is kept for 90 days and then removed').waitFor();
      await del.getByRole('button', { name: 'Delete', exact: true }).click();
      await heading(page, 'Music');
      await page.getByText('T1 Morning Sine v2 was deleted. Its file is kept for 90 days.').waitFor();
      await page.getByText('Tracks: 2').waitFor();
      expect((await client.get(`/api/v1/admin/music/${musicId}`, { token: operatorToken })).body.error.code).toBe('MUSIC_NOT_FOUND');
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 300_000);

  it.each<[Locale]>([['ko-KR'], ['en-US']])('screenshots of the tag options, the music list, the upload with its per-file errors and a track (%s)', async (locale) => {
    const page = await openBackoffice(env.browser, env, locale);
    page.setDefaultTimeout(30_000);
    const ko = locale === 'ko-KR';
    try {
      expect(await shootAdmin(page, '/admin/tags', 'tags-genres')).toBe(ko ? '태그 관리' : 'Tag options');
      await tableRow(page, 'Jazz').waitFor();
      await shootAdmin(page, '/admin/tags?type=MOOD', 'tags-moods');
      await tableRow(page, 'Calm').waitFor();
      expect(await shootAdmin(page, '/admin/music', 'music-list')).toBe(ko ? '음원' : 'Music');
      await page.locator('tbody tr[data-title]').first().waitFor();

      expect(await shootAdmin(page, '/admin/music/upload', 'music-upload')).toBe(ko ? '음원 올리기' : 'Upload music');
      const prefix = ko ? 'K' : 'E';
      await dropFiles(page, theDrop(prefix).slice(3));
      const pngRow = row(page, `${prefix} cover.png`);
      await pngRow.getByRole('alert').getByText(SENTENCES[locale].METADATA_PARSE_FAILED).waitFor();
      const huge = row(page, `${prefix} Huge Mix.mp3`);
      await huge.getByRole('alert').getByText(SENTENCES[locale].MUSIC_INVALID_FIELD).waitFor();
      await huge.getByText(ko ? '21.0 MB로 20MB를 넘습니다.' : 'It is 21.0 MB, more than 20 MB.').waitFor();
      await screenshot(page, 'admin-music-upload-errors');

      const list = await client.get('/api/v1/admin/music?q=Long', { token: operatorToken });
      const id = list.body.items[0].id as string;
      expect(await shootAdmin(page, `/admin/music/${id}`, 'music-detail')).toBe('T1 Long Sine');
      await page.getByRole('heading', { level: 2, name: ko ? '장르와 분위기' : 'Genre and moods' }).waitFor();
      await screenshot(page, 'admin-music-detail');
      await page.getByRole('button', { name: ko ? '음원 삭제' : 'Delete track' }).click();
      await page.getByRole('dialog').getByText(ko ? '파일은 90일 동안 보관된 뒤 지워집니다' : 'its file is kept for 90 days').waitFor();
      await screenshot(page, 'admin-music-delete-confirm');
      await page.getByRole('dialog').getByRole('button', { name: ko ? '그대로 두기' : 'Keep it' }).click();

      await shootAdmin(page, '/admin/music/00000000-0000-4000-8000-000000000000', 'music-not-found');
      await page.getByText(ko ? '음원을 찾을 수 없습니다.' : 'The track was not found.', { exact: true }).waitFor();
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 180_000);
});
