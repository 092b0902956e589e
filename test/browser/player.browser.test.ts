import { eventually, sineMp3 } from '@storecast/service-kit/testing';
import type { Page, Request } from 'playwright-core';
import { api } from '../e2e/system';
import { pageErrors, screenshot } from './browser';
import { cachedMediaCount, controlledByServiceWorker, musicGain, openPlayer, playerSnapshot, sampleMusicGain, seedChain, waitForPlayer, type Chain } from './player-fixture';
import { startBrowserSystem, type BrowserSystem } from './system';

/**
 * The store player in Chromium against the real system, through the gateway (issue "Store
 * player in the browser", Done means 1–5): announcements over the stream and by polling, ducking
 * read from the page's audio graph, remote stop, offline play logs, commercials, store broadcast.
 */
describe('the store player in the browser', () => {
  let env: BrowserSystem;
  let client: ReturnType<typeof api>;
  let chain: Chain;
  let announcementId: string;
  let longAnnouncementId: string;
  const FADE_MS = 1000;
  const LONG_TEXT = 'Dear customers, this is a long notice about our opening hours, the new bakery corner, the parking lot, the loyalty programme and the charity drive this weekend. '.repeat(3);

  beforeAll(async () => {
    env = await startBrowserSystem({ env: { SCHEDULER_INTERVAL_MS: '1000' } });
    client = api(env.baseURL);
    chain = await seedChain(env, client, {
      name: 'Daily Bread',
      storeCount: 5,
      songs: [
        { title: 'Morning Sine', seconds: 6 },
        { title: 'Noon Sine', seconds: 6 },
        { title: 'Evening Sine', seconds: 6 },
      ],
    });
    const ducking = await client.patch('/api/v1/hq/me/ducking', { duckEnabled: true, duckVolumePercent: 20, duckFadeMs: FADE_MS }, { token: chain.hqToken });
    expect(ducking.status).toBeLessThan(300);
    const created = await client.post('/api/v1/hq/announcements', { title: 'Closing soon', text: 'The store closes in ten minutes. Thank you for shopping with us.', voice: 'SHEAN' }, { token: chain.hqToken });
    expect(created.status).toBe(201);
    announcementId = created.body.id;
    const long = await client.post('/api/v1/hq/announcements', { title: 'Long notice', text: LONG_TEXT, voice: 'SHEAN' }, { token: chain.hqToken });
    expect(long.status).toBe(201);
    longAnnouncementId = long.body.id;
  }, 240_000);
  afterAll(async () => {
    await env?.stop();
  });

  const acksOf = (page: Page) => {
    const acks: Array<{ dispatchId: string; body: Record<string, unknown> }> = [];
    page.on('request', (req: Request) => {
      const match = /\/api\/v1\/store\/announcements\/([^/]+)\/ack$/.exec(new URL(req.url()).pathname);
      if (match && req.method() === 'POST') acks.push({ dispatchId: match[1]!, body: JSON.parse(req.postData() ?? '{}') as Record<string, unknown> });
    });
    return acks;
  };

  const dispatchNow = async (storeIds: string[], id = announcementId): Promise<string[]> => {
    const res = await client.post(`/api/v1/hq/announcements/${id}/dispatches`, { target: 'STORES', storeIds }, { token: chain.hqToken });
    expect(res.status).toBe(201);
    return res.body.dispatchIds as string[];
  };

  const historyOf = async (dispatchId: string, id = announcementId) => {
    const res = await client.get(`/api/v1/hq/announcements/${id}/dispatches?size=100`, { token: chain.hqToken });
    return (res.body.items as Array<{ dispatchId: string; status: string; signalLatencyMs: number | null }>).find((i) => i.dispatchId === dispatchId);
  };

  it('receives an HQ dispatch over the stream, ducks the music with a ramp of duckFadeMs, plays it and acks PLAYED from SSE', async () => {
    const { page, context } = await openPlayer(env.browser, env, chain.stores[0]!);
    try {
      await waitForPlayer(page, (s) => s.connection === 'STREAM');
      const acks = acksOf(page);
      // Sample the music bus gain from the page's audio graph while the announcement arrives.
      const sampling = sampleMusicGain(page, 9000, 10);
      const [dispatchId] = await dispatchNow([chain.stores[0]!.storeId]);
      const samples = await sampling;
      const start = samples.find((s) => s.gain < 0.98);
      const reached = samples.find((s) => s.gain <= 0.2 + 0.01);
      expect(start).toBeDefined();
      expect(reached).toBeDefined();
      const rampMs = reached!.t - start!.t;
      expect(rampMs).toBeGreaterThanOrEqual(FADE_MS * 0.8);
      expect(rampMs).toBeLessThanOrEqual(FADE_MS * 1.2);
      // Not a jump: the gain passes through intermediate levels on the way down.
      expect(samples.some((s) => s.gain < 0.8 && s.gain > 0.4)).toBe(true);

      await waitForPlayer(page, (s) => s.recentAnnouncements.some((a) => a.dispatchId === dispatchId && a.status === 'PLAYED'), 60_000);
      await eventually(() => expect(acks.find((a) => a.dispatchId === dispatchId)?.body).toMatchObject({ outcome: 'PLAYED', signalSource: 'SSE' }), 15_000);
      await eventually(async () => expect((await historyOf(dispatchId!))?.status).toBe('PLAYED'), 15_000);
      // After the announcement the music comes back to full level.
      await eventually(async () => expect(await musicGain(page)).toBeGreaterThan(0.99), 10_000);
      await screenshot(page, 'player');
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 150_000);

  it('with the stream blocked in the browser, delivers through polling within 20 s and acks from POLLING', async () => {
    const store = chain.stores[1]!;
    const { page, context } = await openPlayer(env.browser, env, store, {
      locale: 'ko-KR',
      prepare: (ctx) => ctx.route('**/api/v1/store/announcements/stream?**', (route) => route.abort()),
    });
    try {
      await waitForPlayer(page, (s) => s.connection === 'POLLING');
      const acks = acksOf(page);
      const issuedAt = Date.now();
      const [dispatchId] = await dispatchNow([store.storeId]);
      const played = await waitForPlayer(page, (s) => s.recentAnnouncements.some((a) => a.dispatchId === dispatchId && a.startedAt !== null), 30_000);
      const receivedAt = Date.parse(played.recentAnnouncements.find((a) => a.dispatchId === dispatchId)!.receivedAt);
      expect(receivedAt - issuedAt).toBeLessThanOrEqual(20_000 + 2_000);
      expect(played.connection).toBe('POLLING');
      await eventually(() => expect(acks.find((a) => a.dispatchId === dispatchId)?.body).toMatchObject({ outcome: 'PLAYED', signalSource: 'POLLING' }), 30_000);
      await screenshot(page, 'player-polling');
    } finally {
      await context.close();
    }
  }, 150_000);

  it('a remote stop stops the playing announcement at once and the music comes back up', async () => {
    const store = chain.stores[2]!;
    const { page, context } = await openPlayer(env.browser, env, store);
    try {
      await waitForPlayer(page, (s) => s.connection === 'STREAM');
      const acks = acksOf(page);
      const [dispatchId] = await dispatchNow([store.storeId], longAnnouncementId);
      await waitForPlayer(page, (s) => s.recentAnnouncements.some((a) => a.dispatchId === dispatchId && a.status === 'PLAYING'), 30_000);
      const revokedAt = Date.now();
      const revoke = await client.post(`/api/v1/hq/dispatches/${dispatchId}/revoke`, {}, { token: chain.hqToken });
      expect(revoke.status).toBeLessThan(300);
      await waitForPlayer(page, (s) => s.recentAnnouncements.some((a) => a.dispatchId === dispatchId && a.status === 'STOPPED'), 20_000);
      // Over the stream the stop arrives as an event, well inside one poll (20 s).
      expect(Date.now() - revokedAt).toBeLessThan(5_000);
      await eventually(async () => expect(await musicGain(page)).toBeGreaterThan(0.99), 5_000);
      // The server already canceled it: the player does not ack a revoked dispatch.
      expect(acks.filter((a) => a.dispatchId === dispatchId)).toEqual([]);
      expect((await historyOf(dispatchId!, longAnnouncementId))?.status).toBe('CANCELED');
    } finally {
      await context.close();
    }
  }, 150_000);

  it('with the network cut for two songs the music plays on, and the play logs reach the server after reconnection, each once', async () => {
    const store = chain.stores[3]!;
    const { page, context } = await openPlayer(env.browser, env, store);
    try {
      // The queue's audio is in the media cache before the cut.
      await eventually(async () => expect(await cachedMediaCount(page)).toBeGreaterThanOrEqual(3), 20_000);
      await eventually(async () => expect(await controlledByServiceWorker(page)).toBe(true), 10_000);
      const before = await playerSnapshot(page);
      const offlineAt = Date.now();
      await context.setOffline(true);
      const heard: string[] = [];
      const deadline = Date.now() + 40_000;
      while (heard.length < 3 && Date.now() < deadline) {
        const s = await playerSnapshot(page);
        const id = s.nowPlaying?.musicId;
        if (id && s.state === 'PLAYING' && heard.at(-1) !== `${id}`) heard.push(id);
        await new Promise((r) => setTimeout(r, 200));
      }
      // The one playing at the cut, then two more songs, all while offline.
      expect(heard.length).toBeGreaterThanOrEqual(3);
      const offline = await playerSnapshot(page);
      expect(offline.connection).toBe('OFFLINE');
      expect(offline.pendingOutbox).toBeGreaterThan(0);
      await screenshot(page, 'player-offline');
      await context.setOffline(false);
      await waitForPlayer(page, (s) => s.pendingOutbox === 0 && s.connection !== 'OFFLINE', 40_000);
      const logs = await client.get(`/api/v1/hq/playback-logs?storeId=${store.storeId}&size=100&source=ALL`, { token: chain.hqToken });
      expect(logs.status).toBe(200);
      const items = logs.body.items as Array<{ musicId: string; startedAt: string }>;
      const keys = items.map((i) => `${i.musicId}@${i.startedAt}`);
      expect(new Set(keys).size).toBe(keys.length);
      // The song playing at the cut and the one that started and ended while offline.
      expect(items.some((i) => i.musicId === before.nowPlaying!.musicId)).toBe(true);
      expect(items.filter((i) => Date.parse(i.startedAt) >= offlineAt - 1_000).length).toBeGreaterThanOrEqual(1);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('plays a commercial song after N songs heard, and a store broadcast previewed on its page arrives at the same player', async () => {
    const store = chain.stores[4]!;
    expect((await client.patch('/api/v1/hq/me', { commercialCycleSongs: 2 }, { token: chain.hqToken })).status).toBe(200);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(sineMp3({ hz: 880, seconds: 2 }))], { type: 'audio/mpeg' }), 'jingle.mp3');
    const uploaded = await fetch(`${env.baseURL}/api/v1/hq/commercials?title=Jingle&durationSeconds=2`, { method: 'POST', headers: { authorization: `Bearer ${chain.hqToken}` }, body: form });
    expect(uploaded.status).toBe(201);
    const commercialId = ((await uploaded.json()) as { id: string }).id;

    const reports: Array<{ logs?: Array<{ musicId: string; startedAt: string }>; commercialPlays?: Array<{ commercialId: string; startedAt: string }> }> = [];
    const { page, context } = await openPlayer(env.browser, env, store, {
      prepare: async (ctx) => {
        ctx.on('request', (req) => {
          if (req.method() === 'POST' && req.url().endsWith('/api/v1/store/playback/report')) reports.push(JSON.parse(req.postData() ?? '{}'));
        });
      },
    });
    try {
      const played = await eventually(() => {
        const play = reports.flatMap((r) => r.commercialPlays ?? []).find((p) => p.commercialId === commercialId);
        if (!play) throw new Error('no commercial play reported yet');
        return play;
      }, 60_000);
      // Two songs were heard to their end before the commercial started.
      const songsBefore = reports.flatMap((r) => r.logs ?? []).filter((l) => Date.parse(l.startedAt) < Date.parse(played.startedAt));
      expect(songsBefore.length).toBeGreaterThanOrEqual(2);
      // The server counted it: with the music paused and every report sent, the next commercial is
      // due after two songs, less those heard since this one.
      await page.evaluate(() => (globalThis as any).__storecastPlayer.player.pause()); // eslint-disable-line @typescript-eslint/no-explicit-any
      await waitForPlayer(page, (s) => s.pendingOutbox === 0, 20_000);
      const logs = await client.get(`/api/v1/hq/playback-logs?storeId=${store.storeId}&size=100&source=ALL`, { token: chain.hqToken });
      const heardSince = (logs.body.items as Array<{ startedAt: string }>).filter((l) => Date.parse(l.startedAt) > Date.parse(played.startedAt)).length;
      const queue = await client.get('/api/v1/store/playback/queue', { token: store.accessToken });
      expect(queue.body.songsUntilCommercial).toBe(Math.max(0, 2 - heardSince));
      await page.evaluate(() => (globalThis as any).__storecastPlayer.player.resume()); // eslint-disable-line @typescript-eslint/no-explicit-any

      // The store manager's own broadcast, on its page: preview, listen, send now.
      await page.getByRole('link', { name: 'Broadcast' }).click();
      await page.getByLabel('Broadcast text').fill('Fresh bread is out of the oven now.');
      await page.getByRole('button', { name: 'Make the audio' }).click();
      await page.getByRole('button', { name: 'Broadcast now' }).click();
      const sent = await waitForPlayer(page, (s) => s.recentAnnouncements.some((a) => a.status === 'PLAYED'), 60_000);
      expect(sent.recentAnnouncements.filter((a) => a.status === 'PLAYED')).toHaveLength(1);
      await screenshot(page, 'broadcast-sent');
      expect(pageErrors(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
