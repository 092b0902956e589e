// The service worker (vite-plugin-pwa injectManifest: built from this file, with the app shell's
// list put where self.__WB_MANIFEST stands). It keeps the player running when the store's network
// drops: the app shell from the precache, /media from the cache the page fills (media-cache.ts).
// /api is never answered here: stale API answers would be worse than a clear network error.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { createPartialResponse } from 'workbox-range-requests';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { MEDIA_CACHE_NAME, mediaKey } from '../player/media-cache';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

// Control at once, so the very first visit of /player is already covered when the network drops.
void self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** The client-side routes: a navigation to any of them offline gets the app shell. */
const APP_ROUTES = ['player', 'hq', 'admin', 'login', 'setup', 'reset-password', 'email-change'];
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    allowlist: APP_ROUTES.map((route) => new RegExp(`^/${route}(?:[/?]|$)`)),
  }),
);

/**
 * /media from the page's cache, matched without the presigned query, a Range request sliced out
 * of the cached full body (media elements ask for ranges); anything not held goes to the network
 * untouched and is not stored: what to keep is the page's decision.
 */
const answerMedia = async ({ request }: { request: Request }): Promise<Response> => {
  try {
    const cache = await self.caches.open(MEDIA_CACHE_NAME);
    const cached = await cache.match(mediaKey(request.url, self.location.href), { ignoreVary: true });
    if (cached) return request.headers.has('range') ? await createPartialResponse(request, cached) : cached;
  } catch {
    // A broken cache must not make media unplayable while the network is up.
  }
  return fetch(request);
};

registerRoute(({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/media/'), answerMedia);
