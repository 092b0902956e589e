/**
 * The occurrences a recurring dispatch schedule will create, as the server expands them
 * (services/announcement-dispatch/src/domain/schedule.ts, spec 03 § Announcements): DAILY and
 * WEEKLY play at fixed KST times of day, HOURLY / EVEN_HOURS / ODD_HOURS every (even, odd) hour
 * from startHour to endHour inclusive at a fixed minute; every start time is on a 5-minute grid and
 * the schedule runs from startDate to endDate inclusive (KST dates). Korea keeps UTC+9 all year
 * (no daylight saving), so KST is a fixed offset here where the server uses luxon's Asia/Seoul.
 */

export const FREQUENCIES = ['DAILY', 'WEEKLY', 'HOURLY', 'EVEN_HOURS', 'ODD_HOURS'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface ScheduleRule {
  frequency: Frequency;
  /** DAILY / WEEKLY: "HH:mm" KST times of day. */
  times: readonly string[];
  /** WEEKLY: days of the week. */
  daysOfWeek: readonly Weekday[];
  /** Hour-based cycles: operating hours (inclusive, KST) and the minute of each hour. */
  startHour: number | null;
  endHour: number | null;
  minute: number | null;
  /** KST dates YYYY-MM-DD, inclusive. */
  startDate: string;
  endDate: string;
}

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The server materializes no further than this (a schedule ends within one year); guards the loops. */
const MAX_DAYS = 400;

export const isOnFiveMinuteGrid = (minute: number): boolean => Number.isInteger(minute) && minute >= 0 && minute < 60 && minute % 5 === 0;

/** "HH:mm" on the 5-minute grid, as the server parses it; undefined otherwise. */
export const parseTimeOfDay = (value: string): { hour: number; minute: number } | undefined => {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!m) return undefined;
  const minute = Number(m[2]);
  return isOnFiveMinuteGrid(minute) ? { hour: Number(m[1]), minute } : undefined;
};

/** Every start time of a day on the 5-minute grid: "00:00", "00:05", … "23:55". */
export const gridTimes = (): string[] =>
  Array.from({ length: 288 }, (_, i) => `${String(Math.floor(i / 12)).padStart(2, '0')}:${String((i % 12) * 5).padStart(2, '0')}`);

/** The instant a KST calendar date starts; undefined when it is not a real date. */
export const kstDayStart = (date: string): number | undefined => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = Date.UTC(y, mo - 1, d);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return undefined;
  return utc - KST_OFFSET_MS;
};

/** YYYY-MM-DD of an instant in KST. */
export const kstDate = (at: Date | number): string => new Date((typeof at === 'number' ? at : at.getTime()) + KST_OFFSET_MS).toISOString().slice(0, 10);

/** A KST date plus whole days or years (a 29 February plus a year is the 28th, as luxon counts). */
export const addKstDays = (date: string, days: number): string => kstDate((kstDayStart(date) ?? NaN) + days * DAY_MS);
export const addKstYears = (date: string, years: number): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(y + years, m, 0)).getUTCDate();
  return `${String(y + years).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastOfMonth)).padStart(2, '0')}`;
};

const startOfKstDay = (ms: number): number => kstDayStart(kstDate(ms))!;

/** The weekday of the KST day starting at `dayStart`. */
const weekdayOf = (dayStart: number): Weekday => WEEKDAYS[(new Date(dayStart + KST_OFFSET_MS).getUTCDay() + 6) % 7]!;

const hoursOf = (rule: ScheduleRule): number[] => {
  const hours: number[] = [];
  for (let h = rule.startHour ?? 0; h <= (rule.endHour ?? -1); h++) {
    if (rule.frequency === 'EVEN_HOURS' && h % 2 !== 0) continue;
    if (rule.frequency === 'ODD_HOURS' && h % 2 !== 1) continue;
    hours.push(h);
  }
  return hours;
};

/** Start times (hour, minute) of one KST day under the rule, ascending. */
const timesOfDay = (rule: ScheduleRule, dayStart: number): Array<{ hour: number; minute: number }> => {
  if (rule.frequency === 'DAILY' || rule.frequency === 'WEEKLY') {
    if (rule.frequency === 'WEEKLY' && !rule.daysOfWeek.includes(weekdayOf(dayStart))) return [];
    return rule.times
      .map(parseTimeOfDay)
      .filter((t): t is { hour: number; minute: number } => t !== undefined)
      .sort((a, b) => a.hour - b.hour || a.minute - b.minute);
  }
  return hoursOf(rule).map((hour) => ({ hour, minute: rule.minute ?? 0 }));
};

/**
 * Occurrence instants in (after, until], ascending and distinct, within the rule's date range;
 * at most `limit` of them (the first ones). The server's occurrencesBetween without the limit.
 */
export const occurrencesBetween = (rule: ScheduleRule, after: Date, until: Date, limit = Infinity): Date[] => {
  const first = kstDayStart(rule.startDate);
  const last = kstDayStart(rule.endDate);
  if (first === undefined || last === undefined || limit <= 0) return [];
  let day = Math.max(first, startOfKstDay(after.getTime()));
  const lastDay = Math.min(last, startOfKstDay(until.getTime()));
  const out = new Set<number>();
  for (let n = 0; day <= lastDay && n < MAX_DAYS; n++) {
    for (const t of timesOfDay(rule, day)) {
      const at = day + t.hour * 3_600_000 + t.minute * 60_000;
      if (at > after.getTime() && at <= until.getTime()) out.add(at);
    }
    if (out.size >= limit) break;
    day += DAY_MS;
  }
  return [...out].sort((a, b) => a - b).slice(0, limit).map((ms) => new Date(ms));
};

/** The instant after which the rule yields nothing more (the end of its last KST day). */
export const scheduleEndsAt = (rule: Pick<ScheduleRule, 'endDate'>): Date => new Date((kstDayStart(rule.endDate) ?? NaN) + DAY_MS);

/** What a schedule created at `now` will play: the first `limit` occurrences and how many there are in all. */
export const nextOccurrences = (rule: ScheduleRule, now: Date, limit: number): { next: Date[]; total: number } => {
  const all = occurrencesBetween(rule, now, scheduleEndsAt(rule));
  return { next: all.slice(0, limit), total: all.length };
};

export type ScheduleField = 'startDate' | 'endDate' | 'times' | 'daysOfWeek' | 'startHour' | 'endHour' | 'minute';
export type ScheduleProblemCode = 'INVALID_DATE' | 'END_BEFORE_START' | 'END_IN_PAST' | 'END_TOO_FAR' | 'TIMES_REQUIRED' | 'TIME_OFF_GRID' | 'DAYS_REQUIRED' | 'HOUR_REQUIRED' | 'END_HOUR_BEFORE_START' | 'MINUTE_OFF_GRID';

/** What makes a rule unusable, as the server's scheduleProblems judges it (`today` is the KST date). */
export const scheduleProblems = (rule: ScheduleRule, today: string): Array<{ field: ScheduleField; code: ScheduleProblemCode }> => {
  const problems: Array<{ field: ScheduleField; code: ScheduleProblemCode }> = [];
  const start = kstDayStart(rule.startDate);
  const end = kstDayStart(rule.endDate);
  if (start === undefined) problems.push({ field: 'startDate', code: 'INVALID_DATE' });
  if (end === undefined) problems.push({ field: 'endDate', code: 'INVALID_DATE' });
  if (start !== undefined && end !== undefined) {
    if (end < start) problems.push({ field: 'endDate', code: 'END_BEFORE_START' });
    if (rule.endDate < today) problems.push({ field: 'endDate', code: 'END_IN_PAST' });
    if (rule.endDate > addKstYears(today, 1)) problems.push({ field: 'endDate', code: 'END_TOO_FAR' });
  }
  if (rule.frequency === 'DAILY' || rule.frequency === 'WEEKLY') {
    if (rule.times.length === 0) problems.push({ field: 'times', code: 'TIMES_REQUIRED' });
    if (rule.times.some((t) => !parseTimeOfDay(t))) problems.push({ field: 'times', code: 'TIME_OFF_GRID' });
    if (rule.frequency === 'WEEKLY' && rule.daysOfWeek.length === 0) problems.push({ field: 'daysOfWeek', code: 'DAYS_REQUIRED' });
  } else {
    if (rule.startHour === null) problems.push({ field: 'startHour', code: 'HOUR_REQUIRED' });
    if (rule.endHour === null) problems.push({ field: 'endHour', code: 'HOUR_REQUIRED' });
    if (rule.startHour !== null && rule.endHour !== null && rule.endHour < rule.startHour) problems.push({ field: 'endHour', code: 'END_HOUR_BEFORE_START' });
    if (rule.minute === null || !isOnFiveMinuteGrid(rule.minute)) problems.push({ field: 'minute', code: 'MINUTE_OFF_GRID' });
  }
  return problems;
};
