import { DateTime } from 'luxon';

/** Stores live in Korea: "today" windows are KST days (ARCHITECTURE § Data). */
export const KST = 'Asia/Seoul';

/** [start, end) of the KST day containing `at`. */
export const kstDayWindow = (at: Date): { start: Date; end: Date } => {
  const start = DateTime.fromJSDate(at, { zone: KST }).startOf('day');
  return { start: start.toJSDate(), end: start.plus({ days: 1 }).toJSDate() };
};

/** YYYY-MM-DD of `at` in KST. */
export const kstDate = (at: Date): string => DateTime.fromJSDate(at, { zone: KST }).toISODate()!;

/** [start, end) of a KST calendar date "YYYY-MM-DD"; undefined when it is not a real date. */
export const kstDateWindow = (date: string): { start: Date; end: Date } | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const start = DateTime.fromISO(date, { zone: KST }).startOf('day');
  if (!start.isValid || start.toISODate() !== date) return undefined;
  return { start: start.toJSDate(), end: start.plus({ days: 1 }).toJSDate() };
};
