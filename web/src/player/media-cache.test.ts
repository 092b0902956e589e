import { describe, expect, it, vi } from 'vitest';
import { MEDIA_CACHE_NAME, MediaCache, mediaKey, mediaUrlsOf } from './media-cache';
import type { StoreQueue } from './ports';

const BASE = 'https://store.example/player';

/** Cache Storage in memory: string keys, as the page writes them. */
class FakeCache {
  entries = new Map<string, Response>();
  async match(key: string | Request) {
    return this.entries.get(typeof key === 'string' ? key : key.url);
  }
  async put(key: string, response: Response) {
    this.entries.set(key, response);
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
  async delete(key: Request) {
    return this.entries.delete(key.url);
  }
}

const setup = (respond: (url: string) => Promise<Response> = async () => new Response('mp3', { status: 200 })) => {
  const cache = new FakeCache();
  const opened: string[] = [];
  const caches = { open: async (name: string) => (opened.push(name), cache) } as unknown as CacheStorage;
  let running = 0;
  let peak = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    running++;
    peak = Math.max(peak, running);
    await new Promise((resolve) => setTimeout(resolve, 5));
    running--;
    return respond(String(input));
  });
  const media = new MediaCache({ caches, fetch: fetch as unknown as typeof globalThis.fetch, baseUrl: BASE });
  return { cache, media, fetch, opened, peak: () => peak };
};

const signed = (key: string, sig: string) => `/media/audio/${key}.mp3?X-Amz-Date=20250301&X-Amz-Signature=${sig}`;

describe('MediaCache', () => {
  it('keys by the absolute URL without the presigned query', () => {
    expect(mediaKey(signed('a', '1'), BASE)).toBe('https://store.example/media/audio/a.mp3');
    expect(mediaKey('https://store.example/media/audio/a.mp3?x=1#t=3')).toBe('https://store.example/media/audio/a.mp3');
  });

  it('stores each object once under its key, two downloads at a time', async () => {
    const { cache, media, fetch, opened, peak } = setup();
    const result = await media.ensure([signed('a', '1'), signed('b', '1'), signed('c', '1'), signed('a', '2')]);
    expect(opened.every((name) => name === MEDIA_CACHE_NAME)).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(3);
    // The download itself keeps its signature: the store would refuse it otherwise.
    expect(fetch.mock.calls[0]![0]).toBe(signed('a', '2'));
    expect(peak()).toBe(2);
    expect([...cache.entries.keys()].sort()).toEqual([
      'https://store.example/media/audio/a.mp3',
      'https://store.example/media/audio/b.mp3',
      'https://store.example/media/audio/c.mp3',
    ]);
    expect(result.failed).toEqual([]);

    // A later read signs the same objects anew: nothing is fetched again.
    await media.ensure([signed('a', '3'), signed('b', '3')]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('has tells whether the object is held, whatever the query', async () => {
    const { media } = setup();
    await media.ensure([signed('a', '1')]);
    await expect(media.has(signed('a', 'other'))).resolves.toBe(true);
    await expect(media.has(signed('b', '1'))).resolves.toBe(false);
  });

  it('retain evicts what is no longer wanted', async () => {
    const { cache, media } = setup();
    await media.ensure([signed('a', '1'), signed('b', '1'), signed('c', '1')]);
    await expect(media.retain([signed('b', '9')])).resolves.toBe(2);
    expect([...cache.entries.keys()]).toEqual(['https://store.example/media/audio/b.mp3']);
  });

  it('failed downloads are reported, not stored, and tried again next time', async () => {
    let online = false;
    const { cache, media, fetch } = setup(async (url) => {
      if (!online) throw new TypeError('Failed to fetch');
      return url.includes('/gone') ? new Response('', { status: 404 }) : new Response('mp3', { status: 200 });
    });
    const first = await media.ensure([signed('a', '1')]);
    expect(first).toEqual({ cached: [], failed: [signed('a', '1')] });
    online = true;
    const second = await media.ensure([signed('a', '2'), signed('gone', '1')]);
    expect(second.cached).toEqual(['https://store.example/media/audio/a.mp3']);
    expect(second.failed).toEqual([signed('gone', '1')]);
    expect(cache.entries.size).toBe(1);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('two ensure calls at once fetch an object once', async () => {
    const { media, fetch } = setup();
    await Promise.all([media.ensure([signed('a', '1')]), media.ensure([signed('a', '2')])]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('lists the audio of the queue and the pending announcements', () => {
    const queue = {
      items: [
        { type: 'MUSIC', musicId: 'm', title: 'm', durationSeconds: 1, libraryId: null, audioUrl: '/media/m.mp3' },
        { type: 'COMMERCIAL', commercialId: 'c', title: 'c', durationSeconds: 1, audioUrl: '/media/c.mp3', duckMusic: true },
      ],
    } as StoreQueue;
    const pending = [{ dispatchId: 'd', announcementId: 'a', title: 't', audioUrl: '/media/a.mp3', isEmergency: false }];
    expect(mediaUrlsOf(queue, pending)).toEqual(['/media/m.mp3', '/media/c.mp3', '/media/a.mp3']);
  });
});
