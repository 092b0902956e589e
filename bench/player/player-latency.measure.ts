// Measured, not asserted (web/README.md § Measured):
//  (1) HQ dispatch "now" → audible start at one player, DISPATCHES (50) one after the other;
//  (2) the spread of audible start across 10 stores' player pages for a dispatch to ALL (ALL_RUNS, 3);
//  (4) the app shell the first visit of /player loads, and what the service worker precaches.
//   npm run build -w web && npx jest -c bench/player/jest.config.js latency
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { api } from '../../test/e2e/system';
import { openPlayer, playerSnapshot, seedChain, waitForPlayer, type Chain, type PlayerSnapshot } from '../../test/browser/player-fixture';
import { startBrowserSystem, type BrowserSystem } from '../../test/browser/system';
import { kb, machineLine, ms, playerClock, say, summary, table } from './measure-helpers';

const ROOT = path.resolve(__dirname, '..', '..');
const DIST = path.join(ROOT, 'web', 'dist');
const DISPATCHES = Number(process.env.PLAYER_DISPATCHES ?? 50);
const ALL_RUNS = Number(process.env.PLAYER_ALL_RUNS ?? 5);
const STORES = 10;

/* eslint-disable @typescript-eslint/no-explicit-any -- the page's globals, without the DOM's types */
/**
 * Records the machine's clock (Date.now() in the page) at every 'playing' event of the mixer's
 * overlay element, the event its onStarted reports: the audible start without the player's
 * server-clock estimate (browser, system and this test share one clock).
 */
const watchOverlay = (page: Page): Promise<void> =>
  page.evaluate(() => {
    const g = globalThis as any;
    g.__benchOverlayStarts = [];
    g.__storecastPlayer.mixer.overlayEl.addEventListener('playing', () => g.__benchOverlayStarts.push(Date.now()));
  });
const overlayStartAfter = (page: Page, t: number): Promise<number> =>
  page.evaluate((after) => ((globalThis as any).__benchOverlayStarts as number[]).find((x) => x >= after) ?? Number.NaN, t);
/* eslint-enable @typescript-eslint/no-explicit-any */

type Rec = PlayerSnapshot['recentAnnouncements'][number] & { playAt?: string | null };

interface ShellResponse {
  at: number;
  path: string;
  type: string;
  status: number;
  encoding: string;
  fromServiceWorker: boolean;
  headerBytes: number;
  bodyBytes: number;
  decodedBytes: number;
}

describe('store player: dispatch → audible, spread across stores, app shell', () => {
  let env: BrowserSystem;
  let client: ReturnType<typeof api>;
  let chain: Chain;
  let announcementId: string;
  const pages: Array<{ page: Page; context: BrowserContext }> = [];
  const shell: ShellResponse[] = [];
  const out: string[] = [];
  const print = (text: string) => {
    out.push(text);
    say(text);
  };

  beforeAll(async () => {
    print(`machine: ${machineLine()}`);
    env = await startBrowserSystem({ env: { SCHEDULER_INTERVAL_MS: '1000', RATE_LIMIT_DISPATCH: '100000' } });
    client = api(env.baseURL);
    chain = await seedChain(env, client, {
      name: 'Bench Bakery',
      storeCount: STORES,
      songs: [
        { title: 'Bench Sine A', seconds: 30 },
        { title: 'Bench Sine B', seconds: 30 },
        { title: 'Bench Sine C', seconds: 30 },
      ],
    });
    const created = await client.post('/api/v1/hq/announcements', { title: 'Thanks', text: 'Thank you for shopping with us.', voice: 'SHEAN' }, { token: chain.hqToken });
    if (created.status !== 201) throw new Error(`creating the announcement: HTTP ${created.status}`);
    announcementId = created.body.id;
  }, 600_000);

  afterAll(async () => {
    for (const p of pages) await p.context.close().catch(() => undefined);
    await env?.stop();
    say(`\n===== summary =====\n${out.join('\n')}`);
  }, 120_000);

  const recOf = (s: PlayerSnapshot, ids: Set<string>): Rec | undefined => s.recentAnnouncements.find((a) => ids.has(a.dispatchId)) as Rec | undefined;
  const done = (r: Rec | undefined) => Boolean(r && ['PLAYED', 'FAILED', 'SKIPPED', 'STOPPED'].includes(r.status));

  const dispatch = async (body: Record<string, unknown>): Promise<{ sentAt: number; answeredAt: number; ids: Set<string> }> => {
    const sentAt = Date.now();
    const res = await client.post(`/api/v1/hq/announcements/${announcementId}/dispatches`, body, { token: chain.hqToken });
    const answeredAt = Date.now();
    if (res.status !== 201) throw new Error(`dispatch: HTTP ${res.status} ${JSON.stringify(res.body)}`);
    return { sentAt, answeredAt, ids: new Set(res.body.dispatchIds as string[]) };
  };

  it('(4) app shell: the first visit of /player, and the service worker precache', async () => {
    const t0 = Date.now();
    const opened = await openPlayer(env.browser, env, chain.stores[0]!, {
      deviceLabel: 'Bench 1',
      prepare: async (ctx) => {
        ctx.on('response', (res: Response) => {
          const url = new URL(res.url());
          if (url.origin !== new URL(env.baseURL).origin || /^\/(api|media)\//.test(url.pathname)) return;
          const type = res.request().resourceType();
          void (async () => {
            const sizes = await res.request().sizes().catch(() => null);
            const body = await res.body().catch(() => null);
            shell.push({
              at: Date.now() - t0,
              path: url.pathname,
              type,
              status: res.status(),
              encoding: (await res.headerValue('content-encoding').catch(() => null)) ?? 'identity',
              fromServiceWorker: res.fromServiceWorker(),
              headerBytes: sizes?.responseHeadersSize ?? Number.NaN,
              bodyBytes: sizes?.responseBodySize ?? Number.NaN,
              decodedBytes: body?.length ?? Number.NaN,
            });
          })();
        });
      },
    });
    pages.push(opened);
    const { page } = opened;
    // The service worker installs on first visit: wait for it, then read what it precached.
    await page.waitForFunction(() => Boolean((globalThis as any).navigator.serviceWorker.controller), undefined, { timeout: 30_000 }).catch(() => undefined); // eslint-disable-line @typescript-eslint/no-explicit-any
    await new Promise((r) => setTimeout(r, 3000));
    const caches = await page.evaluate(async () => {
      const c = (globalThis as any).caches; // eslint-disable-line @typescript-eslint/no-explicit-any
      const names: string[] = await c.keys();
      const result: Array<{ name: string; urls: string[] }> = [];
      for (const name of names) result.push({ name, urls: (await (await c.open(name)).keys()).map((r: { url: string }) => new URL(r.url).pathname) });
      return result;
    });

    const dist = (p: string) => {
      const file = path.join(DIST, p.replace(/^\//, '') || 'index.html');
      const raw = fs.existsSync(file) && fs.statSync(file).isFile() ? fs.readFileSync(file) : null;
      return raw ? { raw: raw.length, gzip: zlib.gzipSync(raw, { level: 9 }).length } : { raw: Number.NaN, gzip: Number.NaN };
    };
    const appShell = shell.filter((r) => ['document', 'script', 'stylesheet'].includes(r.type));
    const rows = appShell.map((r) => {
      const d = dist(r.type === 'document' ? '/index.html' : r.path);
      return [`${r.at} ms`, r.path, r.type, r.status, r.encoding, r.fromServiceWorker ? 'sw' : 'net', r.headerBytes + r.bodyBytes, r.bodyBytes, r.decodedBytes, d.raw, d.gzip];
    });
    const sum = (i: number) => rows.reduce((a, r) => a + (Number.isFinite(r[i] as number) ? (r[i] as number) : 0), 0);
    print(table('(4) app shell of the first /player visit (document, JS, CSS), bytes', ['at', 'path', 'type', 'status', 'encoding', 'from', 'transferred', 'body (encoded)', 'decoded', 'dist raw', 'dist gzip -9'], rows));
    print(`    total: transferred ${kb(sum(6))}, encoded bodies ${kb(sum(7))}, decoded ${kb(sum(8))}; web/dist raw ${kb(sum(9))}, gzip ${kb(sum(10))} (${rows.length} responses)`);
    const other = shell.filter((r) => !appShell.includes(r) && r.type !== 'fetch');
    const fetches = shell.filter((r) => r.type === 'fetch');
    print(`    other same-origin non-API responses: ${other.map((r) => `${r.path} (${r.type}, ${r.decodedBytes} B decoded)`).join(', ') || 'none'}`);
    // A negative or zero encoded body is Chromium's figure for an answer from its HTTP cache.
    const overNet = fetches.filter((r) => r.bodyBytes > 0);
    print(`    fetch() responses (the service worker's precache install): ${fetches.length}, ${overNet.length} over the network (${kb(overNet.reduce((a, r) => a + r.headerBytes + r.bodyBytes, 0))} transferred: ${overNet.map((r) => `${r.path} ${r.bodyBytes} B`).join(', ')}), the rest from the HTTP cache`);

    const sw = fs.readFileSync(path.join(DIST, 'service-worker.js'), 'utf8');
    const manifest = [...sw.matchAll(/\{"revision":(?:null|"[^"]*"),"url":"([^"]+)"\}/g)].map((m) => m[1]!);
    const precacheRows = manifest.map((u) => {
      const d = dist(u);
      return [u, d.raw, d.gzip];
    });
    const swSize = dist('/service-worker.js');
    print(table(`service worker precache manifest (web/dist/service-worker.js, ${manifest.length} entries; the worker itself ${swSize.raw} B raw, ${swSize.gzip} B gzip)`, ['url', 'raw', 'gzip -9'], precacheRows));
    print(`    precache total: raw ${kb(precacheRows.reduce((a, r) => a + (r[1] as number), 0))}, gzip ${kb(precacheRows.reduce((a, r) => a + (r[2] as number), 0))}`);
    print(`    Cache Storage after the first visit: ${caches.map((c) => `${c.name}: ${c.urls.length} entries`).join('; ')}`);
    const precached = caches.find((c) => /precache/.test(c.name));
    if (precached) {
      const missing = manifest.filter((u) => !precached.urls.some((p) => p === `/${u}` || p.endsWith(`/${u}`) || (u === 'index.html' && p === '/')));
      print(`    manifest entries not in ${precached.name}: ${missing.join(', ') || 'none'}`);
    }
  }, 240_000);

  it(`(1) dispatch "now" → audible start at one player, ${DISPATCHES} dispatches one at a time`, async () => {
    const { page } = pages[0]!;
    await waitForPlayer(page, (s) => s.connection === 'STREAM', 30_000);
    await watchOverlay(page);
    const store = chain.stores[0]!;
    const queue = await client.get('/api/v1/store/playback/queue', { token: store.accessToken });
    print(`    the queue's ducking (the voice starts once the music is down, after duckFadeMs): ${JSON.stringify(queue.body?.ducking)}`);
    const rows: Array<{ i: number; sent: number; answer: number; received: number; playAt: number; started: number; startedDevice: number; startDeviceMinusPlayAt: number; startMinusPlayAt: number; offset: number; width: number; status: string }> = [];
    for (let i = 1; i <= DISPATCHES; i++) {
      const { sentAt, answeredAt, ids } = await dispatch({ target: 'STORES', storeIds: [store.storeId] });
      const snap = await waitForPlayer(page, (s) => done(recOf(s, ids)), 60_000);
      const rec = recOf(snap, ids)!;
      const clock = await playerClock(page);
      const started = rec.startedAt ? Date.parse(rec.startedAt) : Number.NaN;
      const playAt = rec.playAt ? Date.parse(rec.playAt) : Number.NaN;
      const audible = await overlayStartAfter(page, sentAt);
      rows.push({
        i,
        sent: sentAt,
        answer: answeredAt - sentAt,
        received: Date.parse(rec.receivedAt) - sentAt,
        playAt: playAt - sentAt,
        started: started - sentAt,
        // The same machine runs the browser, the system and this test: one true clock.
        startedDevice: audible - sentAt,
        startDeviceMinusPlayAt: audible - playAt,
        startMinusPlayAt: started - playAt,
        offset: clock?.offsetMs ?? Number.NaN,
        width: clock ? clock.high - clock.low : Number.NaN,
        status: rec.status,
      });
      say(`  #${i} ${rec.status} startedAt − sent ${started - sentAt} ms, startedAt − playAt ${started - playAt} ms, 'playing' − playAt ${audible - playAt} ms, clock offset ${clock?.offsetMs} ms (±${clock ? (clock.high - clock.low) / 2 : '?'})`);
      // Let the music come back up before the next one.
      await new Promise((r) => setTimeout(r, 500));
    }
    const ok = rows.filter((r) => r.status === 'PLAYED');
    const line = (name: string, values: number[]) => {
      const s = summary(values);
      return [name, s.n, ms(s.min), ms(s.p50), ms(s.p99), ms(s.max)];
    };
    print(table(`(1) one store, ${DISPATCHES} "now" dispatches one at a time (${ok.length} PLAYED; nearest-rank percentiles: p99 of 50 is the max)`, ['figure', 'n', 'min', 'p50', 'p99', 'max'], [
      line('HTTP answer − sent', ok.map((r) => r.answer)),
      line('receivedAt − sent (server time)', ok.map((r) => r.received)),
      line('playAt − sent (server)', ok.map((r) => r.playAt)),
      line('startedAt − sent (server time, as reported)', ok.map((r) => r.started)),
      line("overlay 'playing' − sent (machine clock)", ok.map((r) => r.startedDevice)),
      line('startedAt − playAt (server time, as reported)', ok.map((r) => r.startMinusPlayAt)),
      line("overlay 'playing' − playAt (machine clock)", ok.map((r) => r.startDeviceMinusPlayAt)),
      line("player's clock offset estimate", ok.map((r) => r.offset)),
      line("offset interval width", ok.map((r) => r.width)),
    ]));
    print(`    first dispatch: startedAt − sent ${ms(rows[0]!.started)}, startedAt − playAt ${ms(rows[0]!.startMinusPlayAt)}; not PLAYED: ${rows.filter((r) => r.status !== 'PLAYED').map((r) => `#${r.i} ${r.status}`).join(', ') || 'none'}`);
  }, 60 * 60_000);

  it(`(2) spread of audible start across ${STORES} stores' players, dispatch to ALL × ${ALL_RUNS}`, async () => {
    for (let i = 1; i < STORES; i++) {
      pages.push(await openPlayer(env.browser, env, chain.stores[i]!, { deviceLabel: `Bench ${i + 1}` }));
      say(`  player ${i + 1} of ${STORES} playing`);
    }
    await Promise.all(pages.map(({ page }) => waitForPlayer(page, (s) => s.connection === 'STREAM', 60_000)));
    await Promise.all(pages.slice(1).map(({ page }) => watchOverlay(page)));
    // 20 s of everything playing before the first dispatch (queues read, media cached).
    await new Promise((r) => setTimeout(r, 20_000));
    const runs: Array<Array<string | number>> = [];
    const perPage: Array<Array<string | number>> = [];
    for (let run = 1; run <= ALL_RUNS; run++) {
      const { sentAt, ids } = await dispatch({ target: 'ALL' });
      const results = await Promise.all(
        pages.map(async ({ page }, p) => {
          const snap = await waitForPlayer(page, (s) => done(recOf(s, ids)), 90_000);
          const rec = recOf(snap, ids)!;
          const clock = await playerClock(page);
          const started = rec.startedAt ? Date.parse(rec.startedAt) : Number.NaN;
          return { p, status: rec.status, started, device: await overlayStartAfter(page, sentAt), playAt: rec.playAt ? Date.parse(rec.playAt) : Number.NaN, received: Date.parse(rec.receivedAt), offset: clock?.offsetMs ?? Number.NaN };
        }),
      );
      const started = results.map((r) => r.started);
      const device = results.map((r) => r.device);
      const lag = summary(results.map((r) => r.started - r.playAt));
      const lagDevice = summary(results.map((r) => r.device - r.playAt));
      runs.push([
        run,
        results.filter((r) => r.status === 'PLAYED').length,
        ms(Math.max(...started) - Math.min(...started)),
        ms(Math.max(...device) - Math.min(...device)),
        `${ms(lag.p50)} / ${ms(lag.max)}`,
        `${ms(lagDevice.p50)} / ${ms(lagDevice.max)}`,
        ms(Math.max(...results.map((r) => r.received)) - sentAt),
        ms(Math.min(...started) - sentAt),
        ms(Math.max(...started) - sentAt),
      ]);
      for (const r of results) perPage.push([run, r.p + 1, r.status, ms(r.started - r.playAt), ms(r.device - r.playAt), ms(r.offset), ms(r.received - sentAt)]);
      say(`  ALL #${run}: spread ${Math.max(...started) - Math.min(...started)} ms (machine clock ${Math.max(...device) - Math.min(...device)} ms)`);
      await new Promise((r) => setTimeout(r, 3000));
    }
    print(table(`(2) dispatch to ALL, ${STORES} stores' player pages in one Chromium`, ['run', 'PLAYED', 'spread max − min (server time)', "spread of overlay 'playing' (machine clock)", 'startedAt − playAt p50 / max', "'playing' − playAt p50 / max (machine clock)", 'last receivedAt − sent', 'first startedAt − sent', 'last startedAt − sent'], runs));
    print(table('(2) per page', ['run', 'page', 'status', 'startedAt − playAt', "'playing' − playAt (machine clock)", "player's clock offset", 'receivedAt − sent'], perPage));
    const snaps = await Promise.all(pages.map(({ page }) => playerSnapshot(page)));
    print(`    players still PLAYING music: ${snaps.filter((s) => s.state === 'PLAYING').length} of ${snaps.length}`);
  }, 30 * 60_000);
});
