// Hours without a signal (HQ offline-hours view): every report records the UTC hour its store
// signalled in; a window of whole hours then counts, per store, the hours with a signal and the
// hours the store existed through without one.

export const HOUR_MS = 3600_000;
export const OFFLINE_HOURS_DAYS = { min: 1, max: 31, default: 7 } as const;

/** The start of the UTC hour an instant falls in. */
export const hourStart = (at: Date): Date => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/** The first whole hour starting at or after an instant. */
const nextHourStart = (at: Date): Date => new Date(Math.ceil(at.getTime() / HOUR_MS) * HOUR_MS);

/** Half-open [from, to) of whole hours; `hours` of them. */
export interface HourWindow {
  from: Date;
  to: Date;
  hours: number;
}

/**
 * The last `days` × 24 whole hours before the hour in progress: that hour is left out, since a
 * store may still signal in it.
 */
export const hourWindow = (now: Date, days: number): HourWindow => {
  const to = hourStart(now);
  const hours = days * 24;
  return { from: new Date(to.getTime() - hours * HOUR_MS), to, hours };
};

/**
 * Where a store's offline hours start counting: the window start, or the first whole hour after
 * the store was registered when that is later (an hour it existed only in part is not held
 * against it); the window start when the creation time is unknown. Never after the window end.
 */
export const countedFrom = (window: HourWindow, createdAt: Date | null): Date => {
  if (!createdAt) return window.from;
  const first = nextHourStart(createdAt);
  if (first <= window.from) return window.from;
  return first < window.to ? first : window.to;
};

/** Hours from countedFrom to the window end with no signal: `signalledSince` of them had one. */
export const offlineHours = (window: HourWindow, from: Date, signalledSince: number): number =>
  Math.max(0, Math.round((window.to.getTime() - from.getTime()) / HOUR_MS) - signalledSince);
