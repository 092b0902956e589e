// Measured, not asserted (web/README.md § Measured): (3) the player page's memory over real
// playback. One store's player plays tracks of 60 s for PLAYER_SOAK_MINUTES (60) with an
// announcement every 10 minutes; every PLAYER_SOAK_SAMPLE_MINUTES (5) it reads Chromium's JS heap
// (CDP Performance.getMetrics, and performance.memory), the DOM's counts and the renderer's RSS.
//   npm run build -w web
//   nohup npx jest -c bench/player/jest.config.js soak > /tmp/player-soak.log 2>&1 &
import fs from 'node:fs';
import { sineMp3 } from '@storecast/service-kit/testing';
import type { CDPSession, Page } from 'playwright-core';
import { signInByApi } from '../../test/browser/accounts';
import { pageErrors } from '../../test/browser/browser';
import { api } from '../../test/e2e/system';
import { openPlayer, playerSnapshot, seedChain } from '../../test/browser/player-fixture';
import { startBrowserSystem, type BrowserSystem } from '../../test/browser/system';
import { machineLine, mb, say, table } from './measure-helpers';

const MINUTES = Number(process.env.PLAYER_SOAK_MINUTES ?? 60);
const SAMPLE_MINUTES = Number(process.env.PLAYER_SOAK_SAMPLE_MINUTES ?? 5);
const ANNOUNCE_EVERY_MINUTES = Number(process.env.PLAYER_SOAK_ANNOUNCE_MINUTES ?? 10);
const TRACK_SECONDS = 60;
const CHAIN = 'Soak Market';
// The HQ manager seedChain makes for CHAIN (test/browser/player-fixture.ts).
const HQ_EMAIL = 'hq.soak-market@browser.storecast.test';
const HQ_PASSWORD = 'Hq-password-456';

/** Chromium's processes under this one (playwright launched the browser as our child). */
const chromiumProcesses = (): Array<{ pid: number; type: string; rssKiB: number }> => {
  const procs = new Map<number, { ppid: number; cmd: string; rss: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
      const rss = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      const cmd = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
      procs.set(Number(entry), { ppid, cmd, rss });
    } catch {
      // gone meanwhile
    }
  }
  const underUs = (pid: number): boolean => {
    for (let p = pid, i = 0; p > 1 && i < 20; p = procs.get(p)?.ppid ?? 0, i++) if (p === process.pid) return true;
    return false;
  };
  return [...procs.entries()]
    .filter(([pid, p]) => /chrom/i.test(p.cmd) && underUs(pid))
    .map(([pid, p]) => ({ pid, type: /--type=(\S+)/.exec(p.cmd)?.[1] ?? 'browser', rssKiB: p.rss }));
};

interface Sample {
  minute: number;
  label: string;
  jsHeapUsed: number;
  jsHeapTotal: number;
  memoryUsed: number;
  nodes: number;
  listeners: number;
  documents: number;
  rendererRssKiB: number[];
  tracksStarted: number;
  announcementsPlayed: number;
  state: string;
}

describe('store player: memory over real playback', () => {
  let env: BrowserSystem;

  afterAll(async () => {
    await env?.stop();
  }, 120_000);

  it(`plays ${MINUTES} minutes, sampling every ${SAMPLE_MINUTES}`, async () => {
    say(`machine: ${machineLine()}`);
    env = await startBrowserSystem({ env: { SCHEDULER_INTERVAL_MS: '1000' } });
    const client = api(env.baseURL);
    // Four tracks of 60 s: the hour cycles the queue many times (crossfades, media elements, cache).
    const chain = await seedChain(env, client, {
      name: CHAIN,
      storeCount: 1,
      songs: ['North', 'East', 'South', 'West'].map((t) => ({ title: `Soak ${t}`, seconds: TRACK_SECONDS })),
    });
    void sineMp3; // the fixture uploads sineMp3({ seconds: 60 }) per track
    const created = await client.post('/api/v1/hq/announcements', { title: 'Soak notice', text: 'Fresh bread is out of the oven now.', voice: 'SHEAN' }, { token: chain.hqToken });
    if (created.status !== 201) throw new Error(`creating the announcement: HTTP ${created.status}`);
    const announcementId = created.body.id as string;

    const { page, context } = await openPlayer(env.browser, env, chain.stores[0]!, { deviceLabel: 'Soak' });
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Performance.enable');

    const tracks: string[] = [];
    let lastTrack: string | null = null;
    const played = new Set<string>();
    const samples: Sample[] = [];
    const t0 = Date.now();
    const minuteNow = () => (Date.now() - t0) / 60_000;

    const sample = async (label: string, p: Page = page) => {
      const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: Array<{ name: string; value: number }> };
      const m = (name: string) => metrics.find((x) => x.name === name)?.value ?? Number.NaN;
      const memoryUsed = await p.evaluate(() => ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? Number.NaN));
      const snap = await playerSnapshot(p);
      const s: Sample = {
        minute: minuteNow(),
        label,
        jsHeapUsed: m('JSHeapUsedSize'),
        jsHeapTotal: m('JSHeapTotalSize'),
        memoryUsed,
        nodes: m('Nodes'),
        listeners: m('JSEventListeners'),
        documents: m('Documents'),
        rendererRssKiB: chromiumProcesses().filter((c) => c.type === 'renderer').map((c) => c.rssKiB),
        tracksStarted: tracks.length,
        announcementsPlayed: played.size,
        state: `${snap.state}/${snap.connection}`,
      };
      samples.push(s);
      say(`  [${s.minute.toFixed(1)} min] ${label}: JS heap used ${mb(s.jsHeapUsed)} of ${mb(s.jsHeapTotal)}, performance.memory ${mb(s.memoryUsed)}, nodes ${s.nodes}, listeners ${s.listeners}, renderer RSS ${s.rendererRssKiB.map((k) => mb(k * 1024)).join(' + ')}, tracks ${s.tracksStarted}, announcements ${s.announcementsPlayed}, ${s.state}`);
    };
    const gc = async () => {
      await cdp.send('HeapProfiler.enable');
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.disable');
    };

    say(`  chromium processes: ${chromiumProcesses().map((c) => `${c.pid} ${c.type} ${mb(c.rssKiB * 1024)}`).join(', ')}`);
    await sample('start');
    await gc();
    await sample('start, after a forced GC');

    const durationMs = MINUTES * 60_000;
    let nextSample = SAMPLE_MINUTES * 60_000;
    let nextAnnouncement = (ANNOUNCE_EVERY_MINUTES / 4) * 60_000;
    let sent = 0;
    while (Date.now() - t0 < durationMs) {
      const snap = await playerSnapshot(page).catch(() => undefined);
      const id = snap?.nowPlaying?.musicId ?? null;
      if (id && id !== lastTrack) tracks.push(id);
      lastTrack = id;
      for (const a of snap?.recentAnnouncements ?? []) if (a.status === 'PLAYED') played.add(a.dispatchId);
      const elapsed = Date.now() - t0;
      if (elapsed >= nextAnnouncement) {
        nextAnnouncement += ANNOUNCE_EVERY_MINUTES * 60_000;
        // The HQ's access token lasts 30 minutes: sign in again (seedChain's HQ manager) for each.
        const hq = await signInByApi(client, HQ_EMAIL, HQ_PASSWORD);
        const res = await client.post(`/api/v1/hq/announcements/${announcementId}/dispatches`, { target: 'ALL' }, { token: hq.accessToken });
        sent++;
        say(`  [${minuteNow().toFixed(1)} min] announcement ${sent} dispatched: HTTP ${res.status}`);
      }
      if (elapsed >= nextSample) {
        nextSample += SAMPLE_MINUTES * 60_000;
        await sample(`${Math.round(elapsed / 60_000)} min`);
      }
      await new Promise((r) => setTimeout(r, 5000));
    }
    await sample('end');
    await gc();
    await sample('end, after a forced GC');

    const periodic = samples.filter((s) => !s.label.includes('GC'));
    // Least squares slope of the JS heap over the periodic samples, MiB per hour.
    const xs = periodic.map((s) => s.minute / 60);
    const ys = periodic.map((s) => s.jsHeapUsed / 2 ** 20);
    const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
    const my = ys.reduce((a, b) => a + b, 0) / ys.length;
    const slope = xs.reduce((a, x, i) => a + (x - mx) * (ys[i]! - my), 0) / xs.reduce((a, x) => a + (x - mx) ** 2, 0);
    const startGc = samples.find((s) => s.label === 'start, after a forced GC')!;
    const endGc = samples.find((s) => s.label === 'end, after a forced GC')!;
    const rss = (s: Sample) => s.rendererRssKiB.map((k) => mb(k * 1024)).join(' + ');

    const lines: string[] = [];
    lines.push(`machine: ${machineLine()}`);
    lines.push(table(`(3) player page over ${MINUTES} min of playback (tracks of ${TRACK_SECONDS} s; ${sent} announcements dispatched, ${played.size} PLAYED)`, ['minute', 'sample', 'JS heap used', 'JS heap total', 'performance.memory', 'DOM nodes', 'listeners', 'renderer RSS', 'tracks started', 'state'], samples.map((s) => [s.minute.toFixed(1), s.label, mb(s.jsHeapUsed), mb(s.jsHeapTotal), mb(s.memoryUsed), s.nodes, s.listeners, rss(s), s.tracksStarted, s.state])));
    lines.push(`    JS heap used (periodic samples): start ${mb(periodic[0]!.jsHeapUsed)}, max ${mb(Math.max(...periodic.map((s) => s.jsHeapUsed)))}, end ${mb(periodic.at(-1)!.jsHeapUsed)}; least-squares trend ${slope.toFixed(2)} MiB/hour`);
    lines.push(`    after a forced GC: start ${mb(startGc.jsHeapUsed)}, end ${mb(endGc.jsHeapUsed)} (${((endGc.jsHeapUsed - startGc.jsHeapUsed) / 2 ** 20).toFixed(2)} MiB); DOM nodes ${startGc.nodes} → ${endGc.nodes}, listeners ${startGc.listeners} → ${endGc.listeners}`);
    lines.push(`    renderer RSS: start ${rss(periodic[0]!)}, max ${mb(Math.max(...periodic.map((s) => s.rendererRssKiB.reduce((a, b) => a + b, 0))) * 1024)} (sum), end ${rss(periodic.at(-1)!)}`);
    lines.push(`    tracks started ${tracks.length}, page errors: ${JSON.stringify(pageErrors(page))}`);
    say(`\n===== summary =====\n${lines.join('\n')}`);
    await context.close();
  }, (MINUTES + 20) * 60_000);
});
