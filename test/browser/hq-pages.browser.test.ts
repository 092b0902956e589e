// Every page of the HQ console in Korean and in English (issue 40, done-means 6), in Chromium
// against the whole system through the gateway: a chain seeded with enough of everything to show
// content (stores, an announcement and its dispatch, a commercial song, plays, playlists and
// libraries, tickets of both channels), each page visited in ko-KR and en-US. Each page has one
// h1 inside main, speaks the page's language (no raw i18n key, no "{{", no text left in the other
// language), and is screenshotted. The page list follows web/src/app/routes/hq-area.tsx and the
// routes file of each feature.
import { sineMp3 } from '@storecast/service-kit/testing';
import type { Page } from 'playwright-core';
import { api } from '../e2e/system';
import { pageErrors, type Locale } from './browser';
import type { Client } from './accounts';
import { openHqConsole, visitAndShoot } from './hq-fixture';
import { seedChain, type Chain } from './player-fixture';
import { createTicketByApi } from './store-seed';
import { startBrowserSystem, type BrowserSystem } from './system';

const CHAIN = 'Cedar Market';
const HQ = { email: 'hq.cedar-market@browser.storecast.test', password: 'Hq-password-456' };

/** What the seed names: data, shown as typed in both languages. */
const DATA = [
  CHAIN, 'Cedar Sine', 'Birch Sine', 'Cedar Market music', 'Cedar Market all day', 'Weekend sale', 'Everything is ten percent off this weekend.',
  'Cedar jingle', 'Door sticks', 'The front door sticks when it rains.', 'Contract renewal', 'Please send the renewal contract for next year.',
  // The seed's store address and owner name (accounts.ts createStoreWithManager).
  'Seoul Jung-gu 1', 'Store Manager',
  // The bulk CSV's column names, Korean in both languages (spec 03: the template's header).
  '매장명', '주소', '점주명', '점주 이메일', '점주 연락처',
  // Longest first: a name is taken out whole before a shorter one inside it.
].sort((a, b) => b.length - a.length);

interface Visit {
  path: string;
  name: string;
  /** The h1 is data (a store's or a playlist's name): the same in both languages by nature. */
  dataHeading?: string;
}

interface Seen {
  h1Count: number;
  h1: string;
  text: string;
  /** Leaf texts of main that look like the other language (see leftovers()). */
  foreign: string[];
}

describe('every HQ console page in Korean and English', () => {
  let env: BrowserSystem;
  let client: Client;
  let chain: Chain;
  let visits: Visit[] = [];
  const seen: Record<Locale, Map<string, Seen>> = { 'ko-KR': new Map(), 'en-US': new Map() };

  const expectOk = (what: string, res: { status: number; body: unknown }) => {
    if (res.status < 200 || res.status >= 300) throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  };
  const hqToken = async () => (await client.post('/api/v1/auth/login', HQ)).body.accessToken as string;

  beforeAll(async () => {
    env = await startBrowserSystem({ env: { RATE_LIMIT_LOGIN_PER_IP: '1000' } });
    client = api(env.baseURL);
    chain = await seedChain(env, client, { name: CHAIN, storeCount: 2, songs: [{ title: 'Cedar Sine', seconds: 20 }, { title: 'Birch Sine', seconds: 20 }] });
    const token = await hqToken();
    const [first, second] = [chain.stores[0]!, chain.stores[1]!];

    // An announcement sent now to both stores (its dispatch rows and receipts).
    const announcement = await client.post('/api/v1/hq/announcements', { title: 'Weekend sale', text: 'Everything is ten percent off this weekend.', voice: 'WOOSUNG' }, { token });
    expectOk('creating the announcement', announcement);
    const dispatch = await client.post(`/api/v1/hq/announcements/${announcement.body.id}/dispatches`, { target: 'STORES', storeIds: [first.storeId, second.storeId] }, { token });
    expectOk('dispatching the announcement', dispatch);

    // A commercial song (multipart MP3 with its title and length).
    const mp3 = new Uint8Array(sineMp3({ hz: 660, seconds: 5 }));
    const sendCommercial = () => {
      const form = new FormData();
      form.append('file', new Blob([mp3], { type: 'audio/mpeg' }), 'jingle.mp3');
      return fetch(`${env.baseURL}/api/v1/hq/commercials?title=${encodeURIComponent('Cedar jingle')}&durationSeconds=5`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
    };
    // Sent again once on a reset connection or S3's 503 under load, as uploadSong does: the seed is not under test.
    let commercial = await sendCommercial().catch(() => sendCommercial());
    if (commercial.status === 503) commercial = await sendCommercial();
    if (commercial.status !== 201) throw new Error(`creating the commercial song: HTTP ${commercial.status} ${await commercial.text()}`);

    // Plays of both songs at the first store, reported as its player would.
    const startedAt = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    expectOk(
      'reporting plays',
      await client.post(
        '/api/v1/store/playback/report',
        {
          state: 'PLAYING',
          currentMusicId: chain.songIds[0],
          logs: [
            { musicId: chain.songIds[0], startedAt: startedAt(3), playedMs: 20_000 },
            { musicId: chain.songIds[1], startedAt: startedAt(2), playedMs: 20_000 },
          ],
        },
        { token: first.accessToken },
      ),
    );

    // A ticket of each channel.
    const storeTicketId = await createTicketByApi(client, first.accessToken, { title: 'Door sticks', body: 'The front door sticks when it rains.', category: 'OTHER' });
    const hqTicket = await client.post('/api/v1/hq/tickets', { title: 'Contract renewal', body: 'Please send the renewal contract for next year.', category: 'BILLING' }, { token });
    expectOk('filing the HQ ticket', hqTicket);

    const libraries = await client.get('/api/v1/hq/libraries', { token });
    expectOk('listing the libraries', libraries);
    const libraryId = libraries.body.items[0].id as string;
    const a = announcement.body.id as string;

    visits = [
      { path: '/hq', name: 'fleet' },
      { path: '/hq/stores', name: 'stores' },
      { path: '/hq/stores/new', name: 'store-create' },
      { path: '/hq/stores/bulk', name: 'stores-bulk' },
      { path: `/hq/stores/${first.storeId}`, name: 'store-detail', dataHeading: `${CHAIN} store 1` },
      { path: '/hq/announcements', name: 'announcements' },
      { path: '/hq/announcements/new', name: 'announcement-create' },
      { path: `/hq/announcements/${a}`, name: 'announcement-detail', dataHeading: 'Weekend sale' },
      { path: `/hq/announcements/${a}/edit`, name: 'announcement-edit' },
      { path: `/hq/announcements/${a}/dispatch`, name: 'dispatch-form' },
      { path: '/hq/dispatches', name: 'dispatches' },
      { path: '/hq/receipts', name: 'receipts' },
      { path: `/hq/receipts/${dispatch.body.dispatchIds[0]}`, name: 'receipt-detail' },
      { path: '/hq/commercials', name: 'commercials' },
      { path: '/hq/playback', name: 'playback-logs' },
      { path: '/hq/playback/summary', name: 'playback-summary' },
      { path: '/hq/playlists', name: 'playlists' },
      { path: `/hq/playlists/${chain.playlistId}`, name: 'playlist-detail', dataHeading: `${CHAIN} all day` },
      { path: '/hq/libraries', name: 'libraries' },
      { path: `/hq/libraries/${libraryId}`, name: 'library-detail', dataHeading: `${CHAIN} music` },
      { path: '/hq/support/store-tickets', name: 'support-store' },
      { path: `/hq/support/store-tickets/${storeTicketId}`, name: 'support-store-detail', dataHeading: 'Door sticks' },
      { path: '/hq/support/tickets', name: 'support-hq' },
      { path: `/hq/support/tickets/${hqTicket.body.id}`, name: 'support-hq-detail', dataHeading: 'Contract renewal' },
      { path: '/hq/settings', name: 'settings' },
      { path: '/hq/account', name: 'account' },
    ];
  }, 300_000);
  afterAll(async () => {
    await env?.stop();
  }, 60_000);

  /**
   * Texts of main (and its aria-labels, titles, placeholders) in the other language: in Korean,
   * runs of two or more English words (a text with no translation falls back to English); in
   * English, any Hangul. Seeded data and the pages' own emails are left out.
   */
  const leftovers = (page: Page, locale: Locale): Promise<string[]> =>
    page.evaluate(
      ([loc, data]) => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's globals, without the DOM's types
        const doc = (globalThis as any).document;
        const main = doc.querySelector('main');
        const walker = doc.createTreeWalker(main, 4 /* NodeFilter.SHOW_TEXT */);
        const found: string[] = [];
        const check = (raw: string) => {
          let text = raw.trim();
          for (const d of data) text = text.split(d).join(' ');
          text = text.replace(/\S+@\S+/g, ' ').trim();
          if (loc === 'ko-KR' ? /[A-Za-z]{2,}[ ,]+[A-Za-z]{2,}/.test(text) && !/[가-힣]/.test(text) : /[가-힣]/.test(text)) found.push(text);
        };
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (node.parentElement?.closest('svg, script, style')) continue;
          check(String(node.textContent ?? ''));
        }
        // What a screen reader or a hover says: labels of icon buttons, titles, placeholders.
        for (const el of main.querySelectorAll('[aria-label], [title], [placeholder]')) {
          for (const attr of ['aria-label', 'title', 'placeholder']) if (el.hasAttribute(attr)) check(String(el.getAttribute(attr)));
        }
        return found;
      },
      [locale, DATA] as const,
    );

  it.each<Locale>(['ko-KR', 'en-US'])('every page renders in %s, with one h1 in main, and is screenshotted', async (locale) => {
    expect(visits.length).toBeGreaterThan(20);
    const page = await openHqConsole(env.browser, env, HQ, locale);
    page.setDefaultTimeout(20_000);
    for (const visit of visits) {
      const h1 = await visitAndShoot(page, visit.path, `page-${visit.name}`);
      const main = page.getByRole('main');
      seen[locale].set(visit.path, {
        h1Count: await main.getByRole('heading', { level: 1 }).count(),
        h1: h1.trim(),
        text: await main.innerText(),
        foreign: await leftovers(page, locale),
      });
    }
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();

    const problems: string[] = [];
    for (const visit of visits) {
      const got = seen[locale].get(visit.path)!;
      if (got.h1Count !== 1) problems.push(`${visit.path}: ${got.h1Count} h1 in main`);
      if (!got.h1) problems.push(`${visit.path}: an empty h1`);
      if (visit.dataHeading && got.h1 !== visit.dataHeading) problems.push(`${visit.path}: h1 “${got.h1}”, not “${visit.dataHeading}”`);
      if (got.text.includes('{{')) problems.push(`${visit.path}: an unfilled “{{” placeholder`);
      // A missing key shows as itself: "namespace:key", "hq-stores.title", "move.START", camelCase.
      const raw = got.text.replace(/\S+@\S+/g, ' ').match(/\b(?:[a-z]+(?:-[a-z]+)*:[a-z][A-Za-z.]*|[a-z]+(?:-[a-z]+)*\.[a-z][A-Za-z]*(?:\.[A-Za-z_]+)*|[a-z]+[A-Z][A-Za-z]*)\b/g);
      const keys = (raw ?? []).filter((k) => !/\.(png|mp3|csv|pdf|jpe?g)$/i.test(k));
      if (keys.length > 0) problems.push(`${visit.path}: raw keys ${JSON.stringify(keys)}`);
      if (got.foreign.length > 0) problems.push(`${visit.path}: not in ${locale}: ${JSON.stringify(got.foreign)}`);
      if (locale === 'ko-KR' && !/[가-힣]/.test(got.text)) problems.push(`${visit.path}: no Korean text`);
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('each page reads differently in Korean and English: the h1 (unless it is data) and the text of main', () => {
    const problems: string[] = [];
    for (const visit of visits) {
      const ko = seen['ko-KR'].get(visit.path);
      const en = seen['en-US'].get(visit.path);
      if (!ko || !en) {
        problems.push(`${visit.path}: not visited in both languages`);
        continue;
      }
      if (!visit.dataHeading && ko.h1 === en.h1) problems.push(`${visit.path}: the same h1 “${ko.h1}” in both languages`);
      if (ko.text === en.text) problems.push(`${visit.path}: the same text in both languages`);
    }
    expect(problems).toEqual([]);
  });
});
