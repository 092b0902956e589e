// The audio the player needs offline, in Cache Storage where the service worker answers /media
// requests from (src/sw/service-worker.ts). The page decides what is kept: the current queue's
// audio and every pending announcement's; the service worker never caches on its own.
//
// audioUrls are presigned: their X-Amz-* query changes on every read while the path
// (/media/<bucket>/<key>) names the object, so entries are keyed by the URL without its query.
import type { PendingAnnouncement, StoreQueue } from './ports';

/** Shared with the service worker, which reads the same cache. */
export const MEDIA_CACHE_NAME = 'storecast-media-v1';

export interface MediaCacheOptions {
  caches?: CacheStorage;
  fetch?: typeof fetch;
  /** Downloads at once; two keep the playing track's own requests from starving. */
  concurrency?: number;
  cacheName?: string;
  /** Base for relative audioUrls (the page's location). */
  baseUrl?: string;
}

export interface EnsureResult {
  /** Keys already held or stored now. */
  cached: string[];
  /** URLs whose download failed (network, not 200): tried again on the next ensure. */
  failed: string[];
}

/** The cache key of a media URL: absolute, without query and fragment. */
export const mediaKey = (url: string, baseUrl?: string): string => {
  const u = new URL(url, baseUrl ?? globalThis.location?.href ?? 'http://localhost/');
  u.search = '';
  u.hash = '';
  return u.href;
};

/** Every audio the player may play from this queue and this pending list. */
export const mediaUrlsOf = (queue: StoreQueue | null, pending: readonly PendingAnnouncement[] = []): string[] => [
  ...(queue?.items.map((item) => item.audioUrl) ?? []),
  ...pending.map((item) => item.audioUrl),
];

export class MediaCache {
  private readonly caches: CacheStorage;
  private readonly fetchFn: typeof fetch;
  private readonly concurrency: number;
  private readonly cacheName: string;
  private readonly baseUrl: string | undefined;
  /** Downloads under way by key, so two ensure calls never fetch the same object twice. */
  private readonly inflight = new Map<string, Promise<boolean>>();

  constructor(options: MediaCacheOptions = {}) {
    this.caches = options.caches ?? globalThis.caches;
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.concurrency = Math.max(1, options.concurrency ?? 2);
    this.cacheName = options.cacheName ?? MEDIA_CACHE_NAME;
    this.baseUrl = options.baseUrl;
  }

  keyOf(url: string): string {
    return mediaKey(url, this.baseUrl);
  }

  /** Whether this media is held (the play log's cacheHit). */
  async has(url: string): Promise<boolean> {
    const cache = await this.caches.open(this.cacheName);
    return (await cache.match(this.keyOf(url))) !== undefined;
  }

  /** Downloads into the cache what is not held yet, two at a time; never rejects. */
  async ensure(urls: readonly string[]): Promise<EnsureResult> {
    const cache = await this.caches.open(this.cacheName);
    // One URL per key: the presigned query of the latest read is as good as any.
    const byKey = new Map<string, string>();
    for (const url of urls) byKey.set(this.keyOf(url), url);
    const work = [...byKey.entries()];
    const cached: string[] = [];
    const failed: string[] = [];
    const worker = async () => {
      for (let next = work.shift(); next; next = work.shift()) {
        const [key, url] = next;
        if (await this.store(cache, key, url)) cached.push(key);
        else failed.push(url);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, work.length) }, worker));
    return { cached, failed };
  }

  /** Deletes every entry not wanted any more; answers how many went. */
  async retain(urls: readonly string[]): Promise<number> {
    const cache = await this.caches.open(this.cacheName);
    const wanted = new Set(urls.map((url) => this.keyOf(url)));
    let removed = 0;
    for (const request of await cache.keys()) {
      const key = this.keyOf(request.url);
      // A download under way was asked for a moment ago: it is someone's wanted media.
      if (wanted.has(key) || this.inflight.has(key)) continue;
      if (await cache.delete(request)) removed++;
    }
    return removed;
  }

  /** What the page calls on every queue or pending list change: drop the rest, fetch the missing. */
  async sync(urls: readonly string[]): Promise<EnsureResult> {
    await this.retain(urls);
    return this.ensure(urls);
  }

  private store(cache: Cache, key: string, url: string): Promise<boolean> {
    const running = this.inflight.get(key);
    if (running) return running;
    const task = (async () => {
      try {
        if ((await cache.match(key)) !== undefined) return true;
        // The full object (no Range), which the service worker slices for the media element.
        const response = await this.fetchFn(url, { credentials: 'same-origin' });
        if (response.status !== 200) return false;
        await cache.put(key, response);
        return true;
      } catch {
        // Offline or quota: the next ensure tries again; playback falls back to the network.
        return false;
      } finally {
        this.inflight.delete(key);
      }
    })();
    this.inflight.set(key, task);
    return task;
  }
}
