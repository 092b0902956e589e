// The browser harness itself: Debian's Chromium starts headless, loads a page from a local server
// in the asked-for locale, plays Web Audio without a user gesture (what the store player's ducking
// relies on: a gain ramp read back from the page) and takes a screenshot.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromiumMissingMessage, newPage, pageErrors, screenshot, SCREENSHOT_DIR, useBrowser } from './browser';

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>harness</title></head>
<body style="font-family: sans-serif"><h1>Storecast 브라우저 테스트</h1><p id="status">ready</p></body></html>`;

interface Ramp {
  state: string;
  after: number;
  elapsed: number;
}

// Runs in the page (no DOM types in test/tsconfig: the page's code is a string).
const RAMP = `(async () => {
  const ctx = new AudioContext();
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.connect(gain).connect(ctx.destination);
  osc.start();
  const t0 = ctx.currentTime;
  gain.gain.setValueAtTime(1, t0);
  gain.gain.linearRampToValueAtTime(0.2, t0 + 0.4);
  const deadline = Date.now() + 5000;
  // Wait on the audio clock, not on timers (a loaded machine delays either).
  while (ctx.currentTime < t0 + 0.5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  const result = { state: ctx.state, after: gain.gain.value, elapsed: ctx.currentTime - t0 };
  document.getElementById('status').textContent = 'gain ' + result.after.toFixed(2) + ' (' + result.state + ')';
  osc.stop();
  await ctx.close();
  return result;
})()`;

describe('the browser harness', () => {
  let server: http.Server;
  let baseURL: string;
  const chrome = useBrowser();

  beforeAll(async () => {
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  it('a missing Chromium fails with the command that installs it', () => {
    expect(chromiumMissingMessage()).toMatch(/apt-get install -y chromium/);
  });

  it('opens a local page in the asked-for locale', async () => {
    const page = await newPage(chrome.browser, { locale: 'ko-KR', baseURL });
    await page.goto('/');
    expect(await page.title()).toBe('harness');
    expect(await page.evaluate('navigator.language')).toBe('ko-KR');
    await page.context().close();
  });

  it('Web Audio runs without a gesture: a gain ramp 1 → 0.2 over 400 ms reads back 0.2', async () => {
    const page = await newPage(chrome.browser, { locale: 'en-US', baseURL });
    await page.goto('/');
    const ramp = await page.evaluate<Ramp>(RAMP);
    expect(ramp.state).toBe('running');
    expect(ramp.elapsed).toBeGreaterThanOrEqual(0.5);
    // The audio clock ran past the ramp's end (0.4 s): the gain holds the ramp's target.
    expect(ramp.after).toBeCloseTo(0.2, 3);
    expect(pageErrors(page)).toEqual([]);
    const file = await screenshot(page, 'harness-gain-ramp');
    expect(file).toBe(`${SCREENSHOT_DIR}/en-US/harness-gain-ramp.png`);
    expect(fs.readFileSync(file).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    await page.context().close();
  });

  it('screenshots go to a folder per locale', async () => {
    const page = await newPage(chrome.browser, { locale: 'ko-KR', baseURL });
    await page.goto('/');
    const file = await screenshot(page, 'harness page');
    expect(file).toBe(`${SCREENSHOT_DIR}/ko-KR/harness-page.png`);
    expect(fs.statSync(file).size).toBeGreaterThan(1000);
    await page.context().close();
  });
});
