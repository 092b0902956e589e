// Calendar days of stores are KST (Asia/Seoul, UTC+9, no daylight saving time): a play's daily
// total, the log filters' date range and the summary periods are counted in KST days.

const KST_OFFSET_MS = 9 * 3600_000;
const DAY_MS = 24 * 3600_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A KST calendar day, YYYY-MM-DD. */
export type KstDay = string;

const dayNames = new Map<number, KstDay>();

/** The KST day an instant falls in (day names are reused: a report's 200 logs share a few days). */
export const kstDay = (at: Date): KstDay => {
  const n = Math.floor((at.getTime() + KST_OFFSET_MS) / DAY_MS);
  let name = dayNames.get(n);
  if (name === undefined) {
    name = new Date(n * DAY_MS).toISOString().slice(0, 10);
    if (dayNames.size > 10_000) dayNames.clear();
    dayNames.set(n, name);
  }
  return name;
};

/** Whether a string is a real calendar day in YYYY-MM-DD form (2026-02-30 is not). */
export const isKstDay = (value: string): boolean => {
  const m = DAY.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
};

const pad2 = (n: number) => String(n).padStart(2, '0');
/**
 * The day of a UTC midnight. A year past 9999 is written in full, as PostgreSQL writes a date (the
 * week of 9999-12-31 ends on 10000-01-02), never in ISO's expanded form (+010000-01-02), which
 * PostgreSQL refuses.
 */
const dayName = (ms: number): KstDay => {
  const d = new Date(ms);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`;
};

/** 00:00 UTC of a day's date, from its parts (a year of five digits too; years 0–99 are not 1900's). */
const utcMidnight = (day: KstDay) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(0).setUTCFullYear(y, m - 1, d);
};

/** The first instant (UTC) of a KST day: 00:00 KST is 15:00 UTC of the day before. */
export const kstDayStart = (day: KstDay): Date => new Date(utcMidnight(day) - KST_OFFSET_MS);

/** The day n days after (or before, n < 0). */
export const addDays = (day: KstDay, n: number): KstDay => dayName(utcMidnight(day) + n * DAY_MS);

/** Half-open UTC instant range [start, end) of the KST days from..to (inclusive). */
export const kstRange = (from: KstDay, to: KstDay): { start: Date; end: Date } => ({ start: kstDayStart(from), end: kstDayStart(addDays(to, 1)) });

export interface DayPeriod {
  from: KstDay;
  to: KstDay;
}

/** The week (Monday to Sunday, ISO 8601) a day belongs to. */
export const weekOf = (day: KstDay): DayPeriod => {
  const weekday = new Date(utcMidnight(day)).getUTCDay(); // 0 = Sunday
  const from = addDays(day, -((weekday + 6) % 7));
  return { from, to: addDays(from, 6) };
};

/** The calendar month a day belongs to. */
export const monthOf = (day: KstDay): DayPeriod => {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const from = `${day.slice(0, 7)}-01`;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from, to: `${day.slice(0, 7)}-${String(last).padStart(2, '0')}` };
};
