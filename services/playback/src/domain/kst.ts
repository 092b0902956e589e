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

/**
 * Whether a string is a real calendar day in YYYY-MM-DD form, years 0001–9999 (2026-02-30 is not,
 * nor is year 0000). Read from its parts: Date.UTC would take years 0–99 as 1900–1999.
 */
export const isKstDay = (value: string): boolean => {
  const m = DAY.exec(value);
  if (!m || m[1] === '0000') return false;
  return dayName(utcMidnight(value)) === value;
};

/**
 * No play starts before 0001-01-01T00:00:00Z (a report refuses one), and PostgreSQL reads an
 * instant of year 0 as written here as out of range: a range's start stops there.
 */
const FIRST_INSTANT_MS = new Date('0001-01-01T00:00:00.000Z').getTime();

/** The first instant (UTC) of a KST day: 00:00 KST is 15:00 UTC of the day before (for 0001-01-01, the first instant a play can have). */
export const kstDayStart = (day: KstDay): Date => new Date(Math.max(utcMidnight(day) - KST_OFFSET_MS, FIRST_INSTANT_MS));

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
  // Day 0 of the next month is this month's last (from the parts: year 4 is a leap year, 1904's twin or not).
  const last = new Date(new Date(0).setUTCFullYear(y, m, 0)).getUTCDate();
  return { from, to: `${day.slice(0, 7)}-${String(last).padStart(2, '0')}` };
};
