import { describe, expect, it } from 'vitest';
import { addKstYears, gridTimes, kstDate, nextOccurrences, occurrencesBetween, parseTimeOfDay, scheduleEndsAt, scheduleProblems, type ScheduleRule } from './next-occurrences';

const rule = (over: Partial<ScheduleRule>): ScheduleRule => ({
  frequency: 'DAILY',
  times: [],
  daysOfWeek: [],
  startHour: null,
  endHour: null,
  minute: null,
  startDate: '2026-03-09',
  endDate: '2026-03-15',
  ...over,
});
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
/** 2026-03-10 10:00 KST (a Tuesday) = 01:00 UTC. */
const NOW = new Date('2026-03-10T01:00:00.000Z');

describe('next occurrences of a recurring schedule (KST, as the server expands them)', () => {
  it('DAILY: each time of each day from now to the end date, times sorted, in KST', () => {
    const { next, total } = nextOccurrences(rule({ times: ['18:30', '09:00'] }), NOW, 4);
    // 10 March 09:00 KST has passed; 18:30 KST = 09:30 UTC.
    expect(iso(next)).toEqual(['2026-03-10T09:30:00.000Z', '2026-03-11T00:00:00.000Z', '2026-03-11T09:30:00.000Z', '2026-03-12T00:00:00.000Z']);
    expect(total).toBe(11); // 18:30 today, then two a day for the 11th to the 15th
  });

  it('an occurrence exactly at now is not created again (after < at)', () => {
    expect(iso(nextOccurrences(rule({ times: ['10:00'] }), NOW, 1).next)).toEqual(['2026-03-11T01:00:00.000Z']);
  });

  it('WEEKLY: only the chosen weekdays (KST calendar, Monday first)', () => {
    const { next, total } = nextOccurrences(rule({ frequency: 'WEEKLY', times: ['08:00'], daysOfWeek: ['MON', 'FRI', 'SUN'], endDate: '2026-03-23' }), NOW, 10);
    // Fri 13th, Sun 15th, Mon 16th, Fri 20th, Sun 22nd, Mon 23rd at 08:00 KST (23:00 UTC the day before).
    expect(iso(next)).toEqual([
      '2026-03-12T23:00:00.000Z',
      '2026-03-14T23:00:00.000Z',
      '2026-03-15T23:00:00.000Z',
      '2026-03-19T23:00:00.000Z',
      '2026-03-21T23:00:00.000Z',
      '2026-03-22T23:00:00.000Z',
    ]);
    expect(total).toBe(6);
  });

  it('HOURLY: every hour of the operating hours, inclusive, at the minute', () => {
    const { next } = nextOccurrences(rule({ frequency: 'HOURLY', startHour: 9, endHour: 11, minute: 15 }), NOW, 5);
    expect(iso(next)).toEqual(['2026-03-10T01:15:00.000Z', '2026-03-10T02:15:00.000Z', '2026-03-11T00:15:00.000Z', '2026-03-11T01:15:00.000Z', '2026-03-11T02:15:00.000Z']);
  });

  it('EVEN_HOURS and ODD_HOURS: the even or odd hours of the operating hours', () => {
    const even = nextOccurrences(rule({ frequency: 'EVEN_HOURS', startHour: 9, endHour: 14, minute: 0 }), NOW, 3).next;
    const odd = nextOccurrences(rule({ frequency: 'ODD_HOURS', startHour: 9, endHour: 14, minute: 0 }), NOW, 3).next;
    expect(even.map((d) => (d.getUTCHours() + 9) % 24)).toEqual([12, 14, 10]);
    expect(odd.map((d) => (d.getUTCHours() + 9) % 24)).toEqual([11, 13, 9]);
  });

  it('nothing before the start date, nothing after the end date (its KST day included)', () => {
    const r = rule({ times: ['23:55'], startDate: '2026-03-12', endDate: '2026-03-13' });
    expect(iso(occurrencesBetween(r, NOW, new Date('2026-04-01T00:00:00Z')))).toEqual(['2026-03-12T14:55:00.000Z', '2026-03-13T14:55:00.000Z']);
    expect(scheduleEndsAt(r).toISOString()).toBe('2026-03-13T15:00:00.000Z');
  });

  it('a schedule already past its end date has no occurrences', () => {
    expect(nextOccurrences(rule({ times: ['09:00'], startDate: '2026-03-01', endDate: '2026-03-09' }), NOW, 5)).toEqual({ next: [], total: 0 });
  });

  it('times off the 5-minute grid are ignored, as the server parses them', () => {
    expect(parseTimeOfDay('09:05')).toEqual({ hour: 9, minute: 5 });
    expect(parseTimeOfDay('09:07')).toBeUndefined();
    expect(parseTimeOfDay('24:00')).toBeUndefined();
    expect(nextOccurrences(rule({ times: ['11:07', '11:10'], endDate: '2026-03-10' }), NOW, 5).next.map(kstDate)).toEqual(['2026-03-10']);
    expect(gridTimes()).toHaveLength(288);
    expect(gridTimes().slice(0, 3)).toEqual(['00:00', '00:05', '00:10']);
  });

  it('the KST day of a late UTC evening is the next calendar day', () => {
    expect(kstDate(new Date('2026-03-10T15:00:00Z'))).toBe('2026-03-11');
    expect(kstDate(new Date('2026-03-10T14:59:59Z'))).toBe('2026-03-10');
  });
});

describe('schedule problems (the server refuses these with INVALID_SCHEDULE)', () => {
  const today = '2026-03-10';

  it('a complete DAILY rule has none', () => {
    expect(scheduleProblems(rule({ times: ['09:00'] }), today)).toEqual([]);
  });

  it('dates: real dates, end not before start, not in the past, within one year', () => {
    expect(scheduleProblems(rule({ times: ['09:00'], startDate: '2026-02-30' }), today)).toContainEqual({ field: 'startDate', code: 'INVALID_DATE' });
    expect(scheduleProblems(rule({ times: ['09:00'], startDate: '2026-03-12', endDate: '2026-03-11' }), today)).toContainEqual({ field: 'endDate', code: 'END_BEFORE_START' });
    expect(scheduleProblems(rule({ times: ['09:00'], startDate: '2026-03-01', endDate: '2026-03-09' }), today)).toContainEqual({ field: 'endDate', code: 'END_IN_PAST' });
    expect(scheduleProblems(rule({ times: ['09:00'], endDate: '2027-03-10' }), today)).toEqual([]);
    expect(scheduleProblems(rule({ times: ['09:00'], endDate: '2027-03-11' }), today)).toContainEqual({ field: 'endDate', code: 'END_TOO_FAR' });
    expect(addKstYears('2028-02-29', 1)).toBe('2029-02-28');
  });

  it('DAILY and WEEKLY need times on the grid; WEEKLY needs days', () => {
    expect(scheduleProblems(rule({}), today)).toEqual([{ field: 'times', code: 'TIMES_REQUIRED' }]);
    expect(scheduleProblems(rule({ times: ['09:02'] }), today)).toEqual([{ field: 'times', code: 'TIME_OFF_GRID' }]);
    expect(scheduleProblems(rule({ frequency: 'WEEKLY', times: ['09:00'] }), today)).toEqual([{ field: 'daysOfWeek', code: 'DAYS_REQUIRED' }]);
  });

  it('hour-based cycles need both hours in order and a minute on the grid', () => {
    expect(scheduleProblems(rule({ frequency: 'HOURLY' }), today).map((p) => p.code)).toEqual(['HOUR_REQUIRED', 'HOUR_REQUIRED', 'MINUTE_OFF_GRID']);
    expect(scheduleProblems(rule({ frequency: 'ODD_HOURS', startHour: 12, endHour: 9, minute: 0 }), today)).toEqual([{ field: 'endHour', code: 'END_HOUR_BEFORE_START' }]);
    expect(scheduleProblems(rule({ frequency: 'EVEN_HOURS', startHour: 9, endHour: 12, minute: 7 }), today)).toEqual([{ field: 'minute', code: 'MINUTE_OFF_GRID' }]);
  });
});
