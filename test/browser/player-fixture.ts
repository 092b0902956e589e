// A chain that plays: music in the catalog, a playlist as the HQ default, an HQ and a store whose
// manager completed setup, and the store player open in a browser page. Seeded through the
// gateway as the real clients would; the player page itself is signed in through its own form.
import { sineMp3 } from '@storecast/service-kit/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newPage } from './browser';
import { operatorSession, publishLegalDocs, readyHq, readyStore, type Client } from './accounts';
import type { BrowserSystem } from './system';

const expectOk = (what: string, res: { status: number; body: unknown }) => {
  if (res.status < 200 || res.status >= 300) throw new Error(`${what}: HTTP ${res.status} ${JSON.stringify(res.body)}`);
};

/**
 * Uploads a short sine MP3 (distinct pitch per track) as AI music; answers its id. A 503 (the
 * throwaway S3 server dropping a streamed put on a loaded machine) is sent again once, as an
 * operator would: the seed is not what these tests are about.
 */
export const uploadSong = async (env: BrowserSystem, operatorToken: string, title: string, seconds: number, hz: number): Promise<string> => {
  const bytes = new Uint8Array(sineMp3({ hz, seconds }));
  const send = () => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'audio/mpeg' }), `${title}.mp3`);
    return fetch(`${env.baseURL}/api/v1/admin/music?title=${encodeURIComponent(title)}&durationSeconds=${seconds}&musicSource=AI`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operatorToken}` },
      body: form,
    });
  };
  // A reset connection (the gateway dropping the streamed body under load) is sent again once too.
  let res = await send().catch(() => send());
  if (res.status === 503) res = await send();
  if (res.status !== 201) throw new Error(`uploading ${title}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
};

export interface Chain {
  operatorToken: string;
  hqId: string;
  hqToken: string;
  songIds: string[];
  playlistId: string;
  stores: Array<{ storeId: string; email: string; password: string; accessToken: string }>;
}

/**
 * Terms and privacy published, `songs` tracks in one AI library in one playlist set as the HQ's
 * default, and `storeCount` stores with managers past setup.
 */
export const seedChain = async (env: BrowserSystem, client: Client, options: { name: string; songs: Array<{ title: string; seconds: number }>; storeCount?: number }): Promise<Chain> => {
  const operatorToken = (await operatorSession(env.system, client)).accessToken;
  const terms = await client.get('/api/v1/terms/active');
  if (terms.status === 404) await publishLegalDocs(client, operatorToken, { terms: '# Terms\n\nPlay fair.', privacy: '# Privacy\n\nWe keep little.' });
  const songIds: string[] = [];
  for (const [i, song] of options.songs.entries()) songIds.push(await uploadSong(env, operatorToken, song.title, song.seconds, 330 + 110 * i));
  const library = await client.post('/api/v1/admin/libraries', { name: `${options.name} music`, type: 'AI' }, { token: operatorToken });
  expectOk('creating the library', library);
  expectOk('filling the library', await client.post(`/api/v1/admin/libraries/${library.body.id}/music`, { musicIds: songIds }, { token: operatorToken }));
  const slug = options.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const hq = await readyHq(client, operatorToken, {
    name: options.name,
    manager: { email: `hq.${slug}@browser.storecast.test`, tempPassword: 'Temp-pass-123', name: `${options.name} HQ` },
    password: 'Hq-password-456',
  });
  const playlist = await client.post('/api/v1/admin/playlists', { hqId: hq.hqId, name: `${options.name} all day` }, { token: operatorToken });
  expectOk('creating the playlist', playlist);
  expectOk('filling the playlist', await client.put(`/api/v1/admin/playlists/${playlist.body.id}/libraries`, { libraryIds: [library.body.id] }, { token: operatorToken }));
  expectOk('setting the default playlist', await client.put(`/api/v1/admin/hq/${hq.hqId}/default-playlist`, { playlistId: playlist.body.id }, { token: operatorToken }));
  const stores: Chain['stores'] = [];
  for (let i = 0; i < (options.storeCount ?? 1); i++) {
    const store = await readyStore(env.system, client, hq.session.accessToken, { name: `${options.name} store ${i + 1}`, managerEmail: `store${i + 1}.${slug}@browser.storecast.test`, password: 'Store-password-789' });
    stores.push({ storeId: store.storeId, email: store.email, password: store.password, accessToken: store.session.accessToken });
  }
  return { operatorToken, hqId: hq.hqId, hqToken: hq.session.accessToken, songIds, playlistId: playlist.body.id, stores };
};

/** Signs a store manager in on the page's own form and waits for the player to register and play. */
export const openPlayer = async (
  browser: Browser,
  env: BrowserSystem,
  store: { email: string; password: string },
  options: { locale?: 'ko-KR' | 'en-US'; deviceLabel?: string; prepare?: (context: BrowserContext) => Promise<unknown> } = {},
): Promise<{ context: BrowserContext; page: Page }> => {
  const page = await newPage(browser, { locale: options.locale ?? 'en-US', baseURL: env.baseURL });
  const context = page.context();
  await options.prepare?.(context);
  await page.goto('/player');
  await page.waitForURL(/\/login/);
  // Exact names: the password's show/hide button is labelled "비밀번호 보기 또는 숨기기" too.
  await page.getByRole('textbox', { name: /^(Email|이메일)\s*\*?$/ }).fill(store.email);
  await page.getByLabel(/^(Password|비밀번호)\s*\*?$/).fill(store.password);
  await page.getByRole('button', { name: /^(Sign in|로그인)$/ }).click();
  await page.waitForURL(/\/player/);
  const label = page.getByRole('textbox', { name: /^(Device name|기기 이름)\s*\*?$/ });
  await label.fill(options.deviceLabel ?? 'Checkout');
  await page.getByRole('button', { name: /^(Register and start|등록하고 시작)$/ }).click();
  await waitForPlayer(page, (s) => s.state === 'PLAYING', 30_000);
  return { context, page };
};

/** Waits until the engine's snapshot satisfies the predicate (checked here, every 100 ms). */
export const waitForPlayer = async (page: Page, predicate: (snapshot: PlayerSnapshot) => boolean, timeoutMs = 20_000): Promise<PlayerSnapshot> => {
  const deadline = Date.now() + timeoutMs;
  let last: PlayerSnapshot | undefined;
  while (Date.now() < deadline) {
    last = await playerSnapshot(page).catch(() => undefined);
    if (last && predicate(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the player did not reach the expected state in ${timeoutMs} ms; last snapshot: ${JSON.stringify(last)}`);
};

/* eslint-disable @typescript-eslint/no-explicit-any -- the page's globals, without the DOM's types */
/** The music bus gain sampled in the page for durationMs (the mixer's diagnostic hook). */
export const sampleMusicGain = (page: Page, durationMs: number, everyMs: number): Promise<Array<{ t: number; gain: number }>> =>
  page.evaluate(([d, e]) => (globalThis as any).__storecastPlayer.mixer.sampleMusicGain(d, e), [durationMs, everyMs] as const);

export const musicGain = (page: Page): Promise<number> => page.evaluate(() => (globalThis as any).__storecastPlayer.mixer.musicGain() as number);


/** What the tests read of the engine's snapshot (web/src/player/store-player.ts). */
export interface PlayerSnapshot {
  started: boolean;
  connection: 'STREAM' | 'POLLING' | 'OFFLINE';
  state: 'PLAYING' | 'PAUSED' | 'SILENT' | null;
  nowPlaying: { musicId: string; title: string } | null;
  pendingOutbox: number;
  recentAnnouncements: Array<{ dispatchId: string; status: string; signalSource: string; startedAt: string | null; receivedAt: string }>;
}

/** The engine's snapshot as the page sees it (the tests run without the DOM's types: a string expression). */
export const playerSnapshot = (page: Page): Promise<PlayerSnapshot> => page.evaluate(() => (globalThis as any).__storecastPlayer?.player.snapshot() as PlayerSnapshot);

/** How many audio files the player's media cache holds (Cache Storage, for offline play). */
export const cachedMediaCount = (page: Page): Promise<number> =>
  page.evaluate(async () => (await (await (globalThis as any).caches.open('storecast-media-v1')).keys()).length as number);

/** Whether the service worker controls the page (media requests go through it). */
export const controlledByServiceWorker = (page: Page): Promise<boolean> => page.evaluate(() => Boolean((globalThis as any).navigator.serviceWorker.controller));

