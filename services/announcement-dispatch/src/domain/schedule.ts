import { DateTime } from 'luxon';
import { KST } from './kst';

/**
 * Recurring dispatch schedules (spec 03 § Announcements): DAILY and WEEKLY play at fixed KST times
 * of day; HOURLY, EVEN_HOURS and ODD_HOURS play every (even, odd) hour from startHour to endHour
 * inclusive at a fixed minute. Every start time is on a 5-minute grid; the schedule runs from
 * startDate to endDate inclusive (KST dates). Occurrences are expanded with luxon in Asia/Seoul.
 */
export const FREQUENCIES = ['DAILY', 'WEEKLY', 'HOURLY', 'EVEN_HOURS', 'ODD_HOURS'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface ScheduleRule {
  frequency: Frequency;
  /** DAILY / WEEKLY: "HH:mm" times of day. */
  times: string[];
  /** WEEKLY: days of the week. */
  daysOfWeek: Weekday[];
  /** Hour-based cycles: operating hours (inclusive) and the minute of each hour. */
  startHour: number | null;
  endHour: number | null;
  minute: number | null;
  /** KST dates, inclusive. */
  startDate: string;
  endDate: string;
}

export const isOnFiveMinuteGrid = (minute: number) => Number.isInteger(minute) && minute >= 0 && minute < 60 && minute % 5 === 0;

/** "HH:mm" on the 5-minute grid. */
export const parseTimeOfDay = (value: string): { hour: number; minute: number } | undefined => {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!m) return undefined;
  const minute = Number(m[2]);
  return isOnFiveMinuteGrid(minute) ? { hour: Number(m[1]), minute } : undefined;
};

export type ScheduleProblem = { field: string; message: string };

/** What makes a rule unusable (the route reports each as a validation detail). */
export const scheduleProblems = (rule: ScheduleRule, today: string): ScheduleProblem[] => {
  const problems: ScheduleProblem[] = [];
  const start = DateTime.fromISO(rule.startDate, { zone: KST });
  const end = DateTime.fromISO(rule.endDate, { zone: KST });
  if (!start.isValid) problems.push({ field: 'startDate', message: 'must be a date YYYY-MM-DD' });
  if (!end.isValid) problems.push({ field: 'endDate', message: 'must be a date YYYY-MM-DD' });
  if (start.isValid && end.isValid) {
    if (end < start) problems.push({ field: 'endDate', message: 'must not be before startDate' });
    if (rule.endDate < today) problems.push({ field: 'endDate', message: 'must not be in the past' });
    if (end > DateTime.fromISO(today, { zone: KST }).plus({ years: 1 })) problems.push({ field: 'endDate', message: 'must be within one year' });
  }
  if (rule.frequency === 'DAILY' || rule.frequency === 'WEEKLY') {
    if (rule.times.length === 0) problems.push({ field: 'times', message: 'at least one time is required' });
    rule.times.forEach((t, i) => {
      if (!parseTimeOfDay(t)) problems.push({ field: `times.${i}`, message: 'must be HH:mm on a 5-minute grid' });
    });
    if (rule.frequency === 'WEEKLY' && rule.daysOfWeek.length === 0) problems.push({ field: 'daysOfWeek', message: 'at least one day is required for WEEKLY' });
  } else {
    if (rule.startHour === null) problems.push({ field: 'startHour', message: 'required for hour-based cycles' });
    if (rule.endHour === null) problems.push({ field: 'endHour', message: 'required for hour-based cycles' });
    if (rule.startHour !== null && rule.endHour !== null && rule.endHour < rule.startHour) problems.push({ field: 'endHour', message: 'must not be before startHour' });
    if (rule.minute === null || !isOnFiveMinuteGrid(rule.minute)) problems.push({ field: 'minute', message: 'must be 0..55 in steps of 5' });
  }
  return problems;
};

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
const timesOfDay = (rule: ScheduleRule, day: DateTime): Array<{ hour: number; minute: number }> => {
  if (rule.frequency === 'DAILY' || rule.frequency === 'WEEKLY') {
    if (rule.frequency === 'WEEKLY' && !rule.daysOfWeek.includes(WEEKDAYS[day.weekday - 1]!)) return [];
    return rule.times
      .map(parseTimeOfDay)
      .filter((t): t is { hour: number; minute: number } => t !== undefined)
      .sort((a, b) => a.hour - b.hour || a.minute - b.minute);
  }
  return hoursOf(rule).map((hour) => ({ hour, minute: rule.minute ?? 0 }));
};

/** Occurrence instants in (after, until], ascending and distinct, within the rule's date range. */
export const occurrencesBetween = (rule: ScheduleRule, after: Date, until: Date): Date[] => {
  const first = DateTime.fromISO(rule.startDate, { zone: KST }).startOf('day');
  const last = DateTime.fromISO(rule.endDate, { zone: KST }).startOf('day');
  let day = DateTime.max(first, DateTime.fromJSDate(after, { zone: KST }).startOf('day'));
  const lastDay = DateTime.min(last, DateTime.fromJSDate(until, { zone: KST }).startOf('day'));
  const out = new Set<number>();
  while (day <= lastDay) {
    for (const t of timesOfDay(rule, day)) {
      const at = day.set({ hour: t.hour, minute: t.minute, second: 0, millisecond: 0 }).toMillis();
      if (at > after.getTime() && at <= until.getTime()) out.add(at);
    }
    day = day.plus({ days: 1 });
  }
  return [...out].sort((a, b) => a - b).map((ms) => new Date(ms));
};

/** The instant after which the rule yields nothing more (end of its last KST day). */
export const scheduleEndsAt = (rule: Pick<ScheduleRule, 'endDate'>): Date =>
  DateTime.fromISO(rule.endDate, { zone: KST }).startOf('day').plus({ days: 1 }).toJSDate();

/**
 * A schedule that lost a store of its list (the store was purged): an ACTIVE STORES schedule left
 * with no store at all has nothing to play to any more and ends (ENDED, like a schedule past its
 * end date). It must never stay ACTIVE with an empty list: its occurrences ask organization for
 * the stores of an empty id list, which organization answers with every store of the HQ. A schedule
 * with stores left, or already CANCELED or ENDED, keeps its status.
 */
export const endsWithoutStores = (schedule: { target: string; status: string; storeIds: readonly string[] }): boolean =>
  schedule.target === 'STORES' && schedule.status === 'ACTIVE' && schedule.storeIds.length === 0;
