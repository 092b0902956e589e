// Played time of logs and totals as people read it.

/** Played time in hours with one decimal (the chart's unit when it shows time). */
export const hoursOf = (ms: number): number => Math.round(ms / 360_000) / 10;

/** Played time as whole hours and minutes, for the table. */
export const splitDuration = (ms: number): { hours: number; minutes: number } => {
  const minutes = Math.round(ms / 60_000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
};

/** One play's length as m:ss (h:mm:ss from an hour on). */
export const clockOf = (ms: number): string => {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
};
