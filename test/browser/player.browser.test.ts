import { eventually } from '@storecast/service-kit/testing';
import type { Page, Request } from 'playwright-core';
import { api } from '../e2e/system';
import { pageErrors, screenshot } from './browser';
import { musicGain, openPlayer, sampleMusicGain, seedChain, waitForPlayer, type Chain } from './player-fixture';
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
  const FADE_MS = 1000;

  beforeAll(async () => {
    env = await startBrowserSystem({ env: { SCHEDULER_INTERVAL_MS: '1000' } });
    client = api(env.baseURL);
    chain = await seedChain(env, client, {
      name: 'Daily Bread',
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
  }, 180_000);
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

  const dispatchNow = async (storeIds: string[]): Promise<string[]> => {
    const res = await client.post(`/api/v1/hq/announcements/${announcementId}/dispatches`, { target: 'STORES', storeIds }, { token: chain.hqToken });
    expect(res.status).toBe(201);
    return res.body.dispatchIds as string[];
  };

  const historyOf = async (dispatchId: string) => {
    const res = await client.get(`/api/v1/hq/announcements/${announcementId}/dispatches?size=100`, { token: chain.hqToken });
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
});
