// The HQ console's stores and settings pages in Chromium, against the whole system through the
// gateway (spec 03 § HQ profile, § HQ view of stores, § HQ endpoints, § Limits; spec 02 § Errors):
// an HQ manager activates from the mailed setup link, creates a store by the form and five by
// CSV (one bad row reported), edits a store by PATCH with only the changed key, sets the store's
// region and ducking override and the HQ's ducking defaults; screenshots in both languages.
import type { Locator, Page, Request } from 'playwright-core';
import { api } from '../e2e/system';
import { newPage, pageErrors, screenshot, type Locale } from './browser';
import { mailedLinkPath, operatorSession, publishLegalDocs, signInByApi, type Client } from './accounts';
import { openHqConsole, visitAndShoot } from './hq-fixture';
import { startBrowserSystem, type BrowserSystem } from './system';

const HQ_EMAIL = 'hq.lantern@browser.storecast.test';
const HQ_PASSWORD = 'Lantern-pass-2468';

/** Sentences of web/src/lib/errors/error-messages.ts and the hq-stores texts the pages show. */
const INVALID_STORE_FIELD = 'Please check the store details.';

/** The template's header (spec 03: the five Korean column names). */
const CSV_HEADER = '매장명,주소,점주명,점주 이메일,점주 연락처';

/** Six stores, the fourth with an email that is not one: it fails, the other five are created. */
const bulkCsv = (prefix: string, slug: string): string =>
  [
    CSV_HEADER,
    `${prefix} Mapo,Seoul Mapo-gu 1,Park,owner.mapo.${slug}@browser.storecast.test,010-1111-0001`,
    `${prefix} Jongno,Seoul Jongno-gu 2,,,`,
    `${prefix} Suwon,Gyeonggi Suwon 3,Lee,owner.suwon.${slug}@browser.storecast.test,`,
    `${prefix} Broken,Busan 4,Choi,not-an-email,`,
    `${prefix} Incheon,"Incheon Bupyeong-gu 5, 2nd floor",Jung,,010-1111-0005`,
    `${prefix} Daegu,Daegu Jung-gu 6,,,`,
  ].join('\r\n') + '\r\n';

describe('the HQ stores and settings pages in the browser', () => {
  let env: BrowserSystem;
  let client: Client;
  let operatorToken: string;
  const hqToken = async () => (await signInByApi(client, HQ_EMAIL, HQ_PASSWORD)).accessToken;

  beforeAll(async () => {
    // Every sign-in (API and browser) comes from 127.0.0.1: the per-IP login limit is not what
    // these pages are tested for.
    env = await startBrowserSystem({ env: { RATE_LIMIT_LOGIN_PER_IP: '1000' } });
    client = api(env.baseURL);
    operatorToken = (await operatorSession(env.system, client)).accessToken;
    await publishLegalDocs(client, operatorToken, { terms: '# Terms\n\nPlay fair.', privacy: '# Privacy\n\nWe keep little.' });
    // The operator onboards the HQ; identity mails its manager the ACCOUNT_SETUP link. The
    // onboarding request requires a temporary password, but the manager never uses it here.
    const onboarded = await client.post(
      '/api/v1/admin/hq',
      {
        hq: { name: 'Lantern Coffee', businessNumber: '123-45-67890', plan: 'TRUST', billingAnchorDay: 10, llmMaxPerHour: 3 },
        manager: { email: HQ_EMAIL, tempPassword: 'Unused-temp-1357', name: 'Lantern HQ' },
      },
      { token: operatorToken },
    );
    expect(onboarded.status).toBe(201);
    // The operator's HQ default playlist, which a store without its own plays.
    const playlist = await client.post('/api/v1/admin/playlists', { hqId: onboarded.body.hqId, name: 'Lantern all day' }, { token: operatorToken });
    expect(playlist.status).toBe(201);
    const setDefault = await client.put(`/api/v1/admin/hq/${onboarded.body.hqId}/default-playlist`, { playlistId: playlist.body.id }, { token: operatorToken });
    expect(setDefault.status).toBeLessThan(300);
  }, 240_000);
  afterAll(async () => {
    await env?.stop();
  }, 60_000);

  const nav = (page: Page, name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
  const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
  const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  const textbox = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`) });
  const storeRows = (page: Page) => page.getByRole('table', { name: 'Stores' }).locator('tbody tr');
  const isPatchOf = (id: string, suffix = '') => (r: Request) => r.method() === 'PATCH' && new URL(r.url()).pathname === `/api/v1/hq/stores/${id}${suffix}`;

  it('an HQ manager activates from the setup email link, agrees to the legal documents, creates a store by form and five by CSV (one bad row reported, the others created), sets ducking', async () => {
    const page = await newPage(env.browser, { locale: 'en-US', baseURL: env.baseURL });
    page.setDefaultTimeout(15_000);

    // Activation: the mailed link, a password and both agreements, then the console.
    const link = await mailedLinkPath(env.system.mailDir, HQ_EMAIL, 'ACCOUNT_SETUP', '/setup');
    await page.goto(link);
    await page.getByText(`Choose a password for ${HQ_EMAIL}`).waitFor();
    await page.getByLabel(/^New password/).fill(HQ_PASSWORD);
    await page.getByLabel(/^Repeat the new password/).fill(HQ_PASSWORD);
    await page.getByRole('checkbox', { name: 'I agree to the Terms of service' }).check();
    await page.getByRole('checkbox', { name: 'I agree to the Privacy policy' }).check();
    await page.getByRole('button', { name: 'Finish setup' }).click();
    await page.waitForURL((url) => url.pathname === '/hq');
    await page.getByRole('navigation').waitFor();

    // The store list starts empty.
    await nav(page, 'Stores');
    await heading(page, 'Stores');
    await page.getByText('No stores yet. Add one, or many at once by CSV.').waitFor();

    // One store by the form: what is wrong is said before anything is sent.
    await page.getByRole('link', { name: 'New store' }).click();
    await heading(page, 'New store');
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/api/v1/hq/stores')) sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await textbox(page, 'Owner email').fill('owner.gangnam@');
    await page.getByRole('button', { name: 'Create the store' }).click();
    await page.getByText('Enter the store name.').waitFor();
    await page.getByText('This is not a valid email address.').waitFor();
    await textbox(page, 'Store name').fill('x'.repeat(51));
    await page.getByRole('button', { name: 'Create the store' }).click();
    await page.getByText('At most 50 characters.').waitFor();
    expect(sent).toEqual([]);
    await textbox(page, 'Store name').fill('Gangnam Station');
    await textbox(page, 'Address').fill('Seoul Gangnam-gu Teheran-ro 1');
    await textbox(page, 'Owner name').fill('Kim Minji');
    await textbox(page, 'Owner email').fill('owner.gangnam@browser.storecast.test');
    await textbox(page, 'Owner phone').fill('010-2222-3333');
    await page.getByRole('button', { name: 'Create the store' }).click();
    await page.getByRole('heading', { name: 'The store “Gangnam Station” was created.' }).waitFor();
    await page.getByTestId('manager-account-result').getByText('A setup email was sent to owner.gangnam@browser.storecast.test.').waitFor();

    // The same email again: 409 DUPLICATE_EMAIL under the email field, nothing created.
    await page.getByRole('button', { name: 'Add another store' }).click();
    await textbox(page, 'Store name').fill('Gangnam Twin');
    await textbox(page, 'Owner email').fill('owner.gangnam@browser.storecast.test');
    await page.getByRole('button', { name: 'Create the store' }).click();
    await page.getByText('This email address is already registered. Use another one; nothing was created.').waitFor();

    // The list shows the new store, with its owner and no "no owner account" marker.
    await page.getByRole('link', { name: 'Back to the stores' }).click();
    await heading(page, 'Stores');
    const gangnam = storeRows(page).filter({ hasText: 'Gangnam Station' });
    await gangnam.waitFor();
    expect(await storeRows(page).count()).toBe(1);
    expect(await gangnam.getByTestId('no-manager-account').count()).toBe(0);
    await gangnam.getByText('Kim Minji').waitFor();

    // Five by CSV: the template first (the Korean header), then six rows, one of them bad.
    await page.getByRole('link', { name: 'Add many by CSV' }).click();
    await heading(page, 'Add stores by CSV');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the template' }).click()]);
    const templatePath = await download.path();
    const template = (await import('node:fs')).readFileSync(templatePath!, 'utf8').replace(/^\uFEFF/, '');
    expect(template.split(/\r?\n/)[0]).toBe(CSV_HEADER);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);

    await page.locator('input[type="file"]').setInputFiles({ name: 'stores.csv', mimeType: 'text/csv', buffer: Buffer.from(bulkCsv('Lantern', 'a')) });
    await page.getByTestId('bulk-file-name').getByText('stores.csv').waitFor();
    const bulkAnswer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/hq/stores/bulk');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    expect((await bulkAnswer).status()).toBe(200);
    const results = page.getByRole('table', { name: 'Results per line' });
    await results.waitFor();
    expect(await results.locator('tbody tr[data-status="SUCCESS"]').count()).toBe(5);
    const failed = results.locator('tbody tr[data-status="FAILED"]');
    expect(await failed.count()).toBe(1);
    expect(await failed.getAttribute('data-row')).toBe('4');
    await failed.getByText('Lantern Broken').waitFor();
    await failed.getByText(`${INVALID_STORE_FIELD} Check the column(s): 점주 이메일`).waitFor();
    await page.getByRole('list', { name: 'Failed lines' }).getByText(`Line 4: ${INVALID_STORE_FIELD} Check the column(s): 점주 이메일`).waitFor();
    const totals = page.getByTestId('bulk-totals');
    const total = async (label: string) => (await totals.locator('div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd').textContent())?.trim();
    expect(await total('Lines')).toBe('6');
    expect(await total('Created')).toBe('5');
    expect(await total('Failed')).toBe('1');
    expect(await total('Owner accounts created')).toBe('2');
    expect(await total('Setup emails not sent')).toBe('0');
    // The progress bar reached the end.
    expect(await page.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('100');

    // The list shows the five: six stores in all, the three without an email marked.
    await page.getByRole('link', { name: 'Back to the stores' }).click();
    await heading(page, 'Stores');
    await page.getByText('6 in all').waitFor();
    for (const name of ['Mapo', 'Jongno', 'Suwon', 'Incheon', 'Daegu']) await storeRows(page).filter({ hasText: `Lantern ${name}` }).waitFor();
    expect(await storeRows(page).filter({ hasText: 'Lantern Broken' }).count()).toBe(0);
    expect(await page.getByTestId('no-manager-account').count()).toBe(3);

    // A filter lives in the URL: a reload keeps it.
    await page.getByRole('combobox', { name: 'Owner account' }).click();
    await page.getByRole('option', { name: 'No account' }).click();
    await page.waitForURL(/hasManagerAccount=false/);
    await page.getByText('3 in all').waitFor();
    await page.reload();
    await page.getByText('3 in all').waitFor();
    expect(await page.getByRole('combobox', { name: 'Owner account' }).inputValue()).toBe('No account');
    await page.goto('/hq/stores');
    await page.getByText('6 in all').waitFor();

    // The store's detail: editing only the address sends only that key.
    await storeRows(page).filter({ hasText: 'Gangnam Station' }).getByRole('link', { name: 'Gangnam Station' }).click();
    await heading(page, 'Gangnam Station');
    const storeId = new URL(page.url()).pathname.split('/').at(-1)!;
    const details = section(page, 'Store details');
    expect(await textbox(details, 'Owner phone').inputValue()).toBe('010-2222-3333');
    await textbox(details, 'Address').fill('Seoul Gangnam-gu Teheran-ro 2');
    const patch = page.waitForRequest(isPatchOf(storeId));
    await details.getByRole('button', { name: 'Save' }).click();
    expect((await patch).postDataJSON()).toEqual({ address: 'Seoul Gangnam-gu Teheran-ro 2' });
    await page.getByText('The store details were saved.').waitFor();
    // Saving again without a change sends nothing.
    sent.length = 0;
    await details.getByRole('button', { name: 'Save' }).click();
    await details.getByText('Nothing changed.').waitFor();
    expect(sent).toEqual([]);
    // Clearing an optional value sends it as null.
    await textbox(details, 'Owner phone').fill('');
    const clear = page.waitForRequest(isPatchOf(storeId));
    await details.getByRole('button', { name: 'Save' }).click();
    expect((await clear).postDataJSON()).toEqual({ managerPhone: null });
    await page.getByText('The store details were saved.').first().waitFor();

    // Its owner, issued with the store.
    await section(page, 'Owner account').getByText('owner.gangnam@browser.storecast.test').waitFor();
    // No own playlist: it plays the HQ default.
    await page.getByTestId('store-playlist').getByText('HQ default: Lantern all day').waitFor();

    // Region: Seoul, named in both languages; a store without one is out of region dispatch.
    const region = section(page, 'Region');
    await region.getByText('Stores without a region are left out of dispatches by region.').waitFor();
    await region.getByRole('combobox', { name: 'Province or city' }).click();
    await page.getByRole('option', { name: 'Seoul · 서울특별시' }).click();
    const regionPatch = page.waitForRequest(isPatchOf(storeId, '/region'));
    await region.getByRole('button', { name: 'Save' }).click();
    expect((await regionPatch).postDataJSON()).toEqual({ region: 'SEOUL' });
    await page.getByText('The region is now Seoul · 서울특별시.').waitFor();

    // Ducking override: the HQ defaults for reference, then the store's own three values.
    const ducking = section(page, 'Ducking');
    await ducking.getByText('HQ defaults: on, volume 20 %, fade 400 ms').waitFor();
    await ducking.getByRole('switch', { name: 'Follow the HQ defaults' }).click();
    await textbox(ducking, 'Music volume while ducked').fill('35');
    await textbox(ducking, 'Fade').fill('800');
    const duckPatch = page.waitForRequest(isPatchOf(storeId, '/ducking'));
    await ducking.getByRole('button', { name: 'Save' }).click();
    expect((await duckPatch).postDataJSON()).toEqual({ duckEnabled: true, duckVolumePercent: 35, duckFadeMs: 800 });
    await page.getByText('The store’s ducking was saved.').waitFor();

    // The commercial song cycle: the store's own 8 instead of the HQ's 5.
    const cycle = section(page, 'Commercial song cycle');
    await cycle.getByRole('switch', { name: 'Use the HQ value (5 songs)' }).click();
    await textbox(cycle, 'Songs').fill('8');
    const cyclePatch = page.waitForRequest(isPatchOf(storeId, '/commercial-cycle'));
    await cycle.getByRole('button', { name: 'Save' }).click();
    expect((await cyclePatch).postDataJSON()).toEqual({ commercialCycleSongs: 8 });
    await page.getByText('The commercial song cycle was saved.').waitFor();

    // A store from the CSV without an owner: the HQ issues one (a taken email first: 409 under the field).
    await page.getByRole('link', { name: 'Back to the stores' }).click();
    await storeRows(page).filter({ hasText: 'Lantern Jongno' }).getByRole('link', { name: 'Lantern Jongno' }).click();
    await heading(page, 'Lantern Jongno');
    const owner = section(page, 'Owner account');
    await owner.getByText('This store has no owner account.').waitFor();
    await textbox(owner, 'Owner email').fill('owner.gangnam@browser.storecast.test');
    await owner.getByRole('button', { name: 'Issue an owner account' }).click();
    await owner.getByText('This email address is already registered. Use another one; nothing was created.').waitFor();
    await textbox(owner, 'Owner email').fill('owner.jongno@browser.storecast.test');
    await textbox(owner, 'Name (optional)').fill('Han');
    await owner.getByRole('button', { name: 'Issue an owner account' }).click();
    await owner.getByText('A setup email was sent to owner.jongno@browser.storecast.test.').waitFor();
    await owner.getByText('Active', { exact: true }).waitFor();

    // HQ settings: the profile, and the ducking defaults with their preview.
    await nav(page, 'HQ settings');
    await heading(page, 'HQ settings');
    const profile = section(page, 'HQ profile');
    await profile.getByText('Lantern Coffee').waitFor();
    await profile.getByText('123-45-67890').waitFor();
    await profile.getByText('Day 10 of each month').waitFor();
    const defaults = section(page, 'Ducking defaults');
    await textbox(defaults, 'Music volume while ducked').fill('101');
    await defaults.getByRole('button', { name: 'Save' }).click();
    await defaults.getByText('Enter a whole number from 0 to 100.').waitFor();
    await textbox(defaults, 'Music volume while ducked').fill('10');
    await textbox(defaults, 'Fade').fill('1200');
    const listen = defaults.getByTestId('duck-preview');
    await listen.click();
    expect(await listen.getAttribute('aria-pressed')).toBe('true');
    await listen.click();
    expect(await listen.getAttribute('aria-pressed')).toBe('false');
    const hqDuck = page.waitForRequest((r) => r.method() === 'PATCH' && new URL(r.url()).pathname === '/api/v1/hq/me/ducking');
    await defaults.getByRole('button', { name: 'Save' }).click();
    expect((await hqDuck).postDataJSON()).toEqual({ duckEnabled: true, duckVolumePercent: 10, duckFadeMs: 1200 });
    await page.getByText('The ducking defaults were saved.').waitFor();

    // What the server keeps.
    const token = await hqToken();
    const me = await client.get('/api/v1/hq/me', { token });
    expect(me.body).toMatchObject({ duckEnabled: true, duckVolumePercent: 10, duckFadeMs: 1200, commercialCycleSongs: 5, storeCount: 6 });
    const store = await client.get(`/api/v1/hq/stores/${storeId}`, { token });
    expect(store.body).toMatchObject({
      address: 'Seoul Gangnam-gu Teheran-ro 2',
      phone: null,
      managerName: 'Kim Minji',
      region: 'SEOUL',
      commercialCycleSongs: 8,
      duckEnabled: true,
      duckVolumePercent: 35,
      duckFadeMs: 800,
      hqDuckVolumePercent: 10,
      hqDuckFadeMs: 1200,
    });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  }, 180_000);

  it.each<[Locale, string]>([
    ['ko-KR', 'ko'],
    ['en-US', 'en'],
  ])('screenshots of the stores list, the create form with a validation message, the bulk results, a store and the settings (%s)', async (locale, slug) => {
    const page = await openHqConsole(env.browser, env, { email: HQ_EMAIL, password: HQ_PASSWORD }, locale);
    page.setDefaultTimeout(15_000);
    const ko = locale === 'ko-KR';
    expect(await visitAndShoot(page, '/hq/stores', 'stores-list')).toBe(ko ? '매장' : 'Stores');

    await visitAndShoot(page, '/hq/stores/new', 'store-create-blank');
    await page.getByRole('button', { name: ko ? '매장 만들기' : 'Create the store' }).click();
    await page.getByText(ko ? '매장명을 입력하세요.' : 'Enter the store name.').waitFor();
    await screenshot(page, 'hq-store-create-validation');

    await visitAndShoot(page, '/hq/stores/bulk', 'stores-bulk');
    await page.locator('input[type="file"]').setInputFiles({ name: `stores-${slug}.csv`, mimeType: 'text/csv', buffer: Buffer.from(bulkCsv(`Lamp ${slug}`, slug)) });
    await page.getByRole('button', { name: ko ? '올리기' : 'Upload', exact: true }).click();
    const failed = page.locator('tbody tr[data-status="FAILED"]');
    await failed.getByText(ko ? '매장 정보를 확인해 주세요. 확인할 열: 점주 이메일' : `${INVALID_STORE_FIELD} Check the column(s): 점주 이메일`).waitFor();
    await screenshot(page, 'hq-stores-bulk-results');

    const token = await hqToken();
    const list = await client.get('/api/v1/hq/stores?q=Gangnam%20Station', { token });
    expect(await visitAndShoot(page, `/hq/stores/${list.body.items[0].id}`, 'store-detail')).toBe('Gangnam Station');
    expect(await page.getByRole('combobox', { name: ko ? '시·도' : 'Province or city' }).inputValue()).toBe(ko ? '서울특별시 · Seoul' : 'Seoul · 서울특별시');
    await page.getByText(ko ? '본사 기본: Lantern all day' : 'HQ default: Lantern all day').waitFor();
    await screenshot(page, 'hq-store-detail');

    expect(await visitAndShoot(page, '/hq/settings', 'settings')).toBe(ko ? '본사 설정' : 'HQ settings');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('a file that is not the template is one message before any row; more than 3 uploads a minute are refused in words', async () => {
    const page = await openHqConsole(env.browser, env, { email: HQ_EMAIL, password: HQ_PASSWORD }, 'ko-KR');
    page.setDefaultTimeout(15_000);
    await page.goto('/hq/stores/bulk');
    await heading(page, 'CSV로 매장 추가');
    await page.locator('input[type="file"]').setInputFiles({ name: 'wrong.csv', mimeType: 'text/csv', buffer: Buffer.from('name,address\r\nA,B\r\n') });
    const upload = page.getByRole('button', { name: '올리기', exact: true });
    const bulkAnswer = () => page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/hq/stores/bulk');
    const fileProblem = page.getByRole('alert').filter({ hasText: 'CSV 파일을 읽을 수 없습니다. 템플릿의 다섯 열 머리글을 그대로 사용해 주세요.' });
    const limited = page.getByRole('alert').filter({ hasText: /^CSV는 1분에 3번까지 올릴 수 있습니다\. \d+초 뒤에 다시 올려 주세요\.$/ });
    // spec 03 § Limits: 3 bulk calls per minute, of which the earlier tests used some. Uploads
    // until both answers were seen: 400 HQ_STORE_BULK_INVALID_FILE (one sentence, no results
    // table) and 429 RATE_LIMITED (in words, with the wait); after a 429 with no 400 yet, the
    // next try waits the Retry-After the server named.
    let seen400 = false;
    let seen429 = false;
    for (let tries = 0; !(seen400 && seen429); tries++) {
      if (tries >= 8) throw new Error(`after ${tries} uploads: 400 seen ${seen400}, 429 seen ${seen429}`);
      const answer = bulkAnswer();
      await upload.click();
      const response = await answer;
      if (response.status() === 429) {
        await limited.waitFor();
        seen429 = true;
        if (!seen400) await page.waitForTimeout(Number((await response.headerValue('retry-after')) ?? '20') * 1000);
      } else {
        expect(response.status()).toBe(400);
        await fileProblem.waitFor();
        expect(await page.getByRole('table', { name: '줄별 결과' }).count()).toBe(0);
        seen400 = true;
      }
    }
    await page.context().close();
  }, 120_000);
});
