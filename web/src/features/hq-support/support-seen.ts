import { useSyncExternalStore } from 'react';
import { isNewer } from '../store-tickets/last-seen';

/**
 * What this browser has seen of the support tickets, kept in local storage: for each ticket the
 * updatedAt it had when last opened, and the stores' latest activity (the unread signal's
 * latestStoreActivityAt) when the store tickets were last listed. Anything later is "new".
 */
export interface SupportSeen {
  storeActivityAt: string | null;
  tickets: Record<string, string>;
}

const STORAGE_KEY = 'storecast.hqSupport.seen';
/** Enough for any HQ's open work; the oldest entries go first. */
export const SEEN_TICKETS_MAX = 500;
const EMPTY: SupportSeen = { storeActivityAt: null, tickets: {} };
const listeners = new Set<() => void>();

let cachedRaw: string | null = null;
let cached: SupportSeen = EMPTY;

/** Parses what was stored, tolerating anything (another version, a hand edit). */
export const parseSeen = (raw: string | null): SupportSeen => {
  if (!raw) return EMPTY;
  try {
    const value = JSON.parse(raw) as Partial<SupportSeen>;
    const tickets = value.tickets && typeof value.tickets === 'object' ? Object.fromEntries(Object.entries(value.tickets).filter(([, v]) => typeof v === 'string')) : {};
    return { storeActivityAt: typeof value.storeActivityAt === 'string' ? value.storeActivityAt : null, tickets };
  } catch {
    return EMPTY;
  }
};

/** A ticket seen as of `updatedAt` (never moving backwards), the map kept to `max` entries. */
export const withTicketSeen = (seen: SupportSeen, id: string, updatedAt: string, max = SEEN_TICKETS_MAX): SupportSeen => {
  if (!isNewer(updatedAt, seen.tickets[id])) return seen;
  const { [id]: _previous, ...others } = seen.tickets;
  const entries = Object.entries(others);
  const kept = entries.slice(Math.max(0, entries.length - (max - 1)));
  return { ...seen, tickets: { ...Object.fromEntries(kept), [id]: updatedAt } };
};

/** Whether the ticket changed since this browser last opened it (never opened: new). */
export const isTicketNew = (seen: SupportSeen, ticket: { id: string; updatedAt: string }): boolean => isNewer(ticket.updatedAt, seen.tickets[ticket.id]);

const readRaw = (): string | null => {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
};

export const readSeen = (): SupportSeen => {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseSeen(raw);
  }
  return cached;
};

const write = (next: SupportSeen) => {
  if (next === readSeen()) return;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: things just stay marked new.
  }
  for (const listener of listeners) listener();
};

export const markTicketSeen = (id: string, updatedAt: string): void => write(withTicketSeen(readSeen(), id, updatedAt));

export const markStoreActivitySeen = (at: string | null | undefined): void => {
  const seen = readSeen();
  if (at && isNewer(at, seen.storeActivityAt)) write({ ...seen, storeActivityAt: at });
};

export const useSupportSeen = (): SupportSeen =>
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
  }, readSeen);
