import { useSyncExternalStore } from 'react';

/**
 * When this browser last looked at the operator's replies: the latestOperatorReplyAt of the unread
 * signal as it stood when the manager opened a ticket, kept in local storage.
 */
const STORAGE_KEY = 'storecast.storeTickets.lastSeenReplyAt';
const listeners = new Set<() => void>();

const read = (): string | null => {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
};

/** Whether `latest` (a server instant) is newer than `seen`. */
export const isNewer = (latest: string | null | undefined, seen: string | null | undefined): boolean => {
  if (!latest) return false;
  const latestMs = Date.parse(latest);
  if (!Number.isFinite(latestMs)) return false;
  const seenMs = seen ? Date.parse(seen) : Number.NaN;
  return !Number.isFinite(seenMs) || latestMs > seenMs;
};

/** Records `at` as seen, unless something later was already seen. */
export const markRepliesSeen = (at: string | null | undefined): void => {
  if (!at || !isNewer(at, read())) return;
  try {
    localStorage.setItem(STORAGE_KEY, at);
  } catch {
    // Storage full or blocked: the badge just stays.
  }
  for (const listener of listeners) listener();
};

export const useLastSeenReplyAt = (): string | null =>
  useSyncExternalStore((onChange) => {
    listeners.add(onChange);
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) onChange();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(onChange);
      window.removeEventListener('storage', onStorage);
    };
  }, read);
