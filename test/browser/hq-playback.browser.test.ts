// The HQ console's playback pages in Chromium, against the whole system through the gateway
// (spec 03 § Store delivery: playback report, § HQ endpoints: GET /api/v1/hq/playback-logs and
// /export "CSV, at most 50000 rows", § Limits): a store reports plays, one of them of a song whose
// title a spreadsheet would run as a formula; the HQ manager lists them, exports the CSV from the
// page and the file opens as the spec's export says: UTF-8 with a BOM, formula-leading cells
// neutralised with a leading apostrophe, one row per play, newest first. Screenshots in both
// languages.
import fs from 'node:fs';
import { api } from '../e2e/system';
import { pageErrors, screenshot, type Locale } from './browser';
import type { Client } from './accounts';
import { openHqConsole, visitAndShoot } from './hq-fixture';
import { seedChain, type Chain } from './player-fixture';
import { startBrowserSystem, type BrowserSystem } from './system';

/** A link formula with a comma and quotes (the RFC 4180 quoting too), an @ formula, a plain title. */
const FORMULA = '=HYPERLINK("evil.test","Sale")';
const AT_FORMULA = '@Noon Sine';
const PLAIN = 'Plain Sine';
const SONGS = [FORMULA, AT_FORMULA, PLAIN].map((title) => ({ title, seconds: 3 }));

/** services/playback/src/domain/csv-export.ts EXPORT_COLUMNS: the file's header row. */
const COLUMNS = ['startedAt', 'startedAtKst', 'storeId', 'storeName', 'deviceId', 'musicId', 'musicTitle', 'musicSource', 'isTrust', 'libraryId', 'playedMs', 'cacheHit'];

const TEXT = {
  'en-US': { logs: 'Play logs', summary: 'Playback summary', allPlays: 'All plays', exportCsv: 'Export CSV' },
  'ko-KR': { logs: '재생 기록', summary: '재생 요약', allPlays: '모든 재생', exportCsv: 'CSV 내보내기' },
} as const;

/** RFC 4180 records: quoted fields may hold commas, doubled quotes and line breaks. */
const parseCsv = (text: string): string[][] => {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
};

describe('the HQ playback pages in the browser', () => {
  let env: BrowserSystem;
  let client: Client;
  let chain: Chain;
  let hq: { email: string; password: string };
  /** What the store reported, newest first (the list's and the file's order). */
  let reported: Array<{ musicId: string; title: string; startedAt: string; playedMs: number }> = [];

  beforeAll(async () => {
    // Every sign-in comes from 127.0.0.1; on a loaded machine the seed's uploads may take the
    // catalog longer than the gateway's 30 s for an answer.
    env = await startBrowserSystem({ env: { RATE_LIMIT_LOGIN_PER_IP: '1000', UPSTREAM_TIMEOUT_MS: '120000' } });
    client = api(env.baseURL);
    chain = await seedChain(env, client, { name: 'Quay Books', songs: SONGS });
    hq = { email: 'hq.quay-books@browser.storecast.test', password: 'Hq-password-456' };
    // The store's player reports three finished plays (as its offline queue sends them), minutes apart.
    const now = Date.now();
    reported = SONGS.map((song, i) => ({
      musicId: chain.songIds[i]!,
      title: song.title,
      startedAt: new Date(now - (10 - 2 * i) * 60_000).toISOString(),
      playedMs: 4_000 + i * 250,
    })).reverse();
    const report = await client.post(
      '/api/v1/store/playback/report',
      { state: 'PLAYING', currentMusicId: chain.songIds[2], logs: reported.map(({ musicId, startedAt, playedMs }) => ({ musicId, startedAt, playedMs, cacheHit: true })) },
      { token: chain.stores[0]!.accessToken },
    );
    expect(report.status).toBe(200);
    expect(report.body.recordedLogCount).toBe(3);
  }, 240_000);
  afterAll(async () => {
    await env?.stop();
  }, 60_000);

  it('exports the play logs of the filters from the page: the file opens with a BOM, formula-leading titles neutralised, one row per play', async () => {
    const page = await openHqConsole(env.browser, env, hq, 'en-US');
    page.setDefaultTimeout(20_000);
    try {
      await page.goto('/hq/playback');
      await page.getByRole('main').getByRole('heading', { level: 1, name: TEXT['en-US'].logs }).waitFor();
      // By default only licensed (trust) music: these AI plays are not in it, and the page says how to see them.
      await page.getByText('No licensed (trust) plays match. Choose “All plays” to see every play.').waitFor();
      const allPlays = page.getByRole('radio', { name: TEXT['en-US'].allPlays });
      await allPlays.click();
      await page.waitForURL(/source=ALL/);
      await page.locator('input[type="radio"][value="ALL"]:checked').waitFor();
      const table = page.getByRole('table', { name: 'Play logs' });
      await table.getByRole('row').nth(3).waitFor();
      await page.getByText('3 plays', { exact: true }).waitFor();
      // On the page the titles are shown as they are; only the file neutralises them.
      expect(await table.getByRole('row').nth(1).getByRole('cell').nth(2).textContent()).toBe(PLAIN);
      expect(await table.getByRole('row').nth(3).getByRole('cell').nth(2).textContent()).toBe(FORMULA);

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: TEXT['en-US'].exportCsv }).click()]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      await page.getByText('The CSV file was downloaded (3 rows).').waitFor();
      const bytes = fs.readFileSync(await download.path());
      // UTF-8 byte order mark first: spreadsheet apps then read Korean text right.
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [header, ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
      expect(header).toEqual(COLUMNS);
      const col = (row: string[], name: string) => row[COLUMNS.indexOf(name)];
      expect(rows).toHaveLength(3);
      expect(rows.map((r) => col(r, 'musicTitle'))).toEqual([PLAIN, `'${AT_FORMULA}`, `'${FORMULA}`]);
      expect(rows.map((r) => col(r, 'startedAt'))).toEqual(reported.map((r) => r.startedAt));
      expect(rows.map((r) => col(r, 'musicId'))).toEqual(reported.map((r) => r.musicId));
      expect(rows.map((r) => col(r, 'playedMs'))).toEqual(reported.map((r) => String(r.playedMs)));
      for (const row of rows) {
        expect(col(row, 'storeId')).toBe(chain.stores[0]!.storeId);
        expect(col(row, 'storeName')).toBe('Quay Books store 1');
        expect(col(row, 'musicSource')).toBe('AI');
        expect(col(row, 'isTrust')).toBe('false');
        expect(col(row, 'cacheHit')).toBe('true');
      }
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);

  it.each(['ko-KR', 'en-US'] as const)('the play logs and the summary have screenshots in %s', async (locale: Locale) => {
    const page = await openHqConsole(env.browser, env, hq, locale);
    page.setDefaultTimeout(20_000);
    try {
      expect(await visitAndShoot(page, '/hq/playback', 'playback-logs-trust')).toBe(TEXT[locale].logs);
      expect(await visitAndShoot(page, '/hq/playback?source=ALL', 'playback-logs')).toBe(TEXT[locale].logs);
      await page.getByRole('table').getByRole('row').nth(3).waitFor();
      await screenshot(page, 'hq-playback-logs');
      expect(await visitAndShoot(page, '/hq/playback/summary', 'playback-summary')).toBe(TEXT[locale].summary);
      await page.getByTestId('summary-chart').waitFor();
      await screenshot(page, 'hq-playback-summary');
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 120_000);
});
