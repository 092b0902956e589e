import { registerSW } from 'virtual:pwa-register';

/**
 * The service worker keeps the app shell and the player's audio for offline spells. It is
 * registered in production builds only: the dev server serves modules the worker cannot precache.
 */
export const registerServiceWorker = (): void => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  registerSW({ immediate: true });
};
