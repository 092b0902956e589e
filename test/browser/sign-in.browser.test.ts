// The sign-in pages of the web app in Chromium, against the whole system through the gateway
// (spec 02 § Authentication, § Authentication and accounts): the forced password change and the
// agreement gate, the mailed setup, reset and email-change links, signing out, the language
// switch, and screenshots of every page in both languages.
import type { Page } from 'playwright-core';
import { api } from '../e2e/system';
import {
  type Client,
  createStoreWithManager,
  mailedLinkPath,
  onboardHq,
  operatorSession,
  publishLegalDocs,
  readyHq,
  readyStore,
} from './accounts';
import { type Locale, newPage, pageErrors, screenshot } from './browser';
import { type BrowserSystem, startBrowserSystem } from './system';

const TERMS_HEADING = 'Storecast 서비스 이용약관';
const PRIVACY_HEADING = 'Storecast 개인정보 처리방침';
const TERMS = `# ${TERMS_HEADING}\n\n제1조 (목적) 이 약관은 매장 배경음악 서비스의 이용 조건을 정합니다.\n\n- 매장 재생\n- 안내 방송\n`;
const PRIVACY = `# ${PRIVACY_HEADING}\n\n회사는 서비스 제공에 필요한 **최소한의 개인정보**만 수집합니다.\n`;

/** Sentences of web/src/lib/errors/error-messages.ts and auth.messages.ts the tests look for. */
const TOKEN_INVALID = { ko: '링크가 만료되었거나 이미 사용되었습니다. 새 메일을 요청해 주세요.', en: 'This link has expired or was already used. Ask for a new email.' };
const INVALID_CREDENTIALS_KO = '이메일 또는 비밀번호가 올바르지 않습니다.';

/** What Chromium writes to the console when the content security policy blocks something. */
const CSP_CONSOLE = /Content Security Policy|Refused to (load|execute|apply|connect|create|frame|evaluate)/i;

interface Watched {
  page: Page;
  cspConsole: string[];
  violations: string[];
}

let unique = 0;
const nextId = (): string => `${Date.now().toString(36)}${(unique++).toString(36)}`;

describe('the sign-in pages in the browser', () => {
  let bs: BrowserSystem;
  let client: Client;
  let operatorToken: string;
  /** An HQ past both gates, for the tests that need stores. */
  let seedHqToken: string;
  let opened: Watched[] = [];

  beforeAll(async () => {
    // Every sign-in of this file (API and browser) comes from 127.0.0.1: the per-IP login limit
    // (30 a minute) is a limit of production traffic, not what these pages are tested for.
    bs = await startBrowserSystem({ env: { RATE_LIMIT_LOGIN_PER_IP: '1000' } });
    client = api(bs.baseURL);
    operatorToken = (await operatorSession(bs.system, client)).accessToken;
    await publishLegalDocs(client, operatorToken, { terms: TERMS, privacy: PRIVACY });
    const hq = await readyHq(client, operatorToken, {
      name: 'Seed Coffee',
      manager: { email: 'seed.hq@browser.storecast.test', tempPassword: 'Seed-temp-123', name: 'Seed HQ' },
      password: 'Seed-pass-456',
    });
    seedHqToken = hq.session.accessToken;
  }, 120_000);

  afterAll(async () => {
    await bs?.stop();
  }, 60_000);

  afterEach(async () => {
    for (const w of opened) await w.page.context().close().catch(() => undefined);
    opened = [];
  });

  /** A page of the gateway's web app in its own context, watched for page errors and CSP violations. */
  const open = async (locale: Locale): Promise<Page> => {
    const page = await newPage(bs.browser, { locale, baseURL: bs.baseURL });
    page.setDefaultTimeout(10_000);
    const watched: Watched = { page, cspConsole: [], violations: [] };
    page.on('console', (msg) => {
      if (msg.type() === 'error' && CSP_CONSOLE.test(msg.text())) watched.cspConsole.push(msg.text());
    });
    await page.context().exposeBinding('__storecastCspViolation', (_source, text: string) => {
      watched.violations.push(text);
    });
    await page.context().addInitScript({
      content: `document.addEventListener('securitypolicyviolation', (e) => window.__storecastCspViolation(e.violatedDirective + ' ' + e.blockedURI));`,
    });
    opened.push(watched);
    return page;
  };

  /** Every page the test opened threw nothing uncaught and met no CSP violation. */
  const expectCleanPages = (): void => {
    for (const w of opened) {
      expect({ url: w.page.url(), pageErrors: pageErrors(w.page), cspConsole: w.cspConsole, cspViolations: w.violations }).toEqual({
        url: w.page.url(),
        pageErrors: [],
        cspConsole: [],
        cspViolations: [],
      });
    }
  };

  /** An input by its accessible name (Mantine's required asterisk is aria-hidden, not part of it). */
  const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

  /** The error text Mantine shows under an input: the element its aria-describedby names `…-error`. */
  const fieldError = async (page: Page, label: string): Promise<string> => {
    const ids = ((await field(page, label).getAttribute('aria-describedby')) ?? '').split(/\s+/).filter((id) => id.endsWith('-error'));
    const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
    return texts.join(' ');
  };

  const waitForText = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });

  const storedSession = (page: Page) =>
    page.evaluate(`JSON.parse(localStorage.getItem('storecast.session') || 'null')`) as Promise<{ accessToken: string; refreshToken: string } | null>;

  const signInInBrowser = async (page: Page, locale: Locale, email: string, password: string): Promise<void> => {
    const ko = locale === 'ko-KR';
    await field(page, ko ? '이메일' : 'Email').fill(email);
    await field(page, ko ? '비밀번호' : 'Password').fill(password);
    await page.getByRole('button', { name: ko ? '로그인' : 'Sign in', exact: true }).click();
  };

  it('an HQ manager with a temporary password must change it first, then agree to the terms and privacy policy, then reaches the HQ console', async () => {
    const manager = { email: `hq.${nextId()}@browser.storecast.test`, tempPassword: 'Temp-pass-123', name: 'Kim HQ' };
    await onboardHq(client, operatorToken, { name: '커피 체인', manager });
    const page = await open('ko-KR');
    const changePasswordCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/v1/auth/change-password') changePasswordCalls.push(req.method());
    });

    await page.goto('/login');
    await signInInBrowser(page, 'ko-KR', manager.email, manager.tempPassword);
    await page.waitForURL('**/change-password');
    await page.getByRole('heading', { name: '비밀번호 변경' }).waitFor();

    // No other page before the password is changed.
    for (const path of ['/hq', '/agreements']) {
      await page.goto(path);
      await page.waitForURL('**/change-password');
      await page.getByRole('heading', { name: '비밀번호 변경' }).waitFor();
    }

    const submit = page.getByRole('button', { name: '변경하고 계속' });
    await field(page, '현재 비밀번호').fill(manager.tempPassword);
    await field(page, '새 비밀번호').fill('short');
    await field(page, '새 비밀번호 확인').fill('short');
    await submit.click();
    // The rule is also the field's description: the error is the element the input names as such.
    await page.getByText('비밀번호는 8~100자여야 합니다.', { exact: true }).nth(1).waitFor();
    expect(await fieldError(page, '새 비밀번호')).toBe('비밀번호는 8~100자여야 합니다.');

    await field(page, '새 비밀번호').fill('Brand-new-pass-1');
    await field(page, '새 비밀번호 확인').fill('Brand-new-pass-2');
    await submit.click();
    await waitForText(page, '두 비밀번호가 같지 않습니다.');
    expect(await fieldError(page, '새 비밀번호 확인')).toBe('두 비밀번호가 같지 않습니다.');
    expect(await fieldError(page, '새 비밀번호')).toBe('');
    // Both refusals were the page's own: nothing was sent.
    expect(changePasswordCalls).toEqual([]);

    await field(page, '새 비밀번호 확인').fill('Brand-new-pass-1');
    await submit.click();
    await page.waitForURL('**/agreements');
    expect(changePasswordCalls).toEqual(['POST']);

    // Both documents, their markdown rendered (the heading is a heading, not "# …").
    await page.getByRole('heading', { name: TERMS_HEADING }).waitFor();
    await page.getByRole('heading', { name: PRIVACY_HEADING }).waitFor();
    await page.getByText('최소한의 개인정보', { exact: true }).waitFor();
    expect(await page.getByText(`# ${TERMS_HEADING}`).count()).toBe(0);

    const agreeCalls: string[] = [];
    page.on('request', (req) => {
      if (/^\/api\/v1\/legal\/(terms|privacy)\/agree$/.test(new URL(req.url()).pathname)) agreeCalls.push(new URL(req.url()).pathname);
    });
    const agree = page.getByRole('button', { name: '동의하고 계속' });
    await agree.click();
    // Under each unticked box: what is missing.
    await waitForText(page, '계속하려면 동의해 주세요.');
    expect(await page.getByText('계속하려면 동의해 주세요.', { exact: true }).count()).toBe(2);
    expect(agreeCalls).toEqual([]);
    expect(page.url()).toMatch(/\/agreements$/);

    await page.getByRole('checkbox', { name: '이용약관에 동의합니다' }).check();
    await page.getByRole('checkbox', { name: '개인정보 처리방침에 동의합니다' }).check();
    await agree.click();
    await page.waitForURL('**/hq');
    await page.getByText('본사 콘솔 · 커피 체인', { exact: true }).waitFor();
    expect(agreeCalls.sort()).toEqual(['/api/v1/legal/privacy/agree', '/api/v1/legal/terms/agree']);

    const tokens = await storedSession(page);
    const me = await client.get('/api/v1/auth/me', { token: tokens!.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: manager.email, role: 'HQ_MANAGER', passwordMustChange: false, termsRequiresAgreement: false, privacyRequiresAgreement: false });
    expectCleanPages();
  }, 60_000);

  it('the emailed setup link opens the setup page; setting a password and agreeing signs the store manager in', async () => {
    const email = `store.${nextId()}@browser.storecast.test`;
    await createStoreWithManager(client, seedHqToken, { name: 'Gangnam', managerEmail: email });
    const link = await mailedLinkPath(bs.system.mailDir, email, 'ACCOUNT_SETUP', '/setup');

    const page = await open('en-US');
    await page.goto(link);
    await waitForText(page, `Choose a password for ${email} and agree to the documents, and the account is ready.`);
    await field(page, 'New password').fill('Store-pass-321');
    await field(page, 'Repeat the new password').fill('Store-pass-321');
    await page.getByRole('heading', { name: TERMS_HEADING }).waitFor();
    await page.getByRole('heading', { name: PRIVACY_HEADING }).waitFor();
    await page.getByRole('checkbox', { name: 'I agree to the Terms of service' }).check();
    await page.getByRole('checkbox', { name: 'I agree to the Privacy policy' }).check();
    await page.getByRole('button', { name: 'Finish setup' }).click();
    await page.waitForURL('**/player');
    // Signed in as the store manager, in the player area (whose content is another issue's).
    const tokens = await storedSession(page);
    const me = await client.get('/api/v1/auth/me', { token: tokens!.accessToken });
    expect(me.body).toMatchObject({ email, role: 'STORE_MANAGER', passwordMustChange: false, termsRequiresAgreement: false, privacyRequiresAgreement: false });

    // The link is single use.
    const again = await open('en-US');
    await again.goto(link);
    await waitForText(again, TOKEN_INVALID.en);
    expect(await again.getByRole('button', { name: 'Finish setup' }).count()).toBe(0);
    expectCleanPages();
  }, 60_000);

  it('a password reset from the link', async () => {
    const store = await readyStore(bs.system, client, seedHqToken, { name: 'Hongdae', managerEmail: `reset.${nextId()}@browser.storecast.test`, password: 'Old-pass-111' });
    const page = await open('ko-KR');
    await page.goto('/reset-password');
    await field(page, '이메일').fill(store.email);
    await page.getByRole('button', { name: '링크 보내기' }).click();
    await waitForText(page, '그 주소로 가입된 계정이 있으면 재설정 링크를 보냈습니다. 메일함을 확인하세요.');

    const link = await mailedLinkPath(bs.system.mailDir, store.email, 'PASSWORD_RESET', '/reset-password');
    await page.goto(link);
    await field(page, '새 비밀번호').fill('New-pass-222');
    await field(page, '새 비밀번호 확인').fill('New-pass-222');
    await page.getByRole('button', { name: '비밀번호 바꾸기' }).click();
    await waitForText(page, '비밀번호를 바꿨습니다. 새 비밀번호로 로그인하세요.');
    await page.getByRole('link', { name: '로그인으로' }).click();
    await page.waitForURL('**/login');

    await signInInBrowser(page, 'ko-KR', store.email, 'Old-pass-111');
    await waitForText(page, INVALID_CREDENTIALS_KO);
    expect(page.url()).toMatch(/\/login$/);

    await signInInBrowser(page, 'ko-KR', store.email, 'New-pass-222');
    await page.waitForURL('**/player');
    expectCleanPages();
  }, 60_000);

  it('the mail links that answered 404 now open their pages', async () => {
    for (const path of ['/setup?token=x', '/reset-password?token=x', '/email-change?token=x']) {
      const res = await fetch(`${bs.baseURL}${path}`);
      expect({ path, status: res.status, type: res.headers.get('content-type') }).toEqual({ path, status: 200, type: expect.stringMatching(/^text\/html/) });
      expect(await res.text()).toContain('<div id="root">');
    }
    const page = await open('en-US');
    await page.goto('/email-change?token=bogus');
    await page.getByRole('heading', { name: 'Confirm your new email' }).waitFor();
    await page.getByRole('button', { name: 'Confirm the new email' }).click();
    await waitForText(page, TOKEN_INVALID.en);
    expectCleanPages();
  }, 60_000);

  it('signing out ends the session', async () => {
    // An HQ manager: the store player opens a device-registration dialog on a first visit.
    const hq = await readyHq(client, operatorToken, {
      name: 'Sign-out Bakery',
      manager: { email: `out.${nextId()}@browser.storecast.test`, tempPassword: 'Out-temp-123', name: 'Out HQ' },
      password: 'Out-pass-333',
    });
    const page = await open('en-US');
    await page.goto('/login');
    await signInInBrowser(page, 'en-US', hq.manager.email, hq.password);
    await page.waitForURL('**/hq');
    await page.getByText('HQ console · Sign-out Bakery', { exact: true }).waitFor();
    const before = await storedSession(page);
    expect(before?.refreshToken).toEqual(expect.any(String));

    const logout = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/v1/auth/logout');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect([200, 204]).toContain((await logout).status());
    expect(await storedSession(page)).toBeNull();

    const refresh = await client.post('/api/v1/auth/refresh', { refreshToken: before!.refreshToken });
    expect(refresh.status).toBe(401);
    // And the HQ console sends to sign-in now.
    await page.goto('/hq');
    await page.waitForURL(/\/login\?next=%2Fhq$/);
    expectCleanPages();
  }, 60_000);

  it('a session ended elsewhere sends to sign-in saying why', async () => {
    const hq = await readyHq(client, operatorToken, {
      name: 'Revoked Tea',
      manager: { email: `revoked.${nextId()}@browser.storecast.test`, tempPassword: 'Rev-temp-123', name: 'Rev HQ' },
      password: 'Rev-pass-456',
    });
    const page = await open('en-US');
    await page.goto('/login');
    await signInInBrowser(page, 'en-US', hq.manager.email, hq.password);
    await page.waitForURL('**/hq');
    await page.getByText('HQ console · Revoked Tea', { exact: true }).waitFor();
    // The password is changed on another device: every refresh token of the account is deleted.
    const api2 = await client.post('/api/v1/auth/login', { email: hq.manager.email, password: hq.password });
    const changed = await client.post('/api/v1/auth/change-password', { currentPassword: hq.password, newPassword: 'Rev-pass-789' }, { token: api2.body.accessToken });
    expect(changed.status).toBe(200);
    // This tab slept past its access token's lifetime: the next page load refreshes, and is refused.
    await page.evaluate(`(() => { const s = JSON.parse(localStorage.getItem('storecast.session')); s.accessExpiresAt = 0; localStorage.setItem('storecast.session', JSON.stringify(s)); })()`);
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login');
    // use-sign-out-redirect.ts: a refused refresh signs out with reason REVOKED, and sign-in says so.
    const notice = 'You were signed out elsewhere or your password changed. Please sign in again.';
    await waitForText(page, notice).catch((err: Error) => {
      throw new Error(`sign-in shows no "${notice}" at ${page.url()}: ${err.message.split('\n')[0]}`);
    });
    expect(new URL(page.url()).searchParams.get('reason')).toBe('REVOKED');
    expectCleanPages();
  }, 60_000);

  it('switching the language changes every text and is remembered', async () => {
    const page = await open('ko-KR');
    await page.goto('/login');
    await page.getByRole('heading', { name: '로그인' }).waitFor();
    expect(await page.evaluate('document.documentElement.lang')).toBe('ko');

    await page.getByRole('radiogroup', { name: '언어' }).getByText('English', { exact: true }).click();
    const expectEnglish = async () => {
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await field(page, 'Email').waitFor();
      await field(page, 'Password').waitFor();
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
      await page.getByRole('link', { name: 'Forgot your password?' }).waitFor();
      await page.getByRole('radiogroup', { name: 'Language' }).waitFor();
      expect(await page.evaluate('document.documentElement.lang')).toBe('en');
      // No Korean left on the page (the control's own "한국어" option aside).
      const text = (await page.locator('body').innerText()).replace('한국어', '');
      expect(text).not.toMatch(/[\uac00-\ud7a3]/);
      // The form's own refusals, too.
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      expect(await fieldError(page, 'Email')).toBe('Enter a valid email address.');
      expect(await fieldError(page, 'Password')).toBe('Enter your password.');
    };
    await expectEnglish();
    await page.reload();
    await expectEnglish();
    expect(await page.evaluate(`localStorage.getItem('storecast.language')`)).toBe('en');
    expectCleanPages();
  }, 60_000);

  it.each<Locale>(['ko-KR', 'en-US'])('every sign-in page in %s, as screenshots', async (locale) => {
    const ko = locale === 'ko-KR';
    const id = nextId();
    const manager = { email: `shots.${id}@browser.storecast.test`, tempPassword: 'Temp-shot-123', name: 'Shot HQ' };
    await onboardHq(client, operatorToken, { name: ko ? '스크린샷 본사' : 'Screenshot HQ', manager });
    const storeEmail = `shots.store.${id}@browser.storecast.test`;
    await createStoreWithManager(client, seedHqToken, { name: 'Shots', managerEmail: storeEmail });
    const setupLink = await mailedLinkPath(bs.system.mailDir, storeEmail, 'ACCOUNT_SETUP', '/setup');
    const page = await open(locale);
    const shots: string[] = [];
    const shoot = async (name: string) => shots.push(await screenshot(page, name));

    await page.goto('/login');
    await page.getByRole('heading', { name: ko ? '로그인' : 'Sign in' }).waitFor();
    await shoot('login');

    await signInInBrowser(page, locale, manager.email, manager.tempPassword);
    await page.waitForURL('**/change-password');
    await page.getByRole('heading', { name: ko ? '비밀번호 변경' : 'Change your password' }).waitFor();
    await shoot('change-password');

    await field(page, ko ? '현재 비밀번호' : 'Current password').fill(manager.tempPassword);
    await field(page, ko ? '새 비밀번호' : 'New password').fill('Shot-pass-456');
    await field(page, ko ? '새 비밀번호 확인' : 'Repeat the new password').fill('Shot-pass-456');
    await page.getByRole('button', { name: ko ? '변경하고 계속' : 'Change and continue' }).click();
    await page.waitForURL('**/agreements');
    await page.getByRole('heading', { name: TERMS_HEADING }).waitFor();
    await page.getByRole('heading', { name: PRIVACY_HEADING }).waitFor();
    await shoot('agreements');

    await page.goto(setupLink);
    await page.getByRole('heading', { name: TERMS_HEADING }).waitFor();
    await page.getByRole('heading', { name: PRIVACY_HEADING }).waitFor();
    await shoot('setup');

    await page.goto('/reset-password');
    await page.getByRole('button', { name: ko ? '링크 보내기' : 'Send the link' }).waitFor();
    await shoot('reset-password-request');

    await page.goto('/reset-password?token=screenshot');
    await page.getByRole('button', { name: ko ? '비밀번호 바꾸기' : 'Change the password' }).waitFor();
    await shoot('reset-password-confirm');

    await page.goto('/email-change?token=screenshot');
    await page.getByRole('button', { name: ko ? '새 이메일 확인' : 'Confirm the new email' }).waitFor();
    await shoot('email-change');

    expect(shots.map((f) => f.split('/').slice(-2).join('/'))).toEqual(
      ['login', 'change-password', 'agreements', 'setup', 'reset-password-request', 'reset-password-confirm', 'email-change'].map((n) => `${locale}/${n}.png`),
    );
    expectCleanPages();
  }, 60_000);
});
